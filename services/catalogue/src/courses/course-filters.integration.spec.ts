import type { CourseFacetCounts, CourseSummary } from '@academy/contracts';
import { runMigrations } from '@academy/service-core';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { catalogueDatabase } from '../database.js';
import { demoCourses, demoUuid, type DemoCourse } from '../seed/demo-courses.js';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue.js';
import { CoursesService } from './courses.service.js';
import { taxonomyFromTitle } from './taxonomy-from-title.js';

/** The demo catalogue plus a free Class 11–12 CBSE Physics course and a rated one, to filter and count on. */
const extras: DemoCourse[] = [
  { ...demoCourses[0]!, id: demoUuid(1, 950), slug: 'extra-free', title: 'Class 11-12 Physics for CBSE: Free Revision', price: 0, discount: 0, chapters: [] },
  { ...demoCourses[0]!, id: demoUuid(1, 951), slug: 'extra-hidden', title: 'Class 8 Science: Hidden Draft', isPublished: false, chapters: [] },
];
const published = [...demoCourses, ...extras].filter((course) => course.isPublished);
/** What the seed stored: the course's own taxonomy (a Devanagari title), else the one its title tells. */
const taxonomyOf = (course: DemoCourse) => course.taxonomy ?? taxonomyFromTitle(course.title);
const finalPrice = (course: DemoCourse) => Math.round(course.price * (100 - course.discount)) / 100;

describe('GET /api/course/all: filters, counts and sort (real PostgreSQL)', () => {
  let env: ServiceTestEnvironment;
  let app: INestApplication;
  let dataSource: DataSource;
  const http = () => request(app.getHttpServer());
  const list = async (query: string) => (await http().get(`/api/course/all?${query}`).expect(200)).body as { courses: CourseSummary[]; facets: CourseFacetCounts; nextCursor: string | null };

  beforeAll(async () => {
    env = await prepareServiceTestEnvironment();
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication();
    await app.init();
    dataSource = app.get<DataSource>(getDataSourceToken());
    await seedDemoCatalogue(dataSource, [...demoCourses, ...extras]);
    // Ratings: the first Class 8 course averages 4.5, the second 3.
    await dataSource.query(`UPDATE catalogue.courses SET rating_sum = 9, rating_count = 2, student_count = 40 WHERE id = $1`, [demoCourses[4]!.id]);
    await dataSource.query(`UPDATE catalogue.courses SET rating_sum = 3, rating_count = 1, student_count = 90 WHERE id = $1`, [demoCourses[5]!.id]);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await env?.teardown();
  });

  it('returns class, subject and board on every card', async () => {
    const { courses } = await list('');
    const algebra = courses.find((course) => course.courseTitle === 'Class 8 Maths: Algebra Foundations')!;
    expect(algebra).toMatchObject({ classFrom: 8, classTo: 8, subject: 'mathematics', board: 'any' });
  });

  it('filters by class (a range includes it), subject and board, and counts each value with the other filters applied', async () => {
    const classEight = published.filter((course) => { const t = taxonomyOf(course); return t.classFrom <= 8 && 8 <= t.classTo; });
    const byClass = await list('class=8');
    expect(byClass.courses.map((course) => course.courseTitle).sort()).toEqual(classEight.map((course) => course.title).sort());
    expect(byClass.facets.total).toBe(classEight.length);
    // Class counts leave the class filter out: every class's count is there.
    expect(byClass.facets.class['7']).toBe(published.filter((course) => { const t = taxonomyOf(course); return t.classFrom <= 7 && 7 <= t.classTo; }).length);
    expect(byClass.facets.class['12']).toBe(1);
    // Subject counts are within class 8.
    expect(byClass.facets.subject.science).toBe(classEight.filter((course) => taxonomyOf(course).subject === 'science').length);
    expect(byClass.facets.subject.physics).toBe(0);

    const science = await list('class=8&subject=science');
    expect(science.courses.map((course) => course.courseTitle)).toEqual(['Class 8 Science: Cells and Microorganisms']);
    expect(science.facets.total).toBe(1);

    const physics = await list('class=12&subject=physics&board=cbse');
    expect(physics.courses.map((course) => course.courseTitle)).toEqual(['Class 11-12 Physics for CBSE: Free Revision']);
    expect(physics.facets.board).toMatchObject({ cbse: 1, icse: 0, any: 0 });
  });

  it('filters free or paid and rated 4 and above, and combines filters with the search text', async () => {
    const free = await list('price=free');
    expect(free.courses.map((course) => course.courseTitle).sort()).toEqual(published.filter((c) => finalPrice(c) === 0).map((c) => c.title).sort());
    expect(free.courses.map((course) => course.courseTitle)).toContain('Class 11-12 Physics for CBSE: Free Revision');
    expect(free.facets.price).toEqual({ free: published.filter((c) => finalPrice(c) === 0).length, paid: published.filter((c) => finalPrice(c) > 0).length });

    const rated = await list('rating=4');
    expect(rated.courses.map((course) => course._id)).toEqual([demoCourses[4]!.id]);
    expect(rated.facets.rating['4']).toBe(1);

    const searched = await list('class=8&search=cells');
    expect(searched.courses.map((course) => course.courseTitle)).toEqual(['Class 8 Science: Cells and Microorganisms']);
    expect(searched.facets.total).toBe(1);
  });

  it('sorts by most popular, highest rated, newest and price both ways, paging with cursors of that order', async () => {
    const popular = await list('sort=popular&class=8');
    expect(popular.courses.slice(0, 2).map((course) => course._id)).toEqual([demoCourses[5]!.id, demoCourses[4]!.id]);
    const rating = await list('sort=rating');
    expect(rating.courses[0]!._id).toBe(demoCourses[4]!.id);

    const ascending = await list('sort=price-asc');
    const prices = ascending.courses.map((course) => Math.round(course.coursePrice * (100 - course.discount)));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = await list('sort=price-desc');
    expect(descending.courses.map((course) => course._id)).toEqual(
      [...descending.courses].sort((a, b) => Math.round(b.coursePrice * (100 - b.discount)) - Math.round(a.coursePrice * (100 - a.discount)) || (b._id < a._id ? -1 : 1)).map((course) => course._id),
    );

    // Pages of 4 in price order walk the same list as the whole answer, without the counts after the first.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { courses: CourseSummary[]; facets?: CourseFacetCounts; nextCursor: string | null } =
        (await http().get(`/api/course/all?sort=price-asc&limit=4${cursor ? `&cursor=${cursor}` : ''}`).expect(200)).body;
      if (cursor) expect(page.facets).toBeUndefined();
      seen.push(...page.courses.map((course) => course._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ascending.courses.map((course) => course._id));
  });

  it('counts from the summary and the search rows kept by triggers exactly as over the courses, through inserts, edits and unpublishing', async () => {
    const service = app.get(CoursesService);
    const compare = async () => {
      for (const options of [
        {},
        { class: 8 },
        { class: 11, board: 'cbse' as const },
        { subject: 'science' as const, price: 'paid' as const },
        { rating: 4 },
        { search: 'class' },
        { search: 'CELLS', class: 8 },
        { search: 'renamed', board: 'cbse' as const },
        { search: '100%_' },
        { language: 'hi' as const },
        { language: 'hinglish' as const, class: 7 },
        { search: 'हिंदी' },
        { search: 'व्याकरण', language: 'hi' as const },
      ]) {
        service.useFacetSummary = true;
        const summary = await service.facetCounts(options);
        service.useFacetSummary = false;
        const live = await service.facetCounts(options);
        service.useFacetSummary = true;
        expect(summary).toEqual(live);
      }
    };
    await compare();
    await dataSource.query(`UPDATE catalogue.courses SET subject = 'biology', class_from = 11, class_to = 12, board = 'cbse' WHERE id = $1`, [demoCourses[1]!.id]);
    await dataSource.query(`UPDATE catalogue.courses SET rating_sum = 20, rating_count = 4 WHERE id = $1`, [demoCourses[2]!.id]);
    await dataSource.query(`UPDATE catalogue.courses SET title = 'Renamed Course For Search' WHERE id = $1`, [demoCourses[4]!.id]);
    await dataSource.query(`UPDATE catalogue.courses SET is_published = false WHERE id = $1`, [demoCourses[3]!.id]);
    await dataSource.query(`DELETE FROM catalogue.courses WHERE id = $1`, [extras[0]!.id]);
    await dataSource.query(`UPDATE catalogue.courses SET language = 'hi' WHERE id = $1`, [demoCourses[6]!.id]);
    await compare();
    await seedDemoCatalogue(dataSource, [...demoCourses, ...extras]);
    await compare();
    // The seed keeps a language chosen since (as an educator's): put the demo's back for the tests after.
    await dataSource.query(`UPDATE catalogue.courses SET language = 'en' WHERE id = $1`, [demoCourses[6]!.id]);
  });

  it.each([
    ['class=6', 'class must be a class from 7 to 12'],
    ['class=eight', 'class must be a class from 7 to 12'],
    ['subject=astrology', 'subject must be one of'],
    ['board=ib', 'board must be one of'],
    ['price=cheap', 'price must be free or paid'],
    ['rating=3', 'rating must be 4'],
    ['sort=random', 'sort must be one of'],
    ['language=fr', 'language must be one of hi, en, hinglish'],
    ['language=Hindi', 'language must be one of hi, en, hinglish'],
  ])('answers 400 with a clear message to %s', async (query, message) => {
    const response = await http().get(`/api/course/all?${query}`).expect(400);
    expect(response.body.message).toContain(message);
  });

  it('filters by the language a course is taught in and counts each language with the other filters applied', async () => {
    const inLanguage = (language: string) => published.filter((course) => course.language === language).map((course) => course.title).sort();
    expect(inLanguage('hi')).toEqual(['कक्षा 8 हिंदी: व्याकरण और रचना']);
    const all = await list('');
    expect(all.facets.language).toEqual({ hi: 1, en: inLanguage('en').length, hinglish: inLanguage('hinglish').length });
    expect(all.courses.find((course) => course.courseTitle === 'कक्षा 8 हिंदी: व्याकरण और रचना')).toMatchObject({ language: 'hi', classFrom: 8, classTo: 8, subject: 'hindi' });
    expect(all.courses.find((course) => course.courseTitle === 'Class 8 Maths: Algebra Foundations')).toMatchObject({ language: 'en' });

    const hindi = await list('language=hi');
    expect(hindi.courses.map((course) => course.courseTitle)).toEqual(inLanguage('hi'));
    expect(hindi.facets.total).toBe(1);
    // The language counts leave the language filter out; the others are counted within Hindi.
    expect(hindi.facets.language?.hinglish).toBe(inLanguage('hinglish').length);
    expect(hindi.facets.subject.hindi).toBe(1);
    expect(hindi.facets.subject.mathematics).toBe(0);

    const hinglishClass7 = await list('language=hinglish&class=7');
    expect(hinglishClass7.courses.map((course) => course.courseTitle)).toEqual(['Class 7 History: Medieval India']);
    expect(hinglishClass7.facets.language?.hi).toBe(0); // the Hindi course is for class 8 only
  });

  it('finds courses by Devanagari words of their titles, whichever Unicode form the words are typed in', async () => {
    for (const words of ['हिंदी', 'व्याकरण और रचना', 'कक्षा 8']) {
      const found = await list(`search=${encodeURIComponent(words)}`);
      expect(found.courses.map((course) => course.courseTitle)).toEqual(['कक्षा 8 हिंदी: व्याकरण और रचना']);
      expect(found.facets.total).toBe(1);
    }
    expect((await list(`search=${encodeURIComponent('गणित')}`)).courses).toEqual([]);

    // A title with a nukta letter stored precomposed (ज़, U+095B, as some keyboards type it) is kept in NFC, and a
    // search typed decomposed (ज + ◌़) or precomposed finds it.
    const id = demoCourses[7]!.id;
    await dataSource.query(`UPDATE catalogue.courses SET title = normalize($2, NFC) WHERE id = $1`, [id, 'Class 8 English: \u095Bरूरी शब्द']);
    for (const typed of ['\u095Bरूरी', 'ज\u093Cरूरी']) {
      const found = await list(`search=${encodeURIComponent(typed)}`);
      expect(found.courses.map((course) => course._id)).toEqual([id]);
    }
    await seedDemoCatalogue(dataSource, [...demoCourses, ...extras]);
  });

  it('answers 400 to a cursor of another order', async () => {
    const first = await list('sort=newest&limit=2');
    const response = await http().get(`/api/course/all?sort=rating&limit=2&cursor=${first.nextCursor}`).expect(400);
    expect(response.body.message).toContain('cursor is not valid');
  });
});
