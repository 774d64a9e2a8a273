// Notifications: made from doubts' outbox events by the real worker, listed, counted, marked read, streamed live,
// emailed to the sandbox's SMTP server unless the kind is turned off; against real PostgreSQL and Redis.
import type { InternalCourse, NotificationItem } from '@academy/contracts';
import { startTestCatalogue, type TestCatalogue } from '@academy/catalogue/testing';
import { runMigrations } from '@academy/service-core';
import { demoUsers, eventually, prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, untilWorkSettled, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { MailStore, startSmtpInbox, type RunningSmtpInbox } from '@academy/sandbox/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { progressDatabase } from '../database.js';
import { PROGRESS_QUEUE } from '../queue/progress-jobs.js';
import { WorkerModule } from '../worker.module.js';
import { NotificationDelivery } from './notification-delivery.js';

const COURSE = '51111111-1111-4111-8111-111111111110';
const LECTURE = '51111111-1111-4111-8111-111111111111';

const course: InternalCourse = {
  _id: COURSE,
  courseTitle: 'Physics for Class 9',
  courseThumbnail: 'https://example.test/thumb.png',
  coursePrice: 0,
  discount: 0,
  educatorId: demoUsers.educator.sub,
  educatorName: 'Meera Iyer',
  isPublished: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  courseContent: [
    {
      chapterId: '51111111-1111-4111-8111-11111111111a',
      chapterOrder: 1,
      chapterTitle: 'Motion',
      chapterContent: [
        { lectureId: LECTURE, lectureOrder: 1, lectureTitle: 'Speed', lectureDuration: 10, lectureUrl: 'https://media.example.test/a.mp4', isPreviewFree: false, notesUrl: null, testUrl: null },
      ],
    },
  ],
};

describe('notifications (real PostgreSQL, Redis, worker, SMTP and catalogue)', () => {
  let catalogue: TestCatalogue;
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;
  let worker: INestApplicationContext;
  let smtp: RunningSmtpInbox;
  let mail: MailStore;
  let mailDir: string;
  let baseUrl: string;
  const tokens = {} as Record<'asker' | 'educator' | 'classmate', Record<string, string>>;

  const http = () => request(app.getHttpServer());
  const list = async (who: Record<string, string>) =>
    (await http().get('/api/notifications').set(who).expect(200)).body as { notifications: NotificationItem[]; unreadCount: number; nextCursor: string | null };
  const mailTo = (address: string, subject: string) => mail.newestFirst().filter((message) => message.to.includes(address) && message.subject === subject);
  const delivery = () => worker.get(NotificationDelivery);
  /** Every event of the outbox relayed and handled: then "nobody was told" can be asserted. */
  const settledWork = () => ({
    redisUrl: testEnv.env.REDIS_URL!,
    prefix: testEnv.queuePrefix,
    queues: [PROGRESS_QUEUE],
    outboxPending: async () => Number((await app.get(DataSource).query('SELECT count(*) AS n FROM progress.outbox WHERE dispatched_at IS NULL'))[0].n),
  });

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
    await catalogue.putCourses([course]);
    await runMigrations({ url: testEnv.database.url, ...progressDatabase });
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    const users = { asker: demoUsers.student, classmate: demoUsers.otherStudent, educator: demoUsers.educator };
    for (const [name, user] of Object.entries(users) as [keyof typeof users, (typeof users)[keyof typeof users]][]) {
      tokens[name] = { Authorization: `Bearer ${await testEnv.issuer.sign(user)}` };
      await http().get('/api/user/data').set(tokens[name]).expect(200); // users (and their email) are created on first sight
    }
    for (const user of [demoUsers.student, demoUsers.otherStudent]) {
      await http()
        .post('/internal/enrolments')
        .set('X-Internal-Token', TEST_INTERNAL_TOKEN)
        .send({ purchaseId: randomUUID(), userId: user.sub, courseId: COURSE, name: user.name, email: user.email })
        .expect(200);
    }
  }, 60_000);

  let appClosed = false;
  afterAll(async () => {
    await worker?.close();
    if (!appClosed) await app?.close();
    await catalogue?.close();
    await testEnv?.teardown();
    await smtp?.close();
    if (mailDir) await rm(mailDir, { recursive: true, force: true });
  });

  // Every row has four entries: a shorter one would make jest take the test's fourth parameter for `done`.
  const everyRoute: [string, 'get' | 'post' | 'put', string, object | undefined][] = [
    ['list', 'get', '/api/notifications', undefined],
    ['count unread', 'get', '/api/notifications/unread-count', undefined],
    ['mark one read', 'post', `/api/notifications/${randomUUID()}/read`, undefined],
    ['mark all read', 'post', '/api/notifications/read-all', undefined],
    ['read email settings', 'get', '/api/notifications/email-settings', undefined],
    ['save email settings', 'put', '/api/notifications/email-settings', { doubt_answered: true, doubt_new: true, assignment_reviewed: true, live_class: true }],
    ['stream', 'get', '/api/notifications/stream', undefined],
  ];

  it.each(everyRoute)('%s answers 401 signed out', async (_name, method, route, body) => {
    const call = http()[method](route);
    const answer = await (body ? call.send(body) : call).expect(401);
    expect(answer.body.message).toMatch(/^Sign in to continue/);
  });

  it("tells the educator of a new doubt and the asker of its answer: bell, live stream and email, each once", async () => {
    // The asker's page is open: the stream says the count at once, then each new notification.
    const controller = new AbortController();
    const stream = await fetch(`${baseUrl}/api/notifications/stream`, { headers: tokens.asker, signal: controller.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toContain('no-transform');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    const reader = stream.body!.getReader();
    let received = '';
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 15_000;
      while (!received.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`stream never said ${needle}: ${received}`);
        const { value, done } = await reader.read();
        if (done) throw new Error('stream closed');
        received += new TextDecoder().decode(value);
      }
    };
    await readUntil('event: unread\ndata: {"unreadCount":0}');

    const asked = await http().post(`/api/doubts/${COURSE}`).set(tokens.asker).send({ lectureId: LECTURE, atSecond: 42, text: 'Why is speed a scalar?' }).expect(201);
    const doubtId: string = asked.body.doubt.id;
    const forEducator = await eventually(async () => (await list(tokens.educator)).notifications.find((item) => item.kind === 'doubt_new'), { what: 'the doubt_new notification', timeoutMs: 15_000 });
    expect(forEducator).toMatchObject({ title: 'Aarav Sharma asked a doubt in Physics for Class 9', link: `/educator/inbox?courseId=${COURSE}`, read: false });
    await eventually(() => (mailTo('meera@demo.academy', forEducator.title).length > 0 ? true : undefined), { what: "the educator's email", timeoutMs: 15_000 });

    // A classmate's answer and the educator's: two notifications for the asker, live on the open stream.
    await http().post(`/api/doubts/${COURSE}/${doubtId}/answers`).set(tokens.educator).send({ text: 'Because it has no direction.' }).expect(201);
    await readUntil('event: notification');
    const live = JSON.parse(/event: notification\nid: [^\n]+\ndata: ([^\n]+)/.exec(received)![1]!) as { unreadCount: number; notification: NotificationItem };
    expect(live).toMatchObject({
      unreadCount: 1,
      notification: { kind: 'doubt_answered', title: 'Meera Iyer (educator) answered your doubt in Physics for Class 9', link: `/player/${COURSE}?lecture=${LECTURE}&doubt=${doubtId}`, read: false },
    });
    controller.abort();

    const email = await eventually(() => mailTo('aarav@demo.academy', live.notification.title)[0], { what: "the asker's email", timeoutMs: 15_000 });
    expect(email.text).toContain(`http://portal.test/player/${COURSE}?lecture=${LECTURE}&doubt=${doubtId}`);
    expect(email.html).toContain('<h1 style="font-size: 22px;">Meera Iyer (educator) answered your doubt in Physics for Class 9</h1>');

    // The asker answering their own doubt tells nobody; the educator asking in their course tells nobody.
    await http().post(`/api/doubts/${COURSE}/${doubtId}/answers`).set(tokens.asker).send({ text: 'Thanks!' }).expect(201);
    await http().post(`/api/doubts/${COURSE}`).set(tokens.educator).send({ lectureId: LECTURE, atSecond: 1, text: 'Pinned: ask here' }).expect(201);
    await untilWorkSettled(settledWork());
    expect((await list(tokens.asker)).notifications.filter((item) => item.kind === 'doubt_answered')).toHaveLength(1);
    expect((await list(tokens.educator)).notifications.filter((item) => item.kind === 'doubt_new')).toHaveLength(1);
    expect(mailTo('aarav@demo.academy', live.notification.title)).toHaveLength(1);
  });

  it('makes one notification and one email of a repeated event (assignment.reviewed through its entry point)', async () => {
    const event = {
      eventId: randomUUID(), courseId: COURSE, assignmentId: randomUUID(), submissionId: randomUUID(), learnerId: demoUsers.otherStudent.sub, marks: 8, maxMarks: 10,
    };
    const first = await delivery().assignmentReviewed(event);
    const again = await delivery().assignmentReviewed(event);
    expect(first).toEqual({ created: true, emailed: true });
    expect(again).toEqual({ created: false, emailed: false });
    const mine = (await list(tokens.classmate)).notifications.filter((item) => item.kind === 'assignment_reviewed');
    expect(mine).toEqual([
      expect.objectContaining({ title: 'Your assignment in Physics for Class 9 was reviewed: 8/10', link: `/player/${COURSE}?assignment=${event.assignmentId}` }),
    ]);
    const emails = mailTo('diya@demo.academy', 'Your assignment in Physics for Class 9 was reviewed: 8/10');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain('turn it off under Email settings');
    // The event as the assignments work writes it is checked: a bad one is refused, nothing is written.
    await expect(delivery().assignmentReviewed({ ...event, eventId: randomUUID(), marks: -1 })).rejects.toThrow();
    expect((await list(tokens.classmate)).notifications.filter((item) => item.kind === 'assignment_reviewed')).toHaveLength(1);
  });

  it("words the bell's item and the email in the recipient's chosen language: Hindi for one who chose it", async () => {
    const sub = `test|learner-${randomUUID().slice(0, 8)}`;
    const email = `${sub.slice(5)}@example.test`;
    const learner = { Authorization: `Bearer ${await testEnv.issuer.sign({ ...demoUsers.student, sub, name: 'Kabir Mehta', email })}` };
    await http().put('/api/user/data/language').set(learner).send({ language: 'hi' }).expect(200);
    const answered = await delivery().doubtAnswered({
      eventId: randomUUID(), doubtId: randomUUID(), answerId: randomUUID(), courseId: COURSE, courseTitle: 'Physics for Class 9', lectureId: LECTURE,
      askerId: sub, answererId: demoUsers.educator.sub, answererName: 'Meera Iyer', byEducator: true,
    });
    expect(answered).toEqual({ created: true, emailed: true });
    const title = 'Meera Iyer (शिक्षक) ने Physics for Class 9 में आपके डाउट का जवाब दिया है';
    expect((await list(learner)).notifications).toEqual([expect.objectContaining({ kind: 'doubt_answered', title })]);
    const [hindi] = mailTo(email, title);
    expect(hindi?.text).toContain('नमस्ते Kabir Mehta,');
    expect(hindi?.text).toContain(`${title}।`);
    expect(hindi?.text).toContain('जवाब पढ़ने के लिए लेक्चर खोलें।');
    expect(hindi?.html).toContain('<html lang="hi">');
    expect(hindi?.html).toContain('>Academy पर खोलें</a>');

    // Marks through the formatting module, the same numbers in Hindi.
    const reviewed = { eventId: randomUUID(), courseId: COURSE, assignmentId: randomUUID(), submissionId: randomUUID(), learnerId: sub, marks: 8, maxMarks: 10 };
    await delivery().assignmentReviewed(reviewed);
    expect(mailTo(email, 'Physics for Class 9 में आपका असाइनमेंट जाँच लिया गया है: 8/10')).toHaveLength(1);
  });

  it('sends no email of a kind turned off, but still makes the bell item; settings are checked and per user', async () => {
    expect((await http().get('/api/notifications/email-settings').set(tokens.classmate).expect(200)).body.settings).toEqual({
      doubt_answered: true, doubt_new: true, assignment_reviewed: true, live_class: true,
    });
    const bad = await http().put('/api/notifications/email-settings').set(tokens.classmate).send({ doubt_answered: 'no', doubt_new: true, assignment_reviewed: true, live_class: true }).expect(400);
    expect(bad.body.message).toContain('doubt_answered must be true or false');
    expect((await http().get('/api/notifications/email-settings').set(tokens.classmate).expect(200)).body.settings.doubt_answered).toBe(true);
    await http().put('/api/notifications/email-settings').set(tokens.classmate).send({ doubt_answered: true }).expect(400);

    const saved = await http()
      .put('/api/notifications/email-settings')
      .set(tokens.classmate)
      .send({ doubt_answered: true, doubt_new: true, assignment_reviewed: false, live_class: true })
      .expect(200);
    expect(saved.body.settings).toEqual({ doubt_answered: true, doubt_new: true, assignment_reviewed: false, live_class: true });
    // Another user's settings are untouched.
    expect((await http().get('/api/notifications/email-settings').set(tokens.asker).expect(200)).body.settings.assignment_reviewed).toBe(true);

    const event = {
      eventId: randomUUID(), courseId: COURSE, assignmentId: randomUUID(), submissionId: randomUUID(), learnerId: demoUsers.otherStudent.sub, marks: 3, maxMarks: 5,
    };
    expect(await delivery().assignmentReviewed(event)).toEqual({ created: true, emailed: false });
    expect((await list(tokens.classmate)).notifications[0]).toMatchObject({ title: 'Your assignment in Physics for Class 9 was reviewed: 3/5', read: false });
    await untilWorkSettled(settledWork());
    expect(mailTo('diya@demo.academy', 'Your assignment in Physics for Class 9 was reviewed: 3/5')).toHaveLength(0);
  });

  it("counts unread, marks one or all read, and never touches another user's", async () => {
    const before = await list(tokens.classmate);
    expect(before.unreadCount).toBe(2);
    const [newest] = before.notifications;
    await http().post(`/api/notifications/${newest!.id}/read`).set(tokens.asker).expect(404);
    await http().post('/api/notifications/not-an-id/read').set(tokens.classmate).expect(400);
    const read = await http().post(`/api/notifications/${newest!.id}/read`).set(tokens.classmate).expect(200);
    expect(read.body.unreadCount).toBe(1);
    await http().post(`/api/notifications/${newest!.id}/read`).set(tokens.classmate).expect(200); // again: nothing changes
    expect((await http().get('/api/notifications/unread-count').set(tokens.classmate).expect(200)).body.unreadCount).toBe(1);
    const askerUnread = (await list(tokens.asker)).unreadCount;
    expect((await http().post('/api/notifications/read-all').set(tokens.classmate).expect(200)).body.unreadCount).toBe(0);
    expect((await list(tokens.asker)).unreadCount).toBe(askerUnread);
  });

  it('pages the list by keyset, newest first, and refuses a bad cursor', async () => {
    await http().put('/api/notifications/email-settings').set(tokens.classmate).send({ doubt_answered: true, doubt_new: true, assignment_reviewed: false, live_class: true }).expect(200);
    for (let index = 0; index < 22; index += 1) {
      await delivery().assignmentReviewed({
        eventId: randomUUID(), courseId: COURSE, assignmentId: randomUUID(), submissionId: randomUUID(), learnerId: demoUsers.otherStudent.sub, marks: index, maxMarks: 30,
      });
    }
    const first = await list(tokens.classmate);
    expect(first.notifications).toHaveLength(20);
    expect(first.notifications[0]!.title).toContain('21/30');
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await http().get('/api/notifications').query({ cursor: first.nextCursor }).set(tokens.classmate).expect(200)).body as typeof first;
    expect(second.notifications).toHaveLength(4); // 2 more of this test, 2 of the earlier tests
    expect(second.nextCursor).toBeNull();
    const ids = new Set([...first.notifications, ...second.notifications].map((item) => item.id));
    expect(ids.size).toBe(24);
    const bad = await http().get('/api/notifications').query({ cursor: 'nonsense' }).set(tokens.classmate).expect(400);
    expect(bad.body.message).toContain('cursor is not valid');
    expect(await app.get(DataSource).query(`SELECT count(*)::int AS n FROM "progress"."notifications" WHERE "user_id" = $1`, [demoUsers.otherStudent.sub])).toEqual([{ n: 24 }]);
  });

  // Last: it shuts the HTTP app down.
  it('ends open streams when the instance shuts down, so it closes at once (the browser reconnects elsewhere)', async () => {
    const stream = await fetch(`${baseUrl}/api/notifications/stream`, { headers: tokens.asker });
    const reader = stream.body!.getReader();
    await reader.read();
    const started = Date.now();
    appClosed = true;
    await app.close();
    for (;;) if ((await reader.read()).done) break;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
