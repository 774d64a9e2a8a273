// Benchmark: title search over 100,000 published courses, with the trigram index and without it; and the course
// list filtered by class, subject, board, price or rating, sorted, with its counts per filter value (what the
// first page of /course-list asks), with the taxonomy indexes and without them. Target: p95 ≤ 20 ms.
// Run with `npm run bench` (root) or `npm run bench -w @academy/catalogue` with DATABASE_URL set; it works in a
// database of its own and drops it at the end.
import 'reflect-metadata';
import { createIsolatedDatabase } from '@academy/service-core/testing';
import { runMigrations, serviceDataSourceOptions } from '@academy/service-core';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { catalogueDatabase } from '../database.js';
import { CourseCache } from '../courses/course-cache.js';
import { CoursesRepository } from '../courses/courses.repository.js';
import { CoursesService, type CourseListOptions } from '../courses/courses.service.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** bench/results at the repository root (from dist/bench/ or src/bench/). */
const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../bench/results');
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

interface FilteredCase {
  name: string;
  options: CourseListOptions;
}

const filteredCases: FilteredCase[] = [
  { name: 'class 8 + science, highest rated, with counts', options: { class: 8, subject: 'science', sort: 'rating', limit: 20 } },
  { name: 'class 11 + CBSE + rated 4+, most popular, with counts', options: { class: 11, board: 'cbse', rating: 4, sort: 'popular', limit: 20 } },
  { name: 'free courses, price low to high, with counts', options: { price: 'free', sort: 'price-asc', limit: 20 } },
  { name: 'no filter, newest, with counts', options: { limit: 20 } },
  { name: 'class 8 + "physics" search, with counts', options: { class: 8, search: 'physics', limit: 20 } },
];

/** The taxonomy migration's indexes of the filtered list (dropped for the "without" column, which also counts on the courses). */
const TAXONOMY_INDEXES = [
  'courses_published_subject_popular_idx',
  'courses_published_subject_rating_idx',
  'courses_published_price_idx',
  'courses_published_rating_idx',
  'courses_published_popular_idx',
  'courses_published_subject_created_idx',
];

async function measureFiltered(service: CoursesService, benchCase: FilteredCase): Promise<{ p50: number; p95: number; found: number; total: number }> {
  let found = 0;
  let total = 0;
  for (let warm = 0; warm < 3; warm += 1) await service.listPublished(benchCase.options);
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const result = await service.listPublished(benchCase.options);
    samples.push(performance.now() - started);
    found = result.courses.length;
    total = result.facets?.total ?? -1;
  }
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), found, total };
}

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
  // What each course is for, its ratings and students, spread as a catalogue would be: one class in most courses,
  // a two-class range in one in five; 13 subjects; four boards; a third of the courses rated; one in 20 free.
  await dataSource.query(
    `INSERT INTO catalogue.courses (title, thumbnail_url, price, discount, educator_id, educator_name, created_at,
                                    class_from, class_to, subject, board, rating_count, rating_sum, student_count)
     SELECT 'Class ' || (7 + i % 6) || ' ' || ($1::text[])[1 + i % 10] || ' batch ' || i || ' ' || substr(md5(i::text), 1, 8),
            '/media/thumbnails/bench.svg', CASE WHEN i % 20 = 0 THEN 0 ELSE (i % 900) + 99 END, i % 50, 'bench|educator', 'Bench Educator',
            now() - (i || ' seconds')::interval,
            7 + h % 6, LEAST(12, 7 + h % 6 + CASE WHEN h % 5 = 0 THEN 1 ELSE 0 END),
            ($3::text[])[1 + (h / 7) % 13], ($4::text[])[1 + (h / 91) % 4],
            CASE WHEN h % 3 = 0 THEN 1 + h % 40 ELSE 0 END,
            CASE WHEN h % 3 = 0 THEN (1 + h % 40) * (2 + (h / 3) % 4) ELSE 0 END,
            h % 500
       FROM generate_series(1, $2::int) AS i, LATERAL (SELECT abs(hashtext(i::text)) AS h) AS hashed`,
    [
      SUBJECTS,
      COURSE_COUNT,
      ['mathematics', 'physics', 'chemistry', 'biology', 'science', 'english', 'hindi', 'social-science', 'computer-science', 'economics', 'accountancy', 'business-studies', 'other'],
      ['cbse', 'icse', 'state', 'any'],
    ],
  );
  // One title holds the rare code, as a learner would search for a specific batch.
  await dataSource.query(`UPDATE catalogue.courses SET title = title || ' x7f3c9' WHERE id = (SELECT id FROM catalogue.courses LIMIT 1)`);
  await dataSource.query('ANALYZE catalogue.courses');
}

async function main(): Promise<void> {
  const database = await createIsolatedDatabase();
  const databaseOptions = { url: database.url, ...catalogueDatabase };
  await runMigrations(databaseOptions);
  // Seeding 100,000 rows with their indexes may outlast the services' 10 s statement timeout on a busy machine.
  const base = serviceDataSourceOptions(databaseOptions);
  const dataSource = await new DataSource({
    ...base,
    extra: { ...(base.extra as object), statement_timeout: 0, query_timeout: undefined },
  } as DataSourceOptions).initialize();
  try {
    const seedStarted = performance.now();
    await seed(dataSource);
    console.log(`Seeded ${COURSE_COUNT} courses in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; ${ROUNDS} rounds per case.`);
    // The search path is the service's own query: the cache (used by the controller) is not in the way here.
    const service = new CoursesService(new CoursesRepository(dataSource), new CourseCache({ REDIS_URL: process.env.REDIS_URL!, QUEUE_PREFIX: 'academy-bench' }));

    // The filtered list with its counts, with the taxonomy indexes and then without them.
    const filtered = new Map<string, Awaited<ReturnType<typeof measureFiltered>>>();
    for (const benchCase of filteredCases) filtered.set(benchCase.name, await measureFiltered(service, benchCase));
    for (const index of TAXONOMY_INDEXES) await dataSource.query(`DROP INDEX catalogue.${index}`);
    service.useFacetSummary = false;
    const filteredRows: string[] = [];
    for (const benchCase of filteredCases) {
      const withIndexes = filtered.get(benchCase.name)!;
      const without = await measureFiltered(service, benchCase);
      if (without.total !== withIndexes.total) throw new Error(`${benchCase.name}: counts differ with and without the indexes`);
      filteredRows.push(
        `| ${benchCase.name} | ${withIndexes.total} | ${withIndexes.p50.toFixed(2)} / ${withIndexes.p95.toFixed(2)} | ` +
          `${without.p50.toFixed(2)} / ${without.p95.toFixed(2)} | ${(withIndexes.p95 / 20).toFixed(2)} | ${withIndexes.p95 <= 20 ? 'met' : 'missed'} |`,
      );
    }
    const filteredTable = [
      '| filtered list (first page of 20 and its counts per value) | matching | indexes + counts from the summary or the search rows p50 / p95 ms | no index, counts over the courses p50 / p95 ms | p95 ÷ 20 ms | target p95 ≤ 20 ms |',
      '|---|---|---|---|---|---|',
      ...filteredRows,
    ];
    console.log(`\n${filteredTable.join('\n')}`);

    // The search with its counts as the service runs it, then without the trigram index, counting over the courses.
    service.useFacetSummary = true;
    const indexed = new Map<string, Awaited<ReturnType<typeof measure>>>();
    for (const benchCase of cases) indexed.set(benchCase.name, await measure(service, benchCase));
    await dataSource.query('DROP INDEX catalogue.courses_title_trgm_idx');
    await dataSource.query('DROP INDEX catalogue.course_search_rows_title_trgm_idx');
    service.useFacetSummary = false;
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
    const searchTable = ['| search (first page with its counts) | results | trigram indexes + search rows p50 / p95 ms | no index, counts over the courses p50 / p95 ms | speed-up (p50) |', '|---|---|---|---|---|', ...rows];
    console.log(`\n${searchTable.join('\n')}`);
    {
      mkdirSync(resultsDir, { recursive: true });
      writeFileSync(
        path.join(resultsDir, 'catalogue-search.md'),
        `# Catalogue search and filters (${COURSE_COUNT.toLocaleString('en-IN')} courses)\n\n` +
          `The service's own queries (no cache), ${ROUNDS} rounds per case after 3 warm-ups, on one PostgreSQL. Run ${new Date().toISOString()}, ` +
          `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores.\n\n` +
          `${filteredTable.join('\n')}\n\n${searchTable.join('\n')}\n`,
      );
    }
  } finally {
    await dataSource.destroy();
    await database.drop();
  }
}

await main();
