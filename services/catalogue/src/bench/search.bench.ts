// Benchmark: title search over 100,000 published courses, with the trigram index and without it.
// Run with `npm run bench` (root) or `npm run bench -w @academy/catalogue` with DATABASE_URL set; it works in a
// database of its own and drops it at the end.
import 'reflect-metadata';
import { createIsolatedDatabase } from '@academy/service-core/testing';
import { runMigrations, serviceDataSourceOptions } from '@academy/service-core';
import { DataSource } from 'typeorm';
import { catalogueDatabase } from '../database.js';
import { CourseEntity } from '../courses/course.entity.js';
import { CourseCache } from '../courses/course-cache.js';
import { CoursesService } from '../courses/courses.service.js';

const COURSE_COUNT = Number(process.env.BENCH_COURSES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const SUBJECTS = ['Algebra', 'Physics', 'Chemistry', 'Biology', 'History', 'Geography', 'English', 'Hindi', 'Coding', 'Economics'];

interface Case {
  name: string;
  search: string;
  limit?: number;
}

const cases: Case[] = [
  { name: 'common word, first page (10% match)', search: 'physics', limit: 20 },
  { name: 'rare code, whole list (1 match)', search: 'x7f3c9' },
  { name: 'no match, first page', search: 'zzqqzz', limit: 20 },
];

function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

async function measure(service: CoursesService, benchCase: Case): Promise<{ p50: number; p95: number; found: number }> {
  let found = 0;
  for (let warm = 0; warm < 3; warm += 1) await service.listPublished({ search: benchCase.search, limit: benchCase.limit });
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const result = await service.listPublished({ search: benchCase.search, limit: benchCase.limit });
    samples.push(performance.now() - started);
    found = result.courses.length;
  }
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), found };
}

async function seed(dataSource: DataSource): Promise<void> {
  await dataSource.query(
    `INSERT INTO catalogue.courses (title, thumbnail_url, price, discount, educator_id, educator_name, created_at)
     SELECT 'Class ' || (7 + i % 6) || ' ' || ($1::text[])[1 + i % 10] || ' batch ' || i || ' ' || substr(md5(i::text), 1, 8),
            '/media/thumbnails/bench.svg', (i % 900) + 99, i % 50, 'bench|educator', 'Bench Educator',
            now() - (i || ' seconds')::interval
       FROM generate_series(1, $2::int) AS i`,
    [SUBJECTS, COURSE_COUNT],
  );
  // One title holds the rare code, as a learner would search for a specific batch.
  await dataSource.query(`UPDATE catalogue.courses SET title = title || ' x7f3c9' WHERE id = (SELECT id FROM catalogue.courses LIMIT 1)`);
  await dataSource.query('ANALYZE catalogue.courses');
}

async function main(): Promise<void> {
  const database = await createIsolatedDatabase();
  const databaseOptions = { url: database.url, ...catalogueDatabase };
  await runMigrations(databaseOptions);
  const dataSource = await new DataSource(serviceDataSourceOptions(databaseOptions)).initialize();
  try {
    const seedStarted = performance.now();
    await seed(dataSource);
    console.log(`Seeded ${COURSE_COUNT} courses in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; ${ROUNDS} rounds per case.`);
    // The search path is the service's own query: the cache (used by the controller) is not in the way here.
    const service = new CoursesService(dataSource.getRepository(CourseEntity), new CourseCache({ REDIS_URL: process.env.REDIS_URL!, QUEUE_PREFIX: 'academy-bench' }));

    const indexed = new Map<string, Awaited<ReturnType<typeof measure>>>();
    for (const benchCase of cases) indexed.set(benchCase.name, await measure(service, benchCase));
    await dataSource.query('DROP INDEX catalogue.courses_title_trgm_idx');
    const rows: string[] = [];
    for (const benchCase of cases) {
      const withIndex = indexed.get(benchCase.name)!;
      const without = await measure(service, benchCase);
      if (without.found !== withIndex.found) throw new Error(`${benchCase.name}: results differ with and without the index`);
      rows.push(
        `| ${benchCase.name} | ${withIndex.found} | ${withIndex.p50.toFixed(2)} / ${withIndex.p95.toFixed(2)} | ` +
          `${without.p50.toFixed(2)} / ${without.p95.toFixed(2)} | ${(without.p50 / withIndex.p50).toFixed(1)}x |`,
      );
    }
    console.log('\n| search | results | trigram index p50 / p95 ms | no index p50 / p95 ms | speed-up (p50) |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await dataSource.destroy();
    await database.drop();
  }
}

await main();
