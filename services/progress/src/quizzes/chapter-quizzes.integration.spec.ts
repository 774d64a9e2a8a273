// Chapter quizzes end to end across the two services that own them: the real catalogue (authoring, the key) and
// the real progress app (attempts, grading, completion), on one fresh database, talking over internal HTTP.
import type { EducatorCourseDetail, QuizAttemptResult, QuizForLearner, QuizStats } from '@academy/contracts';
import { runMigrations } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { CatalogueAppModule, catalogueDatabase } from '@academy/catalogue/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule as ProgressAppModule } from '../app.module.js';
import { progressDatabase } from '../database.js';

const OTHER_EDUCATOR = { sub: 'sandbox|educator-ravi', name: 'Ravi Kumar', email: 'ravi@demo.academy', roles: ['educator'] };
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082',
  'hex',
);
const SECRET_EXPLANATION = 'Add the numerators over the common denominator 4';

const fractionsQuiz = {
  title: 'Fractions check',
  passMark: 60,
  attemptLimit: null,
  questions: [
    { kind: 'single', prompt: 'What is 1/2 + 1/4?', points: 2, explanation: SECRET_EXPLANATION, choices: [{ text: '2/6', correct: false }, { text: '3/4', correct: true }, { text: '1/8', correct: false }] },
    { kind: 'multiple', prompt: 'Which equal one half?', points: 1, explanation: 'Both simplify to 1/2', choices: [{ text: '2/4', correct: true }, { text: '3/6', correct: true }, { text: '2/3', correct: false }] },
    { kind: 'numeric', prompt: 'What is 0.5 × 3?', points: 2, explanation: null, answer: 1.5, tolerance: 0.01 },
  ],
};
const oneShotQuiz = {
  title: 'Decimals check',
  passMark: 100,
  attemptLimit: 1,
  questions: [{ kind: 'numeric', prompt: 'What is 0.1 + 0.2?', points: 1, answer: 0.3, tolerance: 0.001 }],
};
const courseData = (quizzes: [object | null, object | null]) => ({
  courseTitle: 'Class 7 Maths: Fractions and Decimals',
  courseDescription: '<p>Fractions</p>',
  coursePrice: 0,
  discount: 0,
  courseContent: [
    { chapterTitle: 'Fractions', chapterContent: [{ lectureTitle: 'Adding fractions', lectureDuration: 10, lectureUrl: 'https://youtu.be/abcdefghijk', isPreviewFree: true }], quiz: quizzes[0] },
    { chapterTitle: 'Decimals', chapterContent: [{ lectureTitle: 'Adding decimals', lectureDuration: 12, lectureUrl: 'https://youtu.be/bcdefghijkl' }], quiz: quizzes[1] },
  ],
});

describe('chapter quizzes (real catalogue and progress, real PostgreSQL)', () => {
  let env: ServiceTestEnvironment;
  let catalogue: INestApplication;
  let progress: INestApplication;
  const tokens: Record<'student' | 'other' | 'educator' | 'otherEducator', string> = { student: '', other: '', educator: '', otherEducator: '' };
  let courseId: string;
  let otherCourseId: string;
  let course: EducatorCourseDetail;

  const cat = () => request(catalogue.getHttpServer());
  const prog = () => request(progress.getHttpServer());
  const auth = (who: keyof typeof tokens) => ({ Authorization: `Bearer ${tokens[who]}` });
  const quizIds = () => course.courseContent.map((chapter) => chapter.quiz!.quizId);
  const attemptsPath = (quizId: string, inCourse = courseId) => `/api/user/quizzes/${inCourse}/${quizId}/attempts`;
  const attemptRows = async (): Promise<number> => Number((await progress.get(DataSource).query('SELECT count(*) AS n FROM progress.quiz_attempts'))[0].n);

  async function addCourse(data: object): Promise<string> {
    const { body } = await cat().post('/api/educator/add-course').set(auth('educator'))
      .field('courseData', JSON.stringify(data)).attach('image', png, 'thumb.png').expect(201);
    return body.courseId as string;
  }
  const own = async (id: string): Promise<EducatorCourseDetail> => (await cat().get(`/api/educator/courses/${id}`).set(auth('educator')).expect(200)).body.course;
  const enrol = (userId: string, inCourse: string) =>
    prog().post('/internal/enrolments').set('X-Internal-Token', TEST_INTERNAL_TOKEN)
      .send({ purchaseId: randomUUID(), userId, courseId: inCourse, name: 'Aarav Sharma', email: 'aarav@demo.academy' }).expect(200);
  const submit = (quizId: string, answers: object, options: { who?: keyof typeof tokens; version?: number; attemptId?: string } = {}) =>
    prog().post(attemptsPath(quizId)).set(auth(options.who ?? 'student'))
      .send({ attemptId: options.attemptId ?? randomUUID(), quizVersion: options.version ?? 1, answers });

  beforeAll(async () => {
    env = await prepareServiceTestEnvironment({ CATALOGUE_CACHE_MS: '0' });
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    await runMigrations({ ...progressDatabase, url: env.database.url });
    catalogue = (await Test.createTestingModule({ imports: [CatalogueAppModule] }).compile()).createNestApplication({ logger: false });
    await catalogue.listen(0, '127.0.0.1');
    process.env.CATALOGUE_URL = `http://127.0.0.1:${(catalogue.getHttpServer().address() as AddressInfo).port}`;
    progress = (await Test.createTestingModule({ imports: [ProgressAppModule] }).compile()).createNestApplication({ logger: false });
    await progress.init();
    tokens.student = await env.issuer.sign(demoUsers.student);
    tokens.other = await env.issuer.sign(demoUsers.otherStudent);
    tokens.educator = await env.issuer.sign(demoUsers.educator);
    tokens.otherEducator = await env.issuer.sign(OTHER_EDUCATOR);
    courseId = await addCourse(courseData([fractionsQuiz, oneShotQuiz]));
    otherCourseId = await addCourse(courseData([fractionsQuiz, null]));
    course = await own(courseId);
    await enrol(demoUsers.student.sub, courseId);
  }, 90_000);

  afterAll(async () => {
    await progress?.close();
    await catalogue?.close();
    await env?.teardown();
  });

  it('refuses an invalid quiz with the rule broken and creates nothing', async () => {
    const before = (await cat().get('/api/educator/courses').set(auth('educator')).expect(200)).body.courses.length;
    const noAnswer = { ...fractionsQuiz, questions: [{ kind: 'single', prompt: 'x', points: 1, choices: [{ text: 'a', correct: false }, { text: 'b', correct: false }] }] };
    for (const [quiz, message] of [
      [noAnswer, 'A question needs a correct answer'],
      [{ ...fractionsQuiz, questions: [{ kind: 'multiple', prompt: 'x', points: 1, choices: [{ text: 'a', correct: true }] }] }, 'at least two choices'],
      [{ ...fractionsQuiz, passMark: 101 }, 'Pass mark must be between 0 and 100'],
    ] as const) {
      const { body } = await cat().post('/api/educator/add-course').set(auth('educator'))
        .field('courseData', JSON.stringify(courseData([quiz, null]))).attach('image', png, 'thumb.png').expect(400);
      expect(body.message).toContain(message);
    }
    expect((await cat().get('/api/educator/courses').set(auth('educator')).expect(200)).body.courses).toHaveLength(before);
  });

  it('the owner gets the key back; every other answer before submission carries none', async () => {
    expect(course.courseContent[0]!.quiz).toMatchObject({ version: 1, passMark: 60, questions: [{ explanation: SECRET_EXPLANATION }, {}, { answer: 1.5, tolerance: 0.01 }] });
    const [fractions] = quizIds();
    const answers = [
      (await cat().get(`/api/course/${courseId}`).expect(200)).body,
      (await cat().get('/api/course/all').expect(200)).body,
      (await cat().get(`/internal/courses/${courseId}`).set('X-Internal-Token', TEST_INTERNAL_TOKEN).expect(200)).body,
      (await prog().get('/api/user/enrolled-courses').set(auth('student')).expect(200)).body,
      (await prog().post('/api/user/get-course-progress').set(auth('student')).send({ courseId }).expect(200)).body,
      (await prog().get(`/api/user/quizzes/${courseId}/${fractions}`).set(auth('student')).expect(200)).body,
      (await prog().get('/api/user/data').set(auth('student')).expect(200)).body,
    ];
    for (const body of answers) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(SECRET_EXPLANATION);
      expect(text).not.toMatch(/"(correct|answer|tolerance|explanation|correctChoices)"/);
    }
    // The chapter still says it has a quiz, and the learner gets the questions and choices.
    expect(answers[0].courseData.courseContent[0].quiz).toEqual({ quizId: fractions, version: 1, title: 'Fractions check', passMark: 60, attemptLimit: null, questionCount: 3, totalPoints: 5 });
    const forLearner = answers[5] as QuizForLearner;
    expect(forLearner.quiz.questions[0]).toEqual({ questionId: expect.any(String), kind: 'single', prompt: 'What is 1/2 + 1/4?', points: 2, choices: ['2/6', '3/4', '1/8'] });
    expect(forLearner.standing).toEqual({ quizId: fractions, attempts: 0, bestPercent: null, passed: false });
  });

  it('refuses a learner not enrolled, another course\'s quiz and malformed answers, writing nothing', async () => {
    const [fractions] = quizIds();
    const otherQuiz = (await own(otherCourseId)).courseContent[0]!.quiz!.quizId;
    const questionIds = course.courseContent[0]!.quiz!.questions.map((question) => question.questionId);
    expect((await prog().get(`/api/user/quizzes/${courseId}/${fractions}`).set(auth('other')).expect(403)).body.message).toBe('You are not enrolled in this course');
    expect((await submit(fractions!, {}, { who: 'other' }).expect(403)).body.message).toBe('You are not enrolled in this course');
    expect((await submit(otherQuiz, {}).expect(404)).body.message).toBe('This quiz is not part of the course');
    await prog().post(attemptsPath(fractions!)).send({ attemptId: randomUUID(), quizVersion: 1, answers: {} }).expect(401);
    const malformed: [object, RegExp][] = [
      [{ attemptId: randomUUID(), quizVersion: 1, answers: 'B' }, /answers/],
      [{ attemptId: 'x', quizVersion: 1, answers: {} }, /attemptId/],
      [{ attemptId: randomUUID(), quizVersion: 1, answers: { [questionIds[0]!]: 'B' } }, /answer/],
      [{ attemptId: randomUUID(), quizVersion: 1, answers: { nope: [0] } }, /not in this quiz/],
      [{ attemptId: randomUUID(), quizVersion: 1, answers: { [questionIds[0]!]: 1.5 } }, /wrong kind/],
      [{ attemptId: randomUUID(), quizVersion: 1, answers: { [questionIds[0]!]: [0, 1] } }, /takes one choice/],
      [{ attemptId: randomUUID(), quizVersion: 1, answers: { [questionIds[1]!]: [9] } }, /No such choice/],
    ];
    for (const [body, message] of malformed) {
      const response = await prog().post(attemptsPath(fractions!)).set(auth('student')).send(body).expect(400);
      expect(response.body.message).toMatch(message);
    }
    await prog().get(`/api/user/quizzes/${courseId}/not-a-uuid`).set(auth('student')).expect(400);
    expect(await attemptRows()).toBe(0);
  });

  it('grades on the server: fail, pass, best score counts, the key only once passed, replays return the first result', async () => {
    const [fractions] = quizIds();
    const [single, multiple, numeric] = course.courseContent[0]!.quiz!.questions.map((question) => question.questionId) as [string, string, string];
    // An empty attempt while attempts remain (unlimited here): the score and what was wrong, never the key.
    const empty = (await submit(fractions!, {}).expect(200)).body.result as QuizAttemptResult;
    expect(empty).toMatchObject({ attemptNumber: 1, score: 0, maxScore: 5, passed: false, answersShown: false });
    expect(empty.questions.map((question) => question.correct)).toEqual([false, false, false]);
    expect(JSON.stringify(empty)).not.toContain(SECRET_EXPLANATION);
    for (const question of empty.questions) expect(question).toMatchObject({ correctChoices: null, answer: null, tolerance: null, explanation: null });
    const failed = (await submit(fractions!, { [single]: [0], [multiple]: [0], [numeric]: 2 }).expect(200)).body.result as QuizAttemptResult;
    expect(failed).toMatchObject({ attemptNumber: 2, score: 0, maxScore: 5, percent: 0, passed: false, attemptsLeft: null, answersShown: false });
    expect(failed.questions[0]).toEqual({ questionId: single, correct: false, pointsAwarded: 0, given: [0], correctChoices: null, answer: null, tolerance: null, explanation: null });

    const attemptId = randomUUID();
    const passed = (await submit(fractions!, { [single]: [1], [multiple]: [1, 0], [numeric]: 1.505 }, { attemptId }).expect(200)).body;
    expect(passed.message).toBe('Quiz passed');
    expect(passed.result).toMatchObject({ attemptNumber: 3, score: 5, percent: 100, passed: true, answersShown: true, standing: { attempts: 3, bestPercent: 100, passed: true } });
    // Passed: the right answers and explanations are shown.
    expect(passed.result.questions[0]).toMatchObject({ correctChoices: [1], explanation: SECRET_EXPLANATION });
    expect(passed.result.questions[2]).toMatchObject({ answer: 1.5, tolerance: 0.01 });
    const replay = (await submit(fractions!, { [single]: [0] }, { attemptId }).expect(200)).body.result;
    expect(replay).toMatchObject({ attemptId, score: 5, attemptNumber: 3 });
    expect((await submit(fractions!, {}, { attemptId, who: 'other' }).expect(409)).body.message).toBe('This attempt id was already used for another quiz');

    const worse = (await submit(fractions!, { [single]: [1], [numeric]: 1.5 }).expect(200)).body.result;
    expect(worse).toMatchObject({ percent: 80, passed: true, answersShown: true, standing: { attempts: 4, bestPercent: 100, passed: true } });
    const { progressData } = (await prog().post('/api/user/get-course-progress').set(auth('student')).send({ courseId }).expect(200)).body;
    expect(progressData.quizzes).toEqual([{ quizId: fractions, attempts: 4, bestPercent: 100, passed: true }]);
  });

  it('enforces the attempt limit atomically, even for parallel sends', async () => {
    const [, decimals] = quizIds();
    const question = course.courseContent[1]!.quiz!.questions[0]!.questionId;
    const sends = await Promise.all([0.1, 0.2, 0.4].map((value) => submit(decimals!, { [question]: value })));
    expect(sends.map((response) => response.status).sort()).toEqual([200, 409, 409]);
    // Failed with no attempt left: now the right answer is shown.
    const last = sends.find((response) => response.status === 200)!.body.result as QuizAttemptResult;
    expect(last).toMatchObject({ passed: false, attemptsLeft: 0, answersShown: true });
    expect(last.questions[0]!.answer).toEqual(expect.any(Number));
    const refused = sends.find((response) => response.status === 409)!;
    expect(refused.body).toEqual({ success: false, message: 'You have used all 1 attempt at this quiz' });
    const forLearner = (await prog().get(`/api/user/quizzes/${courseId}/${decimals}`).set(auth('student')).expect(200)).body as QuizForLearner;
    expect(forLearner).toMatchObject({ attemptsLeft: 0, standing: { attempts: 1, passed: false } });
  });

  it('completion and the certificate wait for every quiz; an edited quiz gets a new version and old attempts keep theirs', async () => {
    const [fractions, decimals] = quizIds();
    for (const chapter of course.courseContent) {
      for (const lecture of chapter.chapterContent) {
        await prog().post('/api/user/update-course-progress').set(auth('student')).send({ courseId, lectureId: lecture.lectureId }).expect(200);
      }
    }
    const refused = await prog().get(`/api/certificates/course/${courseId}`).set(auth('student')).expect(409);
    expect(refused.body.message).toBe('Complete every lecture and pass every quiz of the course to get its certificate');

    // The educator edits the one-shot quiz (a new version gives fresh attempts); unchanged quizzes keep theirs.
    const edited = courseData([null, { ...oneShotQuiz, passMark: 50 }]);
    const update = {
      ...edited,
      courseContent: edited.courseContent.map((chapter, index) => ({
        ...chapter,
        chapterId: course.courseContent[index]!.chapterId,
        chapterContent: chapter.chapterContent.map((lecture, lectureIndex) => ({ ...lecture, lectureId: course.courseContent[index]!.chapterContent[lectureIndex]!.lectureId })),
        quiz: index === 0 ? { ...fractionsQuiz, quizId: fractions, questions: fractionsQuiz.questions.map((q, i) => ({ ...q, questionId: course.courseContent[0]!.quiz!.questions[i]!.questionId })) } : { ...oneShotQuiz, passMark: 50, quizId: decimals },
      })),
    };
    await cat().put(`/api/educator/courses/${courseId}`).set(auth('educator')).field('courseData', JSON.stringify(update)).expect(200);
    const after = await own(courseId);
    expect(after.courseContent.map((chapter) => [chapter.quiz!.quizId, chapter.quiz!.version])).toEqual([[fractions, 1], [decimals, 2]]);
    const question = after.courseContent[1]!.quiz!.questions[0]!.questionId;
    expect((await submit(decimals!, { [question]: 0.3 }, { version: 1 }).expect(409)).body.message).toMatch(/changed by its educator/);
    const rows = await progress.get(DataSource).query('SELECT quiz_version, score, passed FROM progress.quiz_attempts WHERE quiz_id = $1', [decimals]);
    expect(rows).toEqual([{ quiz_version: 1, score: 0, passed: false }]);

    const pass = (await submit(decimals!, { [question]: 0.3 }, { version: 2 }).expect(200)).body.result;
    expect(pass).toMatchObject({ quizVersion: 2, attemptNumber: 1, passed: true, attemptsLeft: 0 });
    const certificate = await prog().get(`/api/certificates/course/${courseId}`).set(auth('student')).expect(200);
    expect(certificate.headers['content-type']).toBe('application/pdf');
  });

  it("shows the figures to the course's educator only", async () => {
    const [fractions, decimals] = quizIds();
    await enrol(demoUsers.otherStudent.sub, courseId);
    const single = course.courseContent[0]!.quiz!.questions[0]!.questionId;
    await submit(fractions!, { [single]: [0] }, { who: 'other' }).expect(200);
    await prog().get(`/api/educator/quiz-stats/${courseId}`).set(auth('student')).expect(403);
    expect((await prog().get(`/api/educator/quiz-stats/${courseId}`).set(auth('otherEducator')).expect(404)).body.message).toBe('Course not found');
    const stats = (await prog().get(`/api/educator/quiz-stats/${courseId}`).set(auth('educator')).expect(200)).body.quizzes as QuizStats[];
    expect(stats).toEqual([
      {
        quizId: fractions, title: 'Fractions check', version: 1, attempts: 5, learnersPassed: 1, averageBestPercent: 50,
        mostMissed: { questionId: course.courseContent[0]!.quiz!.questions[1]!.questionId, prompt: 'Which equal one half?', wrongAnswers: 4 },
      },
      { quizId: decimals, title: 'Decimals check', version: 2, attempts: 2, learnersPassed: 1, averageBestPercent: 100, mostMissed: null },
    ]);
  });
});
