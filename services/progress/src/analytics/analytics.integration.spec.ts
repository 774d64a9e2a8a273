import type { CourseAnalytics, InternalCourse, QuizDefinition } from '@academy/contracts';
import { startTestCatalogue, type TestCatalogue } from '@academy/catalogue/testing';
import { OutboxRelay, runMigrations } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, untilWorkSettled, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { progressDatabase } from '../database.js';
import { WorkerModule } from '../worker.module.js';
import { AnalyticsAggregator } from './analytics-aggregator.js';
import { analyticsBackfillSql } from './analytics-backfill.js';
import { ANALYTICS_QUEUE } from './analytics-jobs.js';

const COURSE = '55555555-5555-4555-8555-555555555550';
const OTHERS_COURSE = '55555555-5555-4555-8555-55555555555f';
const L = ['55555555-5555-4555-8555-555555555551', '55555555-5555-4555-8555-555555555552', '55555555-5555-4555-8555-555555555553'] as const;
const QUIZ = '55555555-5555-4555-8555-5555555555a1';
const OTHER_EDUCATOR = { sub: 'sandbox|educator-other', name: 'Ravi Kumar', email: 'ravi@demo.academy', picture: '', roles: ['educator'] };
const THIRD_LEARNER = { sub: 'sandbox|student-third', name: 'Kabir Singh', email: 'kabir@demo.academy', picture: '', roles: [] };

const lecture = (lectureId: string, lectureOrder: number, lectureTitle: string) => ({
  lectureId, lectureOrder, lectureTitle, lectureDuration: 10, lectureUrl: 'https://media.example.test/l.mp4', isPreviewFree: false, notesUrl: null, testUrl: null,
});
const quiz: QuizDefinition = {
  quizId: QUIZ,
  version: 1,
  title: 'Basics check',
  passMark: 50,
  attemptLimit: null,
  questions: [
    { questionId: 'q-one', kind: 'single', prompt: 'Two plus two?', points: 1, explanation: null, choices: [{ text: '4', correct: true }, { text: '5', correct: false }], answer: null, tolerance: null },
    { questionId: 'q-two', kind: 'single', prompt: 'Capital of India?', points: 1, explanation: null, choices: [{ text: 'Mumbai', correct: false }, { text: 'New Delhi', correct: true }], answer: null, tolerance: null },
  ],
};
const course: InternalCourse = {
  _id: COURSE,
  courseTitle: 'Measured Course',
  courseThumbnail: 'https://example.test/thumb.png',
  coursePrice: 0,
  discount: 0,
  educatorId: demoUsers.educator.sub,
  educatorName: demoUsers.educator.name,
  isPublished: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  courseContent: [
    {
      chapterId: '55555555-5555-4555-8555-55555555555a', chapterOrder: 1, chapterTitle: 'Basics',
      chapterContent: [lecture(L[0], 1, 'Welcome'), lecture(L[1], 2, 'Numbers')],
      quiz: { quizId: QUIZ, version: 1, title: quiz.title, passMark: 50, attemptLimit: null, questionCount: 2, totalPoints: 2 },
    },
    { chapterId: '55555555-5555-4555-8555-55555555555b', chapterOrder: 2, chapterTitle: 'More', chapterContent: [lecture(L[2], 1, 'Fractions')] },
  ],
};
const othersCourse: InternalCourse = { ...course, _id: OTHERS_COURSE, educatorId: OTHER_EDUCATOR.sub, courseContent: [] };

const AGGREGATE_TABLES = [
  'analytics_learner_lectures', 'analytics_learner_courses', 'analytics_courses', 'analytics_lectures',
  'analytics_course_completion_counts', 'analytics_quizzes', 'analytics_quiz_questions',
] as const;

describe('lecture analytics (real PostgreSQL, Redis, worker and catalogue)', () => {
  let catalogue: TestCatalogue;
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;
  let worker: INestApplicationContext;
  const tokens: Record<string, Record<string, string>> = {};
  const purchases: Record<string, string> = {};

  const http = () => request(app.getHttpServer());
  const db = () => app.get(DataSource);
  const as = async (user: { sub: string; name: string; email: string; picture: string; roles: string[] }) => ({
    Authorization: `Bearer ${await testEnv.issuer.sign(user)}`,
  });
  const enrol = async (user: { sub: string; name: string }) => {
    purchases[user.sub] = randomUUID();
    await http().post('/internal/enrolments').set('X-Internal-Token', TEST_INTERNAL_TOKEN)
      .send({ purchaseId: purchases[user.sub], userId: user.sub, courseId: COURSE, name: user.name, email: `${user.sub.split('|')[1]}@demo.academy` })
      .expect(200);
  };
  const play = (token: Record<string, string>, lectureId: string, positionSeconds: number) =>
    http().post('/api/user/update-course-progress/playback').set(token).send({ courseId: COURSE, lectureId, positionSeconds }).expect(200);
  const finish = (token: Record<string, string>, lectureId: string) =>
    http().post('/api/user/update-course-progress').set(token).send({ courseId: COURSE, lectureId }).expect(200);
  const answerQuiz = (token: Record<string, string>, answers: Record<string, number[]>) =>
    http().post(`/api/user/quizzes/${COURSE}/${QUIZ}/attempts`).set(token).send({ attemptId: randomUUID(), quizVersion: 1, answers }).expect(200);
  /** Every outbox row relayed and every analytics job done. */
  const settle = async () => {
    await worker.get(OutboxRelay).flush();
    await untilWorkSettled({ redisUrl: testEnv.env.REDIS_URL!, prefix: testEnv.queuePrefix, queues: [ANALYTICS_QUEUE] }, 15_000);
  };
  const analytics = async (): Promise<CourseAnalytics> =>
    ((await http().get(`/api/educator/analytics/${COURSE}`).set(tokens.educator!).expect(200)).body as { analytics: CourseAnalytics }).analytics;
  const snapshot = async () =>
    Object.fromEntries(
      await Promise.all(
        AGGREGATE_TABLES.map(async (table) => [table, await db().query(`SELECT * FROM progress.${table} t ORDER BY t::text`)] as const),
      ),
    );

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment({ CATALOGUE_CACHE_MS: '0', PORTAL_URL: 'http://portal.test' });
    catalogue = await startTestCatalogue(testEnv);
    await catalogue.putCourses([course, othersCourse], [quiz]);
    await runMigrations({ url: testEnv.database.url, ...progressDatabase });
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    tokens.student = await as(demoUsers.student);
    tokens.other = await as(demoUsers.otherStudent);
    tokens.third = await as(THIRD_LEARNER);
    tokens.educator = await as(demoUsers.educator);
    tokens.otherEducator = await as(OTHER_EDUCATOR);
    for (const user of [demoUsers.student, demoUsers.otherStudent, THIRD_LEARNER]) await enrol(user);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await catalogue?.close();
    await testEnv?.teardown();
  });

  it('answers 401 signed out, 403 to a student, 404 for another educator\'s or an unknown course, 400 for a bad id', async () => {
    expect((await http().get(`/api/educator/analytics/${COURSE}`).expect(401)).body.message).toMatch(/^Sign in/);
    expect((await http().get(`/api/educator/analytics/${COURSE}`).set(tokens.student!).expect(403)).body).toEqual({
      success: false,
      message: 'Only educator accounts can do this',
    });
    expect((await http().get(`/api/educator/analytics/${COURSE}`).set(tokens.otherEducator!).expect(404)).body.message).toBe('Course not found');
    expect((await http().get(`/api/educator/analytics/${OTHERS_COURSE}`).set(tokens.educator!).expect(404)).body.message).toBe('Course not found');
    expect((await http().get(`/api/educator/analytics/${randomUUID()}`).set(tokens.educator!).expect(404)).body.message).toBe('Course not found');
    expect((await http().get('/api/educator/analytics/not-a-course').set(tokens.educator!).expect(400)).body.message).toBe('Invalid request: courseId must be a valid course id');
  });

  it('shows watch time, who started and finished each lecture, the funnel and quiz difficulty from the recorded events', async () => {
    await play(tokens.student!, L[0], 90);
    await play(tokens.student!, L[0], 120);
    await finish(tokens.student!, L[0]);
    await finish(tokens.student!, L[1]);
    await play(tokens.other!, L[0], 60);
    await finish(tokens.other!, L[0]);
    await play(tokens.third!, L[0], 30);
    await answerQuiz(tokens.student!, { 'q-one': [0], 'q-two': [0] }); // one right of two
    await answerQuiz(tokens.other!, { 'q-one': [0], 'q-two': [1] }); // both right
    await settle();

    const figures = await analytics();
    expect(figures).toMatchObject({ courseId: COURSE, courseTitle: 'Measured Course', enrolled: 3, watchSeconds: 210 });
    expect(figures.lectures).toEqual([
      { lectureId: L[0], label: '1.1', title: 'Welcome', started: 3, finished: 2, watchSeconds: 210 },
      { lectureId: L[1], label: '1.2', title: 'Numbers', started: 1, finished: 1, watchSeconds: 0 },
      { lectureId: L[2], label: '2.1', title: 'Fractions', started: 0, finished: 0, watchSeconds: 0 },
    ]);
    expect(figures.funnel).toEqual([
      { label: 'Enrolled', learners: 3 },
      { label: 'Started a lecture', learners: 3 },
      { label: 'Finished a lecture', learners: 2 },
      { label: 'Finished half the lectures', learners: 1 },
      { label: 'Finished every lecture', learners: 0 },
    ]);
    expect(figures.quizzes).toEqual([
      {
        quizId: QUIZ, title: 'Basics check', version: 1, attempts: 2, averagePercent: 75,
        questions: [
          { questionId: 'q-one', label: 'Q1', prompt: 'Two plus two?', answers: 2, percentCorrect: 100 },
          { questionId: 'q-two', label: 'Q2', prompt: 'Capital of India?', answers: 2, percentCorrect: 50 },
        ],
      },
    ]);
    expect(figures.updatedAt).not.toBeNull();
  }, 30_000);

  it('reaches the same aggregates one event at a time as the bulk backfill computes from the records (no rewinds yet: the records keep only the last position)', async () => {
    const incremental = await snapshot();
    await db().transaction(async (manager) => {
      for (const table of AGGREGATE_TABLES) await manager.query(`DELETE FROM progress.${table}`);
      await manager.query('UPDATE progress.quiz_attempts SET analytics_counted = false');
      for (const sql of analyticsBackfillSql) await manager.query(sql);
    });
    const bulk = await snapshot();
    const withoutTimes = (tables: Record<string, { updated_at?: unknown }[]>) =>
      Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, rows.map(({ updated_at: _ignored, ...row }) => row)]));
    expect(withoutTimes(bulk)).toEqual(withoutTimes(incremental));
  });

  it('counts an event once however often it is applied, and a rewind adds no watch time', async () => {
    const before = await snapshot();
    const aggregator = worker.get(AnalyticsAggregator);
    expect(await aggregator.applyLectureActivity({ userId: demoUsers.student.sub, courseId: COURSE, lectureId: L[0] })).toBe(false);
    const [attempt] = (await db().query('SELECT id FROM progress.quiz_attempts LIMIT 1')) as { id: string }[];
    expect(await aggregator.applyQuizAttempt(attempt!.id)).toBe(false);
    expect(await aggregator.applyEnrolmentChanged({ userId: THIRD_LEARNER.sub, courseId: COURSE })).toBe(false);
    expect(await snapshot()).toEqual(before);

    await play(tokens.student!, L[0], 10); // watching the start again
    await finish(tokens.student!, L[0]); // already complete
    await settle();
    expect(await snapshot()).toEqual(before);
  }, 30_000);

  it("shows a quiz's new version once the educator changes it, with its own attempts (none yet)", async () => {
    const edited: QuizDefinition = { ...quiz, version: 2, questions: [{ ...quiz.questions[0]!, prompt: 'Three plus three?' }] };
    await catalogue.putCourses([course], [edited]);
    try {
      expect((await analytics()).quizzes).toEqual([
        {
          quizId: QUIZ, title: 'Basics check', version: 2, attempts: 0, averagePercent: null,
          questions: [{ questionId: 'q-one', label: 'Q1', prompt: 'Three plus three?', answers: 0, percentCorrect: null }],
        },
      ]);
    } finally {
      await catalogue.putCourses([course], [quiz]);
    }
    expect((await analytics()).quizzes[0]).toMatchObject({ version: 1, attempts: 2, averagePercent: 75 });
  });

  it('takes an ended enrolment off the enrolled count', async () => {
    await http().post(`/internal/enrolments/${purchases[THIRD_LEARNER.sub]}/revoke`).set('X-Internal-Token', TEST_INTERNAL_TOKEN)
      .send({ refundId: 'rfnd_analytics1' }).expect(200);
    await settle();
    const figures = await analytics();
    expect(figures.enrolled).toBe(2);
    expect(figures.funnel[0]).toEqual({ label: 'Enrolled', learners: 2 });
    // What they watched before the refund still counts: it happened.
    expect(figures.lectures[0]).toMatchObject({ started: 3, watchSeconds: 210 });
  }, 30_000);

});
