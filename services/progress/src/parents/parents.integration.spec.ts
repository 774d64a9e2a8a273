// Parents: link codes, links, the read-only progress view, certificates, email settings and the
// parents' emails, against real PostgreSQL, Redis, the progress worker, catalogue and the sandbox's SMTP server.
import {
  EXPIRED_LINK_CODE_MESSAGE,
  LINK_CODE_MAX_ATTEMPTS_PER_ADDRESS_PER_HOUR,
  LINK_CODE_MAX_ATTEMPTS_PER_HOUR,
  NOT_LINKED_MESSAGE,
  TOO_MANY_LINK_ATTEMPTS_MESSAGE,
  WRONG_LINK_CODE_MESSAGE,
  parentLinkEventSchema,
  type InternalCourse,
  type ParentLinkEvent,
  type QuizDefinition,
} from '@academy/contracts';
import { startTestCatalogue, type TestCatalogue } from '@academy/catalogue/testing';
import { OutboxRelay, runMigrations } from '@academy/service-core';
import { demoUsers, eventually, prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { MailStore, startSmtpInbox, type RunningSmtpInbox } from '@academy/sandbox/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { progressDatabase } from '../database.js';
import { PROGRESS_QUEUE, ProgressJob } from '../queue/progress-jobs.js';
import { WorkerModule } from '../worker.module.js';
import { ParentAlertsJob, type ParentAlertsData, type ParentAlertsResult } from './parent-alerts.job.js';
import type { Job } from 'bullmq';

const COURSE = '44444444-4444-4444-8444-444444444440';
const L = ['44444444-4444-4444-8444-444444444441', '44444444-4444-4444-8444-444444444442'] as const;

const course: InternalCourse = {
  _id: COURSE,
  courseTitle: 'Algebra for Class 8',
  courseThumbnail: 'https://example.test/thumb.png',
  coursePrice: 0,
  discount: 0,
  educatorId: demoUsers.educator.sub,
  educatorName: 'Meera Iyer',
  isPublished: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  courseContent: [
    {
      chapterId: '44444444-4444-4444-8444-44444444444a',
      chapterOrder: 1,
      chapterTitle: 'Basics',
      chapterContent: L.map((lectureId, index) => ({
        lectureId, lectureOrder: index + 1, lectureTitle: `Lecture ${index + 1}`, lectureDuration: 10,
        lectureUrl: 'https://media.example.test/a.mp4', isPreviewFree: false, notesUrl: null, testUrl: null,
      })),
    },
  ],
};

// A second course with a chapter quiz (pass mark 60 %: one question of one point), for the quiz alerts.
const QUIZ_COURSE = '44444444-4444-4444-8444-444444444450';
const QUIZ_ID = '44444444-4444-4444-8444-444444444451';
const quizDefinition: QuizDefinition = {
  quizId: QUIZ_ID, version: 1, title: 'The cell check', passMark: 60, attemptLimit: null,
  questions: [{ questionId: 'q1', kind: 'single', prompt: 'Which is the powerhouse of the cell?', points: 1, explanation: null, choices: [{ text: 'Mitochondria', correct: true }, { text: 'Ribosome', correct: false }], answer: null, tolerance: null }],
};
const quizCourse: InternalCourse = {
  ...course,
  _id: QUIZ_COURSE,
  courseTitle: 'Cells for Class 8',
  courseContent: [
    {
      ...course.courseContent[0]!,
      chapterId: '44444444-4444-4444-8444-44444444445a',
      chapterContent: [{ ...course.courseContent[0]!.chapterContent[0]!, lectureId: '44444444-4444-4444-8444-444444444452' }],
      quiz: { quizId: QUIZ_ID, version: 1, title: 'The cell check', passMark: 60, attemptLimit: null, questionCount: 1, totalPoints: 1 },
    },
  ],
};

describe('parents and children (real PostgreSQL, Redis, worker, SMTP and catalogue)', () => {
  let catalogue: TestCatalogue;
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;
  let worker: INestApplicationContext;
  let smtp: RunningSmtpInbox;
  let mail: MailStore;
  let mailDir: string;
  const tokens: Record<'student' | 'otherStudent' | 'parent' | 'otherParent' | 'educator', Record<string, string>> = {} as never;

  const http = () => request(app.getHttpServer());
  const db = () => app.get(DataSource);
  const send = (method: 'get' | 'post' | 'put' | 'delete', route: string, body?: object) => {
    const call = http()[method](route);
    return body ? call.send(body) : call;
  };
  /** The limiter's counts live in Redis under the run's prefix: deleting them is the hour passing. */
  const forgetLinkCodeAttempts = async () => {
    const redis = new Redis(testEnv.env.REDIS_URL!);
    try {
      const keys = await redis.keys(`${testEnv.queuePrefix}:ratelimit:link-codes:*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  };
  const newParent = async () => ({
    Authorization: `Bearer ${await testEnv.issuer.sign({ ...demoUsers.parent, sub: `test|parent-${randomUUID().slice(0, 8)}` })}`,
  });

  const newCode = async (): Promise<string> => {
    const { body } = await http().post('/api/parents/link-codes').set(tokens.student).expect(201);
    return body.linkCode.code as string;
  };

  beforeAll(async () => {
    mailDir = await mkdtemp(path.join(tmpdir(), 'academy-mail-'));
    mail = await MailStore.open(mailDir);
    smtp = await startSmtpInbox(mail, 0);
    testEnv = await prepareServiceTestEnvironment({
      CATALOGUE_CACHE_MS: '0',
      PORTAL_URL: 'http://portal.test',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Academy <no-reply@academy.test>',
    });
    catalogue = await startTestCatalogue(testEnv);
    await catalogue.putCourses([course, quizCourse], [quizDefinition]);
    await runMigrations({ url: testEnv.database.url, ...progressDatabase });
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    for (const name of ['student', 'otherStudent', 'parent', 'otherParent', 'educator'] as const) {
      tokens[name] = { Authorization: `Bearer ${await testEnv.issuer.sign(demoUsers[name])}` };
      await http().get('/api/user/data').set(tokens[name]).expect(200); // users are created on first sight
    }
    await http()
      .post('/internal/enrolments')
      .set('X-Internal-Token', TEST_INTERNAL_TOKEN)
      .send({ purchaseId: randomUUID(), userId: demoUsers.student.sub, courseId: COURSE })
      .expect(200);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await catalogue?.close();
    await testEnv?.teardown();
    await smtp?.close();
    if (mailDir) await rm(mailDir, { recursive: true, force: true });
  });

  const child = demoUsers.student.sub;
  const childPath = `/api/parents/children/${encodeURIComponent(child)}`;
  const certificatePath = `${childPath}/certificates/${COURSE}`;
  // Every row has four entries: a shorter one would make jest take the test's fourth parameter for `done`.
  const everyRoute: [string, 'get' | 'post' | 'put' | 'delete', string, object | undefined][] = [
    ['create a link code', 'post', '/api/parents/link-codes', undefined],
    ['list links', 'get', '/api/parents/links', undefined],
    ['redeem a code', 'post', '/api/parents/links', { code: 'ABCD2345' }],
    ['remove a link', 'delete', `/api/parents/links/${encodeURIComponent(child)}`, undefined],
    ["read a child's progress", 'get', childPath, undefined],
    ["download a child's certificate", 'get', certificatePath, undefined],
    ["list a child's doubts", 'get', `${childPath}/doubts`, undefined],
    ['read email settings', 'get', '/api/parents/email-settings', undefined],
    ['save email settings', 'put', '/api/parents/email-settings', { weeklyProgress: true, milestones: true }],
  ];

  it.each(everyRoute)('%s: anonymous callers get 401', async (_name, method, route, body) => {
    const response = await send(method, route, body).expect(401);
    expect(response.body).toEqual({ success: false, message: expect.stringMatching(/^Sign in/) });
  });

  const parentOnly = everyRoute.filter(([name]) => /redeem|child|email/.test(name));
  it.each(parentOnly)('%s: a student or an educator gets 403', async (_name, method, route, body) => {
    for (const who of ['student', 'otherStudent', 'educator'] as const) {
      const response = await send(method, route, body).set(tokens[who]).expect(403);
      expect(response.body).toEqual({ success: false, message: 'Only parent accounts can do this' });
    }
  });

  it('the internal link check needs the service token', async () => {
    await http().get(`/internal/parents/${encodeURIComponent(demoUsers.parent.sub)}/children/${encodeURIComponent(child)}`).expect(401);
  });

  it('links a parent with the child’s one-time code; both see the link; another parent sees nothing of the child', async () => {
    const created = await http().post('/api/parents/link-codes').set(tokens.student).expect(201);
    const { code, expiresAt } = created.body.linkCode as { code: string; expiresAt: string };
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    // Typed as shown (with a dash, lower case) it still works; the parent may not be the child itself.
    const selfRedeem = await http().post('/api/parents/links').set(tokens.student).send({ code }).expect(403);
    expect(selfRedeem.body.message).toBe('Only parent accounts can do this');
    const linked = await http()
      .post('/api/parents/links')
      .set(tokens.parent)
      .send({ code: `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}` })
      .expect(201);
    expect(linked.body).toMatchObject({ success: true, message: 'Aarav Sharma is now linked to your account', child: { id: child, name: 'Aarav Sharma' } });

    // Single use: a second redemption (even by another parent) is refused as used.
    const again = await http().post('/api/parents/links').set(tokens.otherParent).send({ code }).expect(410);
    expect(again.body).toEqual({ success: false, message: EXPIRED_LINK_CODE_MESSAGE });

    const parentView = await http().get('/api/parents/links').set(tokens.parent).expect(200);
    expect(parentView.body.children.map((person: { id: string }) => person.id)).toEqual([child]);
    const childView = await http().get('/api/parents/links').set(tokens.student).expect(200);
    expect(childView.body.parents).toEqual([expect.objectContaining({ id: demoUsers.parent.sub, name: 'Kavita Sharma', email: 'kavita@demo.academy' })]);

    for (const route of [childPath, certificatePath, `${childPath}/doubts`]) {
      const response = await http().get(route).set(tokens.otherParent).expect(404);
      expect(response.body).toEqual({ success: false, message: NOT_LINKED_MESSAGE });
    }
    const internal = await http()
      .get(`/internal/parents/${encodeURIComponent(demoUsers.parent.sub)}/children/${encodeURIComponent(child)}`)
      .set('X-Internal-Token', TEST_INTERNAL_TOKEN)
      .expect(200);
    expect(internal.body).toEqual({ success: true, chosenParentRole: false, linked: true, child: { id: child, name: 'Aarav Sharma', email: 'aarav@demo.academy', imageUrl: 'https://example.test/aarav.png' } });
    const notLinked = await http()
      .get(`/internal/parents/${encodeURIComponent(demoUsers.otherParent.sub)}/children/${encodeURIComponent(child)}`)
      .set('X-Internal-Token', TEST_INTERNAL_TOKEN)
      .expect(200);
    expect(notLinked.body).toEqual({ success: true, chosenParentRole: false, linked: false, child: null });
  });

  it("lists the doubts the linked child asked: lecture, date, answered or not, newest first", async () => {
    const asked = await http().post(`/api/doubts/${COURSE}`).set(tokens.student).send({ lectureId: L[1], atSecond: 5, text: 'What is a variable?' }).expect(201);
    const answered = await http().post(`/api/doubts/${COURSE}`).set(tokens.student).send({ lectureId: L[0], atSecond: 9, text: 'Why x?' }).expect(201);
    await http().post(`/api/doubts/${COURSE}/${answered.body.doubt.id}/answers`).set(tokens.educator).send({ text: 'Any letter works.' }).expect(201);
    const view = await http().get(`${childPath}/doubts`).set(tokens.parent).expect(200);
    expect(view.body).toMatchObject({ success: true, nextCursor: null });
    expect(view.body.doubts).toEqual([
      { id: answered.body.doubt.id, courseId: COURSE, courseTitle: 'Algebra for Class 8', lectureTitle: '1.1 Lecture 1', askedAt: expect.any(String), answered: true, educatorAnswered: true, resolved: false },
      { id: asked.body.doubt.id, courseId: COURSE, courseTitle: 'Algebra for Class 8', lectureTitle: '1.2 Lecture 2', askedAt: expect.any(String), answered: false, educatorAnswered: false, resolved: false },
    ]);
    // Nothing of the text reaches the parent's view; a bad cursor is refused.
    expect(JSON.stringify(view.body)).not.toContain('variable');
    await http().get(`${childPath}/doubts`).query({ cursor: 'nonsense' }).set(tokens.parent).expect(400);
  });

  it("shows the linked child's progress read-only, and the certificate once the course is complete; a completion email goes to the parent", async () => {
    const before = await http().get(childPath).set(tokens.parent).expect(200);
    expect(before.body.courses).toEqual([
      expect.objectContaining({ courseId: COURSE, courseTitle: 'Algebra for Class 8', completedLectures: 0, totalLectures: 2, percent: 0, status: 'not-started', statusLabel: 'Not started', certificateLine: 'Needs 2 more lectures to complete', lastActivityAt: null, rating: null, certificate: null, quizScores: [] }),
    ]);
    await http().get(certificatePath).set(tokens.parent).expect(409);

    await http().post('/api/user/update-course-progress').set(tokens.student).send({ courseId: COURSE, lectureId: L[0] }).expect(200);
    await http().post('/api/user/add-rating').set(tokens.student).send({ courseId: COURSE, rating: 4 }).expect(200);
    const half = await http().get(childPath).set(tokens.parent).expect(200);
    expect(half.body.courses[0]).toMatchObject({ completedLectures: 1, percent: 50, status: 'in-progress', statusLabel: 'In progress', certificateLine: 'Needs 1 more lecture to complete', rating: 4, certificate: null });
    expect(Date.now() - Date.parse(half.body.courses[0].lastActivityAt)).toBeLessThan(60_000);

    await http().post('/api/user/update-course-progress').set(tokens.student).send({ courseId: COURSE, lectureId: L[1] }).expect(200);
    const done = await http().get(childPath).set(tokens.parent).expect(200);
    expect(done.body.courses[0]).toMatchObject({ completedLectures: 2, percent: 100, status: 'completed', statusLabel: 'Completed', certificateLine: 'Ready', certificate: { downloadPath: `/parents/children/${encodeURIComponent(child)}/certificates/${COURSE}` } });
    const pdf = await http().get(certificatePath).set(tokens.parent).buffer(true).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The same certificate the child gets (one per learner and course), in the child's name.
    const own = await http().get(`/api/certificates/course/${COURSE}`).set(tokens.student).expect(200);
    expect(own.headers['content-disposition']).toBe(pdf.headers['content-disposition']);

    // The course.completed event goes through the outbox to the worker, which emails the linked parent once.
    await worker.get(OutboxRelay).flush();
    await eventually(() => mail.newestFirst().some((message) => message.subject === 'Aarav Sharma completed Algebra for Class 8'), {
      what: 'the course-completed email',
      timeoutMs: 15_000,
    });
    const completed = mail.newestFirst().filter((message) => message.subject === 'Aarav Sharma completed Algebra for Class 8');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ to: ['kavita@demo.academy'], from: '"Academy" <no-reply@academy.test>' });
    expect(completed[0]!.text).toContain('http://portal.test/parent/child/');
    expect(completed[0]!.html).toContain('<html lang="en">');
  }, 30_000);

  it('sends the weekly summary through the real queue, once per parent and week, and not to a parent who turned it off', async () => {
    const queue = new Queue(PROGRESS_QUEUE, { connection: { url: testEnv.env.REDIS_URL! }, prefix: testEnv.queuePrefix });
    const events = new QueueEvents(PROGRESS_QUEUE, { connection: { url: testEnv.env.REDIS_URL! }, prefix: testEnv.queuePrefix });
    try {
      await events.waitUntilReady();
      const run = async (periodKey: string) =>
        (await queue.add(ProgressJob.ParentWeeklyEmail, { periodKey })).waitUntilFinished(events, 20_000) as Promise<{ sent: number; skipped: number }>;
      expect(await run('2026-11-23')).toEqual({ sent: 1, skipped: 0 });
      expect(await run('2026-11-23')).toEqual({ sent: 0, skipped: 1 });
      const weekly = mail.newestFirst().filter((message) => message.subject === 'Your weekly progress summary from Academy');
      expect(weekly).toHaveLength(1);
      expect(weekly[0]!.to).toEqual(['kavita@demo.academy']);
      expect(weekly[0]!.text).toContain('Aarav Sharma: 2 lectures completed this week');
      expect(weekly[0]!.text).toContain('Algebra for Class 8: 2 of 2 lectures complete (100%), Completed');
      expect(weekly[0]!.html).toContain('<h2 style="font-size: 20px;">Aarav Sharma</h2>');

      const bad = await http().put('/api/parents/email-settings').set(tokens.parent).send({ weeklyProgress: 'no' }).expect(400);
      expect(bad.body.success).toBe(false);
      const saved = await http().put('/api/parents/email-settings').set(tokens.parent).send({ weeklyProgress: false, milestones: true }).expect(200);
      // A request without the alert fields keeps them (the defaults here: 3 quiet days, quiz alerts on).
      expect(saved.body.settings).toEqual({ weeklyProgress: false, milestones: true, inactivityDays: 3, quizAlerts: true });
      expect((await http().get('/api/parents/email-settings').set(tokens.parent).expect(200)).body.settings).toEqual({ weeklyProgress: false, milestones: true, inactivityDays: 3, quizAlerts: true });
      expect(await run('2026-11-30')).toEqual({ sent: 0, skipped: 0 });
    } finally {
      await events.close();
      await queue.close();
    }
  }, 60_000);

  it('explains wrong, expired and malformed codes, and limits wrong attempts per parent', async () => {
    const malformed = await http().post('/api/parents/links').set(tokens.otherParent).send({ code: 'no' }).expect(400);
    expect(malformed.body.message).toMatch(/8 letters and digits/);
    const code = await newCode();
    await db().query(`UPDATE progress.link_codes SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL`);
    const expired = await http().post('/api/parents/links').set(tokens.otherParent).send({ code }).expect(410);
    expect(expired.body.message).toBe(EXPIRED_LINK_CODE_MESSAGE);
    // A new code replaces the previous one.
    const first = await newCode();
    const second = await newCode();
    expect((await http().post('/api/parents/links').set(tokens.otherParent).send({ code: first }).expect(410)).body.message).toBe(EXPIRED_LINK_CODE_MESSAGE);

    let status = 400;
    let attempts = 3; // the used code of the first test and the two expired ones above count
    while (status === 400) {
      const wrong = await http().post('/api/parents/links').set(tokens.otherParent).send({ code: 'ZZZZ2222' });
      status = wrong.status;
      if (status === 400) expect(wrong.body.message).toBe(WRONG_LINK_CODE_MESSAGE);
      else expect(wrong.body).toEqual({ success: false, message: TOO_MANY_LINK_ATTEMPTS_MESSAGE });
      attempts += 1;
    }
    expect(status).toBe(429);
    expect(attempts).toBe(LINK_CODE_MAX_ATTEMPTS_PER_HOUR + 1);
    // Even the right code is refused until the hour has passed, and it stays usable.
    await http().post('/api/parents/links').set(tokens.otherParent).send({ code: second }).expect(429);
    await forgetLinkCodeAttempts(); // the hour has passed
    await http().post('/api/parents/links').set(tokens.otherParent).send({ code: second }).expect(201);
    // A child may have several parents.
    expect((await http().get('/api/parents/links').set(tokens.student).expect(200)).body.parents).toHaveLength(2);
  });

  it('holds the limit under parallel guesses: per parent account, and per network address across accounts', async () => {
    await forgetLinkCodeAttempts();
    const guess = (parent: Record<string, string>) => http().post('/api/parents/links').set(parent).send({ code: 'ZZZZ3333' });
    const count = (answers: { status: number }[]) =>
      answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

    // One parent sends 25 wrong codes at once: exactly 10 are looked at, the rest answer 429.
    const parent = await newParent();
    const burst = await Promise.all(Array.from({ length: 25 }, () => guess(parent)));
    expect(count(burst)).toEqual({ 400: LINK_CODE_MAX_ATTEMPTS_PER_HOUR, 429: 25 - LINK_CODE_MAX_ATTEMPTS_PER_HOUR });
    expect(burst.find((answer) => answer.status === 429)!.body).toEqual({ success: false, message: TOO_MANY_LINK_ATTEMPTS_MESSAGE });

    // Four accounts from one address, 10 guesses each at once: the address allows 30 in the hour.
    await forgetLinkCodeAttempts();
    const accounts = await Promise.all(Array.from({ length: 4 }, () => newParent()));
    const spread = await Promise.all(accounts.flatMap((account) => Array.from({ length: LINK_CODE_MAX_ATTEMPTS_PER_HOUR }, () => guess(account))));
    expect(count(spread)).toEqual({ 400: LINK_CODE_MAX_ATTEMPTS_PER_ADDRESS_PER_HOUR, 429: 40 - LINK_CODE_MAX_ATTEMPTS_PER_ADDRESS_PER_HOUR });

    // A right code gives its attempt back: after it the account still has its 10 wrong guesses.
    await forgetLinkCodeAttempts();
    const fresh = await newParent();
    await http().post('/api/parents/links').set(fresh).send({ code: await newCode() }).expect(201);
    await http().delete(`/api/parents/links/${encodeURIComponent(child)}`).set(fresh).expect(200);
    expect(count(await Promise.all(Array.from({ length: 11 }, () => guess(fresh))))).toEqual({ 400: 10, 429: 1 });
    await forgetLinkCodeAttempts();
  });

  it('lets either side remove the link, after which the parent loses access', async () => {
    const none = await http().delete(`/api/parents/links/${encodeURIComponent(demoUsers.otherParent.sub)}`).set(tokens.educator);
    expect([none.status, none.body]).toEqual([404, { success: false, message: 'No link with this person' }]);
    // The parent removes one link, the child the other.
    await http().delete(`/api/parents/links/${encodeURIComponent(child)}`).set(tokens.otherParent).expect(200);
    await http().delete(`/api/parents/links/${encodeURIComponent(demoUsers.parent.sub)}`).set(tokens.student).expect(200);
    await http().delete(`/api/parents/links/${encodeURIComponent(demoUsers.parent.sub)}`).set(tokens.student).expect(404);
    for (const who of ['parent', 'otherParent'] as const) {
      expect((await http().get(childPath).set(tokens[who]).expect(404)).body.message).toBe(NOT_LINKED_MESSAGE);
      await http().get(certificatePath).set(tokens[who]).expect(404);
    }
    expect((await http().get('/api/parents/links').set(tokens.student).expect(200)).body).toEqual({ success: true, children: [], parents: [] });
    // Catalogue's course access heard of the link made and removed through the outbox, once each, with the link's time
    // (to the microsecond) in both, which orders them there; the 404 above wrote nothing.
    for (const parentId of [demoUsers.parent.sub, demoUsers.otherParent.sub]) {
      const events: { queue: string; name: string; payload: Omit<ParentLinkEvent, 'eventId'> }[] = await db().query(
        `SELECT queue, name, payload FROM progress.outbox WHERE key = $1 AND name LIKE 'parent.%linked' ORDER BY created_at`,
        [`${parentId}/${child}`],
      );
      const [linked, unlinked] = events.slice(-2);
      expect([linked, unlinked].map((event) => [event?.queue, event?.name])).toEqual([['catalogue-events', 'parent.linked'], ['catalogue-events', 'parent.unlinked']]);
      expect(unlinked!.payload).toEqual(linked!.payload);
      expect(parentLinkEventSchema.parse({ ...linked!.payload, eventId: 'e' })).toMatchObject({ parentId, childId: child });
      expect(linked!.payload.linkedAt).toMatch(/\.\d{6}Z$/);
    }
  });

  it("an account that chose \"I'm a parent\" at sign-up is a parent with no role in its token; a learner or an educator cannot choose it", async () => {
    const sub = `test|signup-${randomUUID().slice(0, 8)}`;
    const fresh = { Authorization: `Bearer ${await testEnv.issuer.sign({ ...demoUsers.student, sub, name: 'Rekha Verma', email: `${sub.slice(5)}@example.test` })}` };
    expect((await http().get('/api/user/data').set(fresh).expect(200)).body.user.publicMetadata).toEqual({ role: 'student' });
    await http().get('/api/parents/email-settings').set(fresh).expect(403);
    // Bad input is a 400 naming the field; only the parent role can be chosen.
    for (const body of [{}, { role: 'educator' }, { role: 'academy-admin' }, { role: 7 }]) {
      expect((await http().put('/api/user/data/role').set(fresh).send(body).expect(400)).body.message).toMatch(/role/);
    }
    const chosen = await http().put('/api/user/data/role').set(fresh).send({ role: 'parent' }).expect(200);
    expect(chosen.body.user.publicMetadata).toEqual({ role: 'parent' });
    await http().put('/api/user/data/role').set(fresh).send({ role: 'parent' }).expect(200); // idempotent
    expect((await http().get('/api/user/data').set(fresh).expect(200)).body.user.publicMetadata).toEqual({ role: 'parent' });
    // Every parent route now works for it, and the internal check tells commerce it is a parent.
    await http().get('/api/parents/email-settings').set(fresh).expect(200);
    const linked = await http().post('/api/parents/links').set(fresh).send({ code: await newCode() }).expect(201);
    expect(linked.body.child.id).toBe(child);
    await http().get(childPath).set(fresh).expect(200);
    const internal = await http().get(`/internal/parents/${encodeURIComponent(sub)}/children/${encodeURIComponent(child)}`).set('X-Internal-Token', TEST_INTERNAL_TOKEN).expect(200);
    expect(internal.body).toMatchObject({ chosenParentRole: true, linked: true });
    await http().delete(`/api/parents/links/${encodeURIComponent(child)}`).set(fresh).expect(200);

    // A learner with a course, and an educator, keep what they are.
    const refused = await http().put('/api/user/data/role').set(tokens.student).send({ role: 'parent' }).expect(409);
    expect(refused.body.message).toBe('This account already learns or teaches here. Create a separate account for the parent.');
    await http().put('/api/user/data/role').set(tokens.educator).send({ role: 'parent' }).expect(409);
    expect((await http().get('/api/user/data').set(tokens.student).expect(200)).body.user.publicMetadata).toEqual({ role: 'student' });
    const studentCheck = await http().get(`/internal/parents/${encodeURIComponent(child)}/children/${encodeURIComponent(sub)}`).set('X-Internal-Token', TEST_INTERNAL_TOKEN).expect(200);
    expect(studentCheck.body).toMatchObject({ chosenParentRole: false, linked: false });
  });

  describe("parents' alerts (the repeatable job: never twice, opt-out respected)", () => {
    const DAY = 86_400_000;
    const alertsJob = () => worker.get(ParentAlertsJob);
    const runAlerts = (now: Date) => alertsJob().handle({ data: { now: now.toISOString() } } as Job<ParentAlertsData, ParentAlertsResult>);
    const alertsOf = async (parentSub: string) =>
      (await db().query(`SELECT "title", "link", "emailed_at" IS NOT NULL AS "emailed" FROM "progress"."notifications" WHERE "user_id" = $1 AND "kind" = 'parent_alert' ORDER BY "created_at"`, [parentSub])) as {
        title: string; link: string; emailed: boolean;
      }[];
    /** A new child enrolled in the quiz course, linked to a new parent (and a second parent who turned alerts off). */
    const family = async () => {
      const kidSub = `test|kid-${randomUUID().slice(0, 8)}`;
      const kid = { Authorization: `Bearer ${await testEnv.issuer.sign({ ...demoUsers.student, sub: kidSub, name: 'Rohit Verma', email: `${kidSub.slice(5)}@example.test` })}` };
      await http().get('/api/user/data').set(kid).expect(200);
      await http().post('/internal/enrolments').set('X-Internal-Token', TEST_INTERNAL_TOKEN).send({ purchaseId: randomUUID(), userId: kidSub, courseId: QUIZ_COURSE }).expect(200);
      const parents = [] as { sub: string; token: Record<string, string> }[];
      for (const name of ['Rekha Verma', 'Suresh Verma']) {
        const sub = `test|parent-${randomUUID().slice(0, 8)}`;
        const token = { Authorization: `Bearer ${await testEnv.issuer.sign({ ...demoUsers.parent, sub, name, email: `${sub.slice(5)}@example.test` })}` };
        const { body } = await http().post('/api/parents/link-codes').set(kid).expect(201);
        await http().post('/api/parents/links').set(token).send({ code: body.linkCode.code }).expect(201);
        parents.push({ sub, token });
      }
      return { kidSub, kid, parents: parents as [{ sub: string; token: Record<string, string> }, { sub: string; token: Record<string, string> }] };
    };

    it('a child quiet for the parent\'s number of days: one alert per quiet spell, in the bell and by email; a parent who turned it off gets none', async () => {
      const { kidSub, kid, parents: [rekha, suresh] } = await family();
      // Suresh turns the quiet alert off; Rekha keeps the default (3 days), then moves it to 5 and back.
      const off = await http().put('/api/parents/email-settings').set(suresh.token).send({ weeklyProgress: true, milestones: true, inactivityDays: null }).expect(200);
      expect(off.body.settings).toEqual({ weeklyProgress: true, milestones: true, inactivityDays: null, quizAlerts: true });
      const bad = await http().put('/api/parents/email-settings').set(rekha.token).send({ weeklyProgress: true, milestones: true, inactivityDays: 0 }).expect(400);
      expect(bad.body.message).toMatch(/inactivityDays must be a whole number of days from 1 to 30/);
      expect((await http().get('/api/parents/email-settings').set(rekha.token).expect(200)).body.settings).toEqual({ weeklyProgress: true, milestones: true, inactivityDays: 3, quizAlerts: true });

      const linkedAt = Date.now();
      expect((await runAlerts(new Date(linkedAt + 2 * DAY))).inactive).toBe(0); // not quiet long enough
      // Through the real queue, as the repeatable job runs it.
      const queue = new Queue(PROGRESS_QUEUE, { connection: { url: testEnv.env.REDIS_URL! }, prefix: testEnv.queuePrefix });
      const events = new QueueEvents(PROGRESS_QUEUE, { connection: { url: testEnv.env.REDIS_URL! }, prefix: testEnv.queuePrefix });
      try {
        await events.waitUntilReady();
        const job = await queue.add(ProgressJob.ParentAlerts, { now: new Date(linkedAt + 4 * DAY).toISOString() });
        expect(await job.waitUntilFinished(events, 20_000)).toEqual({ inactive: 1, quizFailedTwice: 0 });
      } finally {
        await events.close();
        await queue.close();
      }
      // Never twice for the same spell, however often the job runs (and concurrently).
      const again = await Promise.all([runAlerts(new Date(linkedAt + 5 * DAY)), runAlerts(new Date(linkedAt + 6 * DAY))]);
      expect(again.map((result) => result.inactive)).toEqual([0, 0]);
      const alerts = await alertsOf(rekha.sub);
      expect(alerts).toEqual([{ title: 'Rohit Verma has not studied for 4 days', link: `/parent/child/${encodeURIComponent(kidSub)}`, emailed: true }]);
      expect(await alertsOf(suresh.sub)).toEqual([]);
      const email = mail.newestFirst().find((message) => message.to.includes(`${rekha.sub.slice(5)}@example.test`) && message.subject === 'Rohit Verma has not studied for 4 days');
      expect(email?.text).toContain('To change or stop these alerts, open My Children');

      // The child studies again: a new spell, a new alert once it is long enough.
      await http().post('/api/user/update-course-progress').set(kid).send({ courseId: QUIZ_COURSE, lectureId: '44444444-4444-4444-8444-444444444452' }).expect(200);
      const studied = Date.now();
      expect((await runAlerts(new Date(studied + DAY))).inactive).toBe(0);
      expect((await runAlerts(new Date(studied + 3 * DAY + 60_000))).inactive).toBe(1);
      expect((await runAlerts(new Date(studied + 3 * DAY + 120_000))).inactive).toBe(0);
      expect((await alertsOf(rekha.sub)).map((alert) => alert.title)).toEqual(['Rohit Verma has not studied for 4 days', 'Rohit Verma has not studied for 3 days']);
      expect(await alertsOf(suresh.sub)).toEqual([]);

      // An unlinked parent hears nothing more of the child.
      await http().delete(`/api/parents/links/${encodeURIComponent(kidSub)}`).set(rekha.token).expect(200);
      expect((await runAlerts(new Date(studied + 30 * DAY))).inactive).toBe(0);
    });

    it('a quiz failed twice: one alert per quiz with the best score and the pass mark; quizAlerts off is respected; a completed course is in the bell too', async () => {
      const { kidSub, kid, parents: [rekha, suresh] } = await family();
      await http().put('/api/parents/email-settings').set(suresh.token).send({ weeklyProgress: true, milestones: true, quizAlerts: false }).expect(200);
      const attempt = (choice: number) =>
        http().post(`/api/user/quizzes/${QUIZ_COURSE}/${QUIZ_ID}/attempts`).set(kid).send({ attemptId: randomUUID(), quizVersion: 1, answers: { q1: [choice] } }).expect(200);
      await attempt(1);
      expect((await runAlerts(new Date())).quizFailedTwice).toBe(0); // once is not twice
      await attempt(1);
      expect((await runAlerts(new Date())).quizFailedTwice).toBe(1);
      await attempt(1); // a third failure is the same alert
      expect((await runAlerts(new Date())).quizFailedTwice).toBe(0);
      expect((await alertsOf(rekha.sub)).map((alert) => alert.title)).toEqual(['Rohit Verma did not pass The cell check in Cells for Class 8 twice']);
      expect(await alertsOf(suresh.sub)).toEqual([]);
      const email = mail.newestFirst().find((message) => message.subject === 'Rohit Verma did not pass The cell check in Cells for Class 8 twice');
      expect(email?.text).toContain('The best score so far is 0%; the pass mark is 60%.');

      // Passing the quiz and the lecture completes the course: each parent who wants milestones sees it in the bell.
      await attempt(0);
      await http().post('/api/user/update-course-progress').set(kid).send({ courseId: QUIZ_COURSE, lectureId: '44444444-4444-4444-8444-444444444452' }).expect(200);
      const view = await http().get(`/api/parents/children/${encodeURIComponent(kidSub)}`).set(rekha.token).expect(200);
      expect(view.body.courses[0]).toMatchObject({ status: 'completed', certificateLine: 'Ready', quizScores: [expect.objectContaining({ bestPercent: 100, passMark: 60, passed: true })] });
      await waitForCompletionAlert(rekha.sub);
      expect((await alertsOf(rekha.sub)).map((alert) => alert.title)).toContain('Rohit Verma completed Cells for Class 8');
    });

    /** The completion alert comes from the outbox event through the worker. */
    const waitForCompletionAlert = async (parentSub: string) => {
      await worker.get(OutboxRelay).flush();
      const deadline = Date.now() + 15_000;
      while (!(await alertsOf(parentSub)).some((alert) => alert.title.endsWith('completed Cells for Class 8')) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    it('ask the educator: one thread per child and course; the educator answers from the inbox; both are told; another parent, another educator and an unlinked parent get nothing', async () => {
      const { kidSub, parents: [rekha] } = await family();
      const threadPath = `/api/parents/children/${encodeURIComponent(kidSub)}/threads/${QUIZ_COURSE}`;
      const empty = await http().get(threadPath).set(rekha.token).expect(200);
      expect(empty.body.thread).toEqual({ id: null, childId: kidSub, childName: 'Rohit Verma', parentName: 'Rekha Verma', courseId: QUIZ_COURSE, courseTitle: 'Cells for Class 8', messages: [] });
      // A course the child does not take, bad input, a student and another parent.
      expect((await http().get(`/api/parents/children/${encodeURIComponent(kidSub)}/threads/${COURSE}`).set(rekha.token).expect(404)).body.message).toBe('Your child is not enrolled in this course');
      expect((await http().post(`${threadPath}/messages`).set(rekha.token).send({ text: '   ' }).expect(400)).body.message).toBe('Invalid request: text: Write your message');
      await http().post(`${threadPath}/messages`).set(rekha.token).send({ text: 'x'.repeat(2001) }).expect(400);
      await http().get(threadPath).set(tokens.student).expect(403);
      expect((await http().get(threadPath).set(tokens.otherParent).expect(404)).body.message).toBe(NOT_LINKED_MESSAGE);
      await http().post(`${threadPath}/messages`).set(tokens.otherParent).send({ text: 'Hello' }).expect(404);

      const sent = await http().post(`${threadPath}/messages`).set(rekha.token).send({ text: 'Rohit finds chapter 1 hard. What should he revise?' }).expect(201);
      const threadId = sent.body.thread.id as string;
      expect(sent.body.thread.messages).toEqual([expect.objectContaining({ from: 'parent', authorName: 'Rekha Verma', text: 'Rohit finds chapter 1 hard. What should he revise?' })]);

      // The course's educator sees it in the inbox and answers; another educator sees nothing and cannot answer.
      const inbox = await http().get('/api/educator/inbox/parent-threads').set(tokens.educator).expect(200);
      expect(inbox.body.threads.find((thread: { id: string }) => thread.id === threadId)).toMatchObject({ childName: 'Rohit Verma', parentName: 'Rekha Verma', courseTitle: 'Cells for Class 8' });
      const otherEducator = { Authorization: `Bearer ${await testEnv.issuer.sign({ ...demoUsers.educator, sub: `test|educator-${randomUUID().slice(0, 8)}` })}` };
      expect((await http().get('/api/educator/inbox/parent-threads').set(otherEducator).expect(200)).body.threads).toEqual([]);
      await http().post(`/api/educator/inbox/parent-threads/${threadId}/messages`).set(otherEducator).send({ text: 'Hi' }).expect(404);
      await http().post('/api/educator/inbox/parent-threads/not-an-id/messages').set(tokens.educator).send({ text: 'Hi' }).expect(400);
      await http().get('/api/educator/inbox/parent-threads').set(rekha.token).expect(403);
      await http().post(`/api/educator/inbox/parent-threads/${threadId}/messages`).set(tokens.educator).send({ text: 'Lectures 1.1 and 1.2, then the quiz again.' }).expect(201);
      const both = await http().get(threadPath).set(rekha.token).expect(200);
      expect(both.body.thread.messages.map((message: { from: string }) => message.from)).toEqual(['parent', 'educator']);
      // A second message stays in the same thread.
      const again = await http().post(`${threadPath}/messages`).set(rekha.token).send({ text: 'Thank you!' }).expect(201);
      expect(again.body.thread.id).toBe(threadId);

      // Both are told: a notification each (through the outbox and the worker), with its email.
      await worker.get(OutboxRelay).flush();
      const told = async (userId: string) =>
        (await db().query(`SELECT "title", "link" FROM "progress"."notifications" WHERE "user_id" = $1 AND "kind" = 'parent_message' ORDER BY "created_at"`, [userId])) as { title: string; link: string }[];
      const deadline = Date.now() + 15_000;
      while (((await told(demoUsers.educator.sub)).length < 2 || (await told(rekha.sub)).length < 1) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await told(demoUsers.educator.sub)).filter((item) => item.link.includes(threadId))).toHaveLength(2);
      expect(await told(rekha.sub)).toEqual([{ title: "Meera Iyer answered about Rohit Verma's Cells for Class 8", link: `/parent/child/${encodeURIComponent(kidSub)}#ask-the-educator` }]);

      // The link goes: at once neither side can read or write the thread.
      await http().delete(`/api/parents/links/${encodeURIComponent(kidSub)}`).set(rekha.token).expect(200);
      await http().get(threadPath).set(rekha.token).expect(404);
      await http().post(`${threadPath}/messages`).set(rekha.token).send({ text: 'Hello?' }).expect(404);
      expect((await http().get('/api/educator/inbox/parent-threads').set(tokens.educator).expect(200)).body.threads.some((thread: { id: string }) => thread.id === threadId)).toBe(false);
      await http().post(`/api/educator/inbox/parent-threads/${threadId}/messages`).set(tokens.educator).send({ text: 'Still there?' }).expect(404);
    });

    it("the weekly report's preview: the email as it would go now, for parents only", async () => {
      const { parents: [rekha] } = await family();
      const preview = await http().get('/api/parents/weekly-report/preview').set(rekha.token).expect(200);
      expect(preview.body.preview.subject).toBe('Your weekly progress summary from Academy');
      expect(preview.body.preview.text).toContain('Rohit Verma: 0 lectures completed this week');
      expect(preview.body.preview.text).toContain('Cells for Class 8: 0 of 1 lecture complete (0%), Not started (certificate: needs 1 more lecture to complete; pass The cell check: not attempted yet, pass mark 60%)');
      await http().get('/api/parents/weekly-report/preview').set(tokens.student).expect(403);
      await http().get('/api/parents/weekly-report/preview').expect(401);
    });

    it("the weekly email goes in each parent's chosen language: Hindi to the one who chose it, English to the other", async () => {
      const { parents: [rekha, suresh] } = await family();
      await http().put('/api/user/data/language').set(rekha.token).send({ language: 'hi' }).expect(200);
      const preview = await http().get('/api/parents/weekly-report/preview').set(rekha.token).expect(200);
      expect(preview.body.preview.subject).toBe('Academy से आपकी साप्ताहिक प्रगति रिपोर्ट');

      const queue = new Queue(PROGRESS_QUEUE, { connection: { url: testEnv.env.REDIS_URL! }, prefix: testEnv.queuePrefix });
      const events = new QueueEvents(PROGRESS_QUEUE, { connection: { url: testEnv.env.REDIS_URL! }, prefix: testEnv.queuePrefix });
      try {
        await events.waitUntilReady();
        await (await queue.add(ProgressJob.ParentWeeklyEmail, { periodKey: '2026-12-07' })).waitUntilFinished(events, 20_000);
      } finally {
        await events.close();
        await queue.close();
      }
      const to = (sub: string) => mail.newestFirst().filter((message) => message.to.includes(`${sub.slice(5)}@example.test`));
      const [hindi] = to(rekha.sub);
      expect(hindi?.subject).toBe('Academy से आपकी साप्ताहिक प्रगति रिपोर्ट');
      expect(hindi?.text).toContain('नमस्ते Rekha Verma,');
      expect(hindi?.text).toContain('Rohit Verma: इस सप्ताह पूरे किए गए लेक्चर: 0');
      expect(hindi?.text).toContain(
        'Cells for Class 8: 1 लेक्चर में से 0 पूरे (0%), शुरू नहीं किया (प्रमाणपत्र के लिए बाकी: 1 और लेक्चर पूरा करना है; क्विज़ पास करनी है: The cell check: अभी तक नहीं दी, पास होने के लिए 60%)',
      );
      expect(hindi?.html).toContain('<html lang="hi">');
      expect(hindi?.html).toContain('<h1 style="font-size: 24px;">साप्ताहिक प्रगति रिपोर्ट</h1>');
      expect(hindi?.text).not.toMatch(/lectures? completed|Hello/);

      const [english] = to(suresh.sub);
      expect(english?.subject).toBe('Your weekly progress summary from Academy');
      expect(english?.text).toContain('Rohit Verma: 0 lectures completed this week');
      expect(english?.html).toContain('<html lang="en">');
      expect(english?.text).not.toMatch(/[\u0900-\u097F]/);
    }, 60_000);
  });
});
