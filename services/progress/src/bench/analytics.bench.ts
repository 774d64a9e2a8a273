// Benchmark: the educator's lecture analytics read (GET /api/educator/analytics/:courseId's work) with 1,000 events
// recorded and with 1,000,000, in two databases side by side; the rounds alternate between them, so a change of load
// on a shared machine moves both. Target: p95 at 1,000,000 ÷ p95 at 1,000 ≤ 1.5.
// Run with `npm run bench -- analytics` (root) with DATABASE_URL set. Events are written as the services write their
// rows (enrolments, playback positions, completions, quiz attempts); the aggregates come from analyticsBackfillSql,
// the bulk form of what the worker's jobs do one event at a time, and the worker's own AnalyticsAggregator is timed
// too. The read is AnalyticsService's own, with catalogue's answers from the real catalogue app over HTTP.
import 'reflect-metadata';
import { startTestCatalogue } from '@academy/catalogue/testing';
import type { InternalCourse, QuizDefinition } from '@academy/contracts';
import { runMigrations, serviceDataSourceOptions } from '@academy/service-core';
import { createIsolatedDatabase, prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, type IsolatedDatabase } from '@academy/service-core/testing';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AnalyticsAggregator } from '../analytics/analytics-aggregator.js';
import { LectureAnalyticsRepository } from '../analytics/lecture-analytics.repository.js';
import { analyticsBackfillSql } from '../analytics/analytics-backfill.js';
import { AnalyticsService } from '../analytics/analytics.service.js';
import { progressDatabase } from '../database.js';
import { CatalogueClient } from '../learning/catalogue-client.js';

const resultsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../bench/results');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
/** The rounds are also cut into this many consecutive slices, each giving its own p95 ratio (how much load moves one). */
const SLICES = 10;
const APPLY_ROUNDS = Number(process.env.BENCH_APPLY_ROUNDS ?? 100);
const TARGET_RATIO = 1.5;
const LECTURES = 20;
const QUESTIONS = 5;
/** Learners of the measured course in the small database (about 1,000 events) and in the big one. */
const SMALL_LEARNERS = Number(process.env.BENCH_SMALL_LEARNERS ?? 85);
const BIG_LEARNERS = Number(process.env.BENCH_BIG_LEARNERS ?? 45_000);
/** The big database's other courses and their learners each (the rest of its 1,000,000 events). */
const OTHER_COURSES = 100;
const OTHER_LEARNERS = Number(process.env.BENCH_OTHER_LEARNERS ?? 430);

const MEASURED_COURSE = '00000000-0000-4000-8000-000000000000';
const EDUCATOR = 'bench|educator';
const courseIdSql = (k: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${k}), 12, '0'))::uuid`;
const lectureIdSql = (k: string, j: string) => `('00000000-0000-4000-9' || lpad(${k}::text, 3, '0') || '-' || lpad(${j}::text, 12, '0'))::uuid`;
const QUIZ_ID = '00000000-0000-4000-a000-000000000001';

function measuredCourse(): { course: InternalCourse; quiz: QuizDefinition } {
  const lectureId = (j: number) => `00000000-0000-4000-9000-${String(j).padStart(12, '0')}`;
  const quiz: QuizDefinition = {
    quizId: QUIZ_ID,
    version: 1,
    title: 'Chapter check',
    passMark: 60,
    attemptLimit: null,
    questions: Array.from({ length: QUESTIONS }, (_, index) => ({
      questionId: `q${index + 1}`, kind: 'single' as const, prompt: `Question ${index + 1}`, points: 1, explanation: null,
      choices: [{ text: 'Right', correct: true }, { text: 'Wrong', correct: false }], answer: null, tolerance: null,
    })),
  };
  const course: InternalCourse = {
    _id: MEASURED_COURSE, courseTitle: 'Measured course', courseThumbnail: 'https://example.test/t.png', coursePrice: 0, discount: 0,
    educatorId: EDUCATOR, educatorName: 'Bench Educator', isPublished: true, createdAt: '2026-01-01T00:00:00.000Z',
    courseContent: [
      {
        chapterId: '00000000-0000-4000-b000-000000000001', chapterOrder: 1, chapterTitle: 'All lectures',
        chapterContent: Array.from({ length: LECTURES }, (_, index) => ({
          lectureId: lectureId(index + 1), lectureOrder: index + 1, lectureTitle: `Lecture ${index + 1}`, lectureDuration: 10,
          lectureUrl: null, isPreviewFree: false, notesUrl: null, testUrl: null,
        })),
        quiz: { quizId: QUIZ_ID, version: 1, title: quiz.title, passMark: 60, attemptLimit: null, questionCount: QUESTIONS, totalPoints: QUESTIONS },
      },
    ],
  };
  return { course, quiz };
}

/**
 * Learners of course k (0 is the measured one): each enrols, plays lectures 1…reach (reach between 1 and 20, fewer
 * learners reaching later lectures), completes those before the last one reached, and answers the quiz once.
 */
async function seedCourse(dataSource: DataSource, k: number, learners: number): Promise<void> {
  const learnerSql = `'bench|c' || ${k} || '-' || i`;
  const reachSql = `(1 + (abs(hashtext(${k} || '/' || i)) % ${LECTURES}) * (abs(hashtext('r' || i)) % 100) / 99)`;
  await dataSource.query(`INSERT INTO progress.users (id, name) SELECT ${learnerSql}, 'Bench Learner' FROM generate_series(1, $1::int) AS i`, [learners]);
  await dataSource.query(
    `INSERT INTO progress.enrolments (user_id, course_id, purchase_id) SELECT ${learnerSql}, ${courseIdSql(String(k))}, gen_random_uuid() FROM generate_series(1, $1::int) AS i`,
    [learners],
  );
  await dataSource.query(
    `INSERT INTO progress.playback_positions (user_id, lecture_id, course_id, position_seconds)
     SELECT ${learnerSql}, ${lectureIdSql(String(k), 'j')}, ${courseIdSql(String(k))}, 60 + abs(hashtext(i || '/' || j)) % 540
       FROM generate_series(1, $1::int) AS i, generate_series(1, ${LECTURES}) AS j WHERE j <= ${reachSql}`,
    [learners],
  );
  await dataSource.query(
    `INSERT INTO progress.lecture_completions (user_id, lecture_id, course_id)
     SELECT ${learnerSql}, ${lectureIdSql(String(k), 'j')}, ${courseIdSql(String(k))}
       FROM generate_series(1, $1::int) AS i, generate_series(1, ${LECTURES}) AS j WHERE j < ${reachSql}`,
    [learners],
  );
  await dataSource.query(
    `INSERT INTO progress.quiz_attempts (id, user_id, course_id, quiz_id, quiz_version, attempt_number, score, max_score, percent, passed, answers, results)
     SELECT gen_random_uuid(), ${learnerSql}, ${courseIdSql(String(k))}, $2::uuid, 1, 1, r.score, ${QUESTIONS}, r.score * 100 / ${QUESTIONS}, r.score * 100 >= 60 * ${QUESTIONS}, '{}'::jsonb, r.results
       FROM generate_series(1, $1::int) AS i,
            LATERAL (SELECT jsonb_agg(jsonb_build_object('questionId', 'q' || q, 'correct', abs(hashtext(i || 'q' || q)) % ${QUESTIONS} >= q - 1)) AS results,
                            count(*) FILTER (WHERE abs(hashtext(i || 'q' || q)) % ${QUESTIONS} >= q - 1)::int AS score
                       FROM generate_series(1, ${QUESTIONS}) AS q) AS r`,
    [learners, QUIZ_ID],
  );
}

async function countEvents(dataSource: DataSource): Promise<number> {
  const [row] = (await dataSource.query(
    `SELECT (SELECT count(*) FROM progress.enrolments) + (SELECT count(*) FROM progress.playback_positions)
          + (SELECT count(*) FROM progress.lecture_completions) + (SELECT count(*) FROM progress.quiz_attempts) AS events`,
  )) as { events: string }[];
  return Number(row!.events);
}

interface Scale {
  label: string;
  database: IsolatedDatabase;
  dataSource: DataSource;
  events: number;
  seedSeconds: number;
  aggregateSeconds: number;
}

async function prepare(label: string, fill: (dataSource: DataSource) => Promise<void>): Promise<Scale> {
  const database = await createIsolatedDatabase();
  const databaseOptions = { url: database.url, ...progressDatabase };
  await runMigrations(databaseOptions);
  // Seeding a million rows outlasts the services' 10 s statement timeout.
  const base = serviceDataSourceOptions(databaseOptions);
  const dataSource = await new DataSource({ ...base, extra: { ...(base.extra as object), statement_timeout: 0, query_timeout: undefined } } as DataSourceOptions).initialize();
  const seedStarted = performance.now();
  await fill(dataSource);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const aggregateStarted = performance.now();
  for (const sql of analyticsBackfillSql) await dataSource.query(sql);
  const aggregateSeconds = (performance.now() - aggregateStarted) / 1000;
  await dataSource.query('VACUUM ANALYZE');
  const events = await countEvents(dataSource);
  console.log(`[bench] analytics: ${label}: ${events} events seeded in ${seedSeconds.toFixed(1)} s, aggregated in ${aggregateSeconds.toFixed(1)} s`);
  return { label, database, dataSource, events, seedSeconds, aggregateSeconds };
}

function percentile(samples: number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

/** Alternating rounds: small, big, small, big…, after 5 warm-up calls each. */
async function interleaved(runs: [() => Promise<unknown>, () => Promise<unknown>], rounds: number): Promise<[number[], number[]]> {
  for (let warm = 0; warm < 5; warm += 1) for (const run of runs) await run();
  const samples: [number[], number[]] = [[], []];
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, run] of runs.entries()) {
      const started = performance.now();
      await run();
      samples[index]!.push(performance.now() - started);
    }
  }
  return samples;
}

async function main(): Promise<void> {
  const { course, quiz } = measuredCourse();
  // Catalogue runs in a test environment of its own (database, issuer, bucket), apart from the two measured databases.
  const catalogueEnv = await prepareServiceTestEnvironment();
  const catalogue = await startTestCatalogue(catalogueEnv);
  await catalogue.putCourses([course], [quiz]);
  const catalogueClient = new CatalogueClient({ catalogueUrl: catalogue.url, portalUrl: 'http://portal.test', catalogueCacheMs: 10_000, internalToken: TEST_INTERNAL_TOKEN });
  const small = await prepare('1,000 events', (dataSource) => seedCourse(dataSource, 0, SMALL_LEARNERS));
  const big = await prepare('1,000,000 events', async (dataSource) => {
    await seedCourse(dataSource, 0, BIG_LEARNERS);
    for (let k = 1; k <= OTHER_COURSES; k += 1) await seedCourse(dataSource, k, OTHER_LEARNERS);
  });
  try {
    const scales = [small, big] as const;
    const services = scales.map((scale) => new AnalyticsService(new LectureAnalyticsRepository(scale.dataSource), catalogueClient));
    const aggregators = scales.map((scale) => new AnalyticsAggregator(scale.dataSource, new LectureAnalyticsRepository(scale.dataSource)));
    const reads = services.map((service) => async () => {
      const figures = await service.forEducator(EDUCATOR, MEASURED_COURSE);
      if (figures.lectures.length !== LECTURES) throw new Error('the read lost lectures');
      return figures;
    });
    const aggregateReads = services.map((service) => () => service.aggregates(MEASURED_COURSE));
    // One event each: a learner of the measured course watches 5 s further into lecture 1, then the job applies it.
    let step = 0;
    const applies = scales.map((scale, index) => async () => {
      step += 1;
      const learners = index === 0 ? SMALL_LEARNERS : BIG_LEARNERS;
      const userId = `bench|c0-${1 + (step % learners)}`;
      const lectureId = course.courseContent[0]!.chapterContent[0]!.lectureId;
      await scale.dataSource.query(
        `UPDATE progress.playback_positions SET position_seconds = position_seconds + 5 WHERE user_id = $1 AND lecture_id = $2`,
        [userId, lectureId],
      );
      if (!(await aggregators[index]!.applyLectureActivity({ userId, courseId: MEASURED_COURSE, lectureId }))) throw new Error('the event was not applied');
    });

    const cases = [
      { name: 'whole read (AnalyticsService.forEducator, catalogue over HTTP)', samples: await interleaved([reads[0]!, reads[1]!], ROUNDS) },
      { name: "the course's aggregate rows only (five queries)", samples: await interleaved([aggregateReads[0]!, aggregateReads[1]!], ROUNDS) },
      { name: 'applying one playback event (AnalyticsAggregator, the job)', samples: await interleaved([applies[0]!, applies[1]!], APPLY_ROUNDS) },
    ];
    const figures = await services[1]!.forEducator(EDUCATOR, MEASURED_COURSE);
    const rows = cases.map(({ name, samples: [smallSamples, bigSamples] }) => {
      const [p50Small, p95Small, p50Big, p95Big] = [percentile(smallSamples, 0.5), percentile(smallSamples, 0.95), percentile(bigSamples, 0.5), percentile(bigSamples, 0.95)];
      const ratio = p95Big / p95Small;
      const sliceLength = Math.floor(smallSamples.length / SLICES);
      const sliceRatios = Array.from({ length: SLICES }, (_, slice) => {
        const part = (samples: number[]) => samples.slice(slice * sliceLength, (slice + 1) * sliceLength);
        return percentile(part(bigSamples), 0.95) / percentile(part(smallSamples), 0.95);
      });
      const sliceSummary = `${percentile(sliceRatios, 0.5).toFixed(2)} (${Math.min(...sliceRatios).toFixed(2)}–${Math.max(...sliceRatios).toFixed(2)})`;
      return {
        name,
        ratio,
        line: `| ${name} | ${p50Small.toFixed(2)} | ${p95Small.toFixed(2)} | ${p50Big.toFixed(2)} | ${p95Big.toFixed(2)} | ${(p50Big / p50Small).toFixed(2)} | **${ratio.toFixed(2)}** | ${sliceSummary} |`,
      };
    });
    for (const row of rows) console.log(`[bench] analytics: ${row.line}`);
    const headline = rows[0]!;
    const load = loadavg().map((value) => value.toFixed(2)).join(', ');
    const report = [
      '# Lecture analytics: the educator\'s read at 1,000 and at 1,000,000 events',
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench -- analytics\` (services/progress/src/bench/analytics.bench.ts). ` +
        `Two databases side by side: ${small.events.toLocaleString('en-IN')} events, all in the measured course (${SMALL_LEARNERS} learners), and ` +
        `${big.events.toLocaleString('en-IN')} events, ${BIG_LEARNERS.toLocaleString('en-IN')} learners in the measured course and ${OTHER_COURSES} other courses of ${OTHER_LEARNERS} learners. ` +
        `An event is an enrolment, a saved playback position, a completed lecture or a graded quiz attempt, written as the services write them; ` +
        `the course has ${LECTURES} lectures and a quiz of ${QUESTIONS} questions, and fewer learners reach each later lecture. ` +
        `${ROUNDS} rounds per read case (${APPLY_ROUNDS} for the job), alternating between the two databases after 5 warm-up calls each. ` +
        `Machine: ${cpus().length} cores shared with other sessions, load average ${load} (1, 5, 15 min) at the end.`,
      '',
      `**p95 at 1,000,000 ÷ p95 at 1,000: ${headline.ratio.toFixed(2)}** for the whole read (target ≤ ${TARGET_RATIO}: ${headline.ratio <= TARGET_RATIO ? 'met' : 'missed'}). ` +
        `The last column cuts the run into ${SLICES} consecutive slices of alternating rounds and gives each slice's p95 ratio: on a shared machine a burst of ` +
        'other work lands in a few slices, and their spread shows how much of a ratio is the load rather than the data.',
      '',
      `| case | p50 ms, 1,000 | p95 ms, 1,000 | p50 ms, 1,000,000 | p95 ms, 1,000,000 | p50 ratio | p95 ratio | p95 ratio per slice of the run: median (range of ${SLICES}) |`,
      '|---|---|---|---|---|---|---|---|',
      ...rows.map((row) => row.line),
      '',
      `Filling the aggregates in bulk (analyticsBackfillSql, what the migration runs once) took ${small.aggregateSeconds.toFixed(2)} s at 1,000 events and ` +
        `${big.aggregateSeconds.toFixed(1)} s at 1,000,000 (seeding the events: ${big.seedSeconds.toFixed(1)} s). ` +
        `The measured course at 1,000,000 events: ${figures.enrolled.toLocaleString('en-IN')} enrolled, lecture 1 started by ${figures.lectures[0]!.started.toLocaleString('en-IN')} and finished by ${figures.lectures[0]!.finished.toLocaleString('en-IN')}, ` +
        `lecture ${LECTURES} started by ${figures.lectures[LECTURES - 1]!.started.toLocaleString('en-IN')}.`,
      '',
      'The read is five queries, each by the course\'s primary-key prefix (`analytics_courses`, `analytics_lectures`, `analytics_course_completion_counts`, ' +
        '`analytics_quizzes`, `analytics_quiz_questions`): their rows number the course\'s lectures, completion counts and quiz questions, never its events. ' +
        'The job that applies an event locks and updates one learner\'s rows and a handful of the course\'s counters, also independent of how many events came before.',
      '',
    ].join('\n');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, 'analytics.md'), report);
    console.log(report);
    if (headline.ratio > TARGET_RATIO) process.exitCode = 1;
  } finally {
    for (const scale of [small, big]) {
      await scale.dataSource.destroy();
      await scale.database.drop();
    }
    await catalogue.close();
    await catalogueEnv.teardown();
  }
}

await main();
