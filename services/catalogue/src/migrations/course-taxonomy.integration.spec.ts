import { runMigrations } from '@academy/service-core';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { catalogueDatabase } from '../database.js';
import { demoCourses } from '../seed/demo-courses.js';
import { taxonomyFromTitle } from '../courses/taxonomy-from-title.js';
import { CourseTaxonomy1790030000000 } from './1790030000000-course-taxonomy.js';

/** Courses that existed before the taxonomy: every demo title and a few an educator could have written. */
const titles = [
  ...demoCourses.map((course) => course.title),
  'Class 11-12 Physics for CBSE',
  'Classes 9–10 ICSE Hindi Vyakaran',
  'Class 12-11 Biology',
  '100% Attendance Habits',
];

describe('migration CourseTaxonomy1790030000000 (real PostgreSQL)', () => {
  let env: ServiceTestEnvironment;
  let client: DataSource;

  beforeAll(async () => {
    env = await prepareServiceTestEnvironment();
    const before = catalogueDatabase.migrations.slice(0, catalogueDatabase.migrations.indexOf(CourseTaxonomy1790030000000));
    await runMigrations({ ...catalogueDatabase, migrations: before, url: env.database.url });
    client = new DataSource({ type: 'postgres', url: env.database.url });
    await client.initialize();
    for (const [index, title] of titles.entries()) {
      await client.query(
        `INSERT INTO catalogue.courses (title, thumbnail_url, price, discount, educator_id, educator_name, rating_sum, rating_count)
         VALUES ($1, '/t.png', $2, $3, 'sandbox|educator-meera', 'Meera Iyer', $4, $5)`,
        [title, index === 0 ? 0 : 999, index === 1 ? 50 : 0, index === 2 ? 9 : 0, index === 2 ? 2 : 0],
      );
    }
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
  }, 60_000);

  afterAll(async () => {
    await client?.destroy();
    await env?.teardown();
  });

  it('fills class, subject and board of the courses that existed from their titles, as the seed reads them', async () => {
    const rows: Array<{ title: string; class_from: number; class_to: number; subject: string; board: string }> = await client.query(
      'SELECT title, class_from, class_to, subject, board FROM catalogue.courses',
    );
    expect(rows).toHaveLength(titles.length);
    for (const row of rows) {
      expect({ title: row.title, classFrom: row.class_from, classTo: row.class_to, subject: row.subject, board: row.board }).toEqual({
        title: row.title,
        ...taxonomyFromTitle(row.title),
      });
    }
    const hindi = rows.find((row) => row.title.startsWith('Classes 9'))!;
    expect(hindi).toMatchObject({ class_from: 9, class_to: 10, subject: 'hindi', board: 'icse' });
  });

  it('fills the search rows of the list counts from the courses that existed, titles in lower case', async () => {
    const rows: Array<{ title_lower: string; subject: string; is_free: boolean }> = await client.query(
      'SELECT s.title_lower, s.subject, s.is_free FROM catalogue.course_search_rows s JOIN catalogue.courses c ON c.id = s.course_id',
    );
    expect(rows.map((row) => row.title_lower).sort()).toEqual(titles.map((title) => title.toLowerCase()).sort());
    expect(rows.find((row) => row.title_lower === titles[0]!.toLowerCase())).toMatchObject({ is_free: true, subject: taxonomyFromTitle(titles[0]!).subject });
  });

  it('keeps the price after discount and the average rating in generated columns', async () => {
    const rows: Array<{ title: string; final_price_paise: string; rating_average: string }> = await client.query(
      'SELECT title, final_price_paise, rating_average FROM catalogue.courses WHERE title = ANY($1)',
      [titles.slice(0, 3)],
    );
    const byTitle = new Map(rows.map((row) => [row.title, row]));
    expect(Number(byTitle.get(titles[0]!)!.final_price_paise)).toBe(0);
    expect(Number(byTitle.get(titles[1]!)!.final_price_paise)).toBe(49950);
    expect(Number(byTitle.get(titles[2]!)!.rating_average)).toBe(4.5);
  });

  it('refuses a class range outside 7–12 or reversed, and an unknown board', async () => {
    const insert = (classFrom: number, classTo: number, board = 'any') =>
      client.query(
        `INSERT INTO catalogue.courses (title, thumbnail_url, price, educator_id, educator_name, class_from, class_to, board)
         VALUES ('x', '/t.png', 1, 'e', 'E', $1, $2, $3)`,
        [classFrom, classTo, board],
      );
    await expect(insert(6, 8)).rejects.toThrow(/courses_class_range_check/);
    await expect(insert(10, 9)).rejects.toThrow(/courses_class_range_check/);
    await expect(insert(8, 8, 'ib')).rejects.toThrow(/courses_board_check/);
  });
});
