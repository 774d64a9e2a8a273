import { LIVE_CLASS_NOTICE_JOB, LIVE_CLASS_NOTICE_QUEUE, LIVE_GATEWAY_PATH, LIVE_UNAVAILABLE_MESSAGE, liveClassNoticeJobId, type DoubtPage, type LiveAck, type LiveChatMessage, type LiveClassAttended, type LiveClassDto, type LiveDoubt, type LiveJoinAnswer, type NotificationItem } from '@academy/contracts';
import { INTERNAL_TOKEN_HEADER, OBJECT_STORAGE, OutboxWriter, runMigrations } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, type ServiceTestEnvironment } from '@academy/service-core/testing';
import {
  CatalogueAppModule,
  catalogueDatabase,
  catalogueOutbox,
  CatalogueWorkerModule,
  CourseCache,
  LiveClassesRepository,
  NOT_ENROLLED_IN_CLASS_MESSAGE,
  RecordLiveClassJob,
  START_IN_PAST_MESSAGE,
  VideosRepository,
  type RecordLiveClassData,
} from '@academy/catalogue/testing';
import { NotificationDelivery, ProgressAppModule, progressDatabase, ProgressGatewayModule, ProgressWorkerModule, RedisIoAdapter } from '../testing/index.js';
import { io, type Socket } from 'socket.io-client';
import { MailStore, startSmtpInbox, type RunningSmtpInbox } from '@academy/sandbox/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082', 'hex');
const OTHER_EDUCATOR = { sub: 'sandbox|educator-ravi', name: 'Ravi Kumar', email: 'ravi@demo.academy', roles: ['educator'] };
const HOUR = 3600_000;

const until = async <T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
};
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
/** An instant as the pages send it: IST with its offset. */
const ist = (at: number) => new Date(at + 5.5 * HOUR).toISOString().replace(/\.\d{3}Z$/, '+05:30');

describe('live classes: scheduling, who sees them, reminders as delayed jobs (real PostgreSQL, Redis, progress worker, SMTP)', () => {
  let env: ServiceTestEnvironment;
  let app: INestApplication;
  let progress: INestApplication;
  let worker: INestApplicationContext;
  let catalogueWorker: INestApplicationContext;
  let gateway: INestApplication;
  let gatewayUrl: string;
  const sockets: Socket[] = [];
  let smtp: RunningSmtpInbox;
  let mail: MailStore;
  let mailDir: string;
  let queue: Queue;
  let courseId: string;
  let chapterId: string;
  const auth = {} as Record<'educator' | 'otherEducator' | 'enrolled' | 'outsider', Record<string, string>>;
  const http = () => request(app.getHttpServer());
  const progressHttp = () => request(progress.getHttpServer());

  const schedule = async (startsAt: number, title = 'Motion: live doubt session'): Promise<LiveClassDto> =>
    (await http().post('/api/educator/live-classes').set(auth.educator).send({ courseId, chapterId, title, startsAt: ist(startsAt), durationMinutes: 60 }).expect(201)).body.liveClass;
  const liveNotices = async (who: Record<string, string>) =>
    ((await progressHttp().get('/api/notifications').set(who).expect(200)).body.notifications as NotificationItem[]).filter((item) => item.kind === 'live_class');
  const jobIds = async () => (await queue.getDelayed()).filter((job) => job.name === LIVE_CLASS_NOTICE_JOB).map((job) => job.id).sort();

  beforeAll(async () => {
    mailDir = await mkdtemp(path.join(tmpdir(), 'academy-live-mail-'));
    mail = await MailStore.open(mailDir);
    smtp = await startSmtpInbox(mail, 0);
    // Catalogue's port is chosen first: progress (attendance) and its worker (reminders) ask catalogue about classes.
    const cataloguePort = await freePort();
    env = await prepareServiceTestEnvironment({ CATALOGUE_URL: `http://127.0.0.1:${cataloguePort}`, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, CATALOGUE_CACHE_MS: '0', PORTAL_URL: 'http://portal.test' });
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    await runMigrations({ ...progressDatabase, url: env.database.url });
    progress = (await Test.createTestingModule({ imports: [ProgressAppModule] }).compile()).createNestApplication({ logger: false });
    await progress.listen(0, '127.0.0.1');
    delete process.env.JANUS_URL;
    app = (await Test.createTestingModule({ imports: [CatalogueAppModule] }).compile()).createNestApplication({ logger: false });
    await app.listen(cataloguePort, '127.0.0.1');
    worker = await (await Test.createTestingModule({ imports: [ProgressWorkerModule] }).compile()).init();
    // Catalogue's own worker: progress's enrolment events reach catalogue's course access through it (catalogue asks
    // progress nothing), and it relays catalogue's outbox (a recording's lecture) to progress's worker.
    catalogueWorker = await (await Test.createTestingModule({ imports: [CatalogueWorkerModule] }).compile()).init();
    gateway = (await Test.createTestingModule({ imports: [ProgressGatewayModule] }).compile()).createNestApplication({ logger: false });
    gateway.useWebSocketAdapter(new RedisIoAdapter(gateway, process.env.REDIS_URL!, process.env.QUEUE_PREFIX!));
    await gateway.listen(0, '127.0.0.1');
    gatewayUrl = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
    queue = app.get<Queue>(getQueueToken(LIVE_CLASS_NOTICE_QUEUE));
    const users = { educator: demoUsers.educator, otherEducator: OTHER_EDUCATOR, enrolled: demoUsers.student, outsider: demoUsers.otherStudent };
    for (const [name, user] of Object.entries(users) as [keyof typeof users, (typeof users)[keyof typeof users]][]) {
      auth[name] = { Authorization: `Bearer ${await env.issuer.sign(user)}` };
      await progressHttp().get('/api/user/data').set(auth[name]).expect(200); // users (and their email) are created on first sight
    }
    const courseData = {
      courseTitle: 'Physics live', courseDescription: '<p>Live classes</p>', coursePrice: 100, discount: 0,
      courseContent: [{ chapterTitle: 'Motion', chapterContent: [{ lectureTitle: 'Speed', lectureDuration: 1, lectureUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', isPreviewFree: true }] }],
    };
    const added = await http().post('/api/educator/add-course').set(auth.educator).field('courseData', JSON.stringify(courseData)).attach('image', png, 'thumb.png').expect(201);
    courseId = added.body.courseId;
    chapterId = (await http().get(`/api/educator/courses/${courseId}`).set(auth.educator).expect(200)).body.course.courseContent[0].chapterId;
    await progressHttp().post('/internal/enrolments').set(INTERNAL_TOKEN_HEADER, TEST_INTERNAL_TOKEN)
      .send({ purchaseId: randomUUID(), userId: demoUsers.student.sub, courseId, name: demoUsers.student.name, email: demoUsers.student.email }).expect(200);
    // The enrolment reaches catalogue by progress's outbox (course.enrolled), a moment later.
    await until(async () => ((await http().get(`/api/live-classes?courseId=${courseId}`).set(auth.enrolled)).status === 200 ? true : undefined), "catalogue to learn of the enrolment");
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await gateway?.close();
    await catalogueWorker?.close();
    await worker?.close();
    await app?.close();
    await progress?.close();
    await env?.teardown();
    await smtp?.close();
    await rm(mailDir, { recursive: true, force: true });
  });

  it('lets only the course educator schedule, with clear refusals', async () => {
    const body = { courseId, chapterId, title: 'Vectors', startsAt: ist(Date.now() + 48 * HOUR), durationMinutes: 60 };
    await http().post('/api/educator/live-classes').send(body).expect(401);
    await http().post('/api/educator/live-classes').set(auth.enrolled).send(body).expect(403);
    await http().post('/api/educator/live-classes').set(auth.otherEducator).send(body).expect(404);
    expect((await http().post('/api/educator/live-classes').set(auth.educator).send({ ...body, startsAt: ist(Date.now() - HOUR) }).expect(400)).body.message).toBe(START_IN_PAST_MESSAGE);
    expect((await http().post('/api/educator/live-classes').set(auth.educator).send({ ...body, durationMinutes: 5 }).expect(400)).body.message).toMatch(/at least 15 minutes/);
    expect((await http().post('/api/educator/live-classes').set(auth.educator).send({ ...body, startsAt: '1/12/2026 5pm' }).expect(400)).body.message).toMatch(/startsAt/);
    await http().post('/api/educator/live-classes').set(auth.educator).send({ ...body, chapterId: randomUUID() }).expect(400);
    expect(await jobIds()).toEqual([]);
  });

  it('shows upcoming classes and the calendar file to the enrolled and the educator only; going live says plainly when the engine is off', async () => {
    const liveClass = await schedule(Date.now() + 72 * HOUR, 'Friction');
    const seen = await http().get(`/api/live-classes?courseId=${courseId}`).set(auth.enrolled).expect(200);
    expect(seen.body.liveAvailable).toBe(false);
    expect(seen.body.liveClasses.map((item: LiveClassDto) => item.id)).toContain(liveClass.id);
    expect(seen.body.liveClasses.find((item: LiveClassDto) => item.id === liveClass.id)).toMatchObject({ title: 'Friction', chapterTitle: 'Motion', courseTitle: 'Physics live', durationMinutes: 60, status: 'scheduled' });
    await http().get(`/api/live-classes?courseId=${courseId}`).set(auth.educator).expect(200);
    expect((await http().get(`/api/live-classes?courseId=${courseId}`).set(auth.outsider).expect(403)).body.message).toBe(NOT_ENROLLED_IN_CLASS_MESSAGE);
    await http().get(`/api/live-classes?courseId=${courseId}`).expect(401);
    await http().get('/api/live-classes?courseId=nope').set(auth.enrolled).expect(400);
    // Across the learner's courses (the home page): the enrolled see it; someone enrolled in nothing sees none.
    const across = await http().get('/api/live-classes/mine').set(auth.enrolled).expect(200);
    expect(across.body.liveClasses.find((item: LiveClassDto) => item.id === liveClass.id)).toMatchObject({ title: 'Friction', courseTitle: 'Physics live', status: 'scheduled' });
    expect((await http().get('/api/live-classes/mine').set(auth.outsider).expect(200)).body.liveClasses).toEqual([]);
    await http().get('/api/live-classes/mine').expect(401);

    const ics = await http().get(`/api/live-classes/${liveClass.id}/calendar.ics`).set(auth.enrolled).expect(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    const start = new Date(liveClass.startsAt).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(ics.text).toContain(`DTSTART:${start}`);
    expect(ics.text).toMatch(/SUMMARY:Friction/);
    expect(ics.text).toMatch(/BEGIN:VALARM/);
    await http().get(`/api/live-classes/${liveClass.id}/calendar.ics`).set(auth.outsider).expect(403);

    const refused = await http().post(`/api/educator/live-classes/${liveClass.id}/start`).set(auth.educator).expect(503);
    expect(refused.body.message).toBe(LIVE_UNAVAILABLE_MESSAGE);
    await http().post(`/api/educator/live-classes/${liveClass.id}/start`).set(auth.otherEducator).expect(503);
  });

  it('queues both reminders as delayed jobs; a reschedule moves them, scheduling the same start again keeps one of each', async () => {
    const start = Date.now() + 48 * HOUR;
    const liveClass = await schedule(start, 'Reminders');
    const ids = (at: number) => ['reminder-15m', 'reminder-24h'].map((kind) => liveClassNoticeJobId({ classId: liveClass.id, kind: kind as 'reminder-15m', startsAt: new Date(at).toISOString() }));
    const mine = async () => (await jobIds()).filter((id) => id?.includes(liveClass.id));
    expect(await mine()).toEqual(ids(Date.parse(liveClass.startsAt)).sort());
    const reminder24h = await queue.getJob(ids(Date.parse(liveClass.startsAt))[1]!);
    expect(reminder24h!.opts.delay).toBeGreaterThan(23.9 * HOUR);
    expect(reminder24h!.opts.delay).toBeLessThanOrEqual(24 * HOUR);

    const moved = await http().post(`/api/educator/live-classes/${liveClass.id}/reschedule`).set(auth.educator).send({ startsAt: ist(start + 2 * HOUR) }).expect(200);
    expect(await mine()).toEqual(ids(Date.parse(moved.body.liveClass.startsAt)).sort());
    // The same start again (a retried request): nothing more.
    await http().post(`/api/educator/live-classes/${liveClass.id}/reschedule`).set(auth.educator).send({ startsAt: ist(start + 2 * HOUR), title: 'Reminders, moved' }).expect(200);
    expect(await mine()).toHaveLength(2);
    await http().post(`/api/educator/live-classes/${liveClass.id}/reschedule`).set(auth.educator).send({}).expect(400);
    await http().post(`/api/educator/live-classes/${liveClass.id}/reschedule`).set(auth.otherEducator).send({ title: 'Mine now' }).expect(404);
  });

  it('sends a reminder in the bell and by email once, however often its job runs; a stale reminder tells nobody', async () => {
    // Starts in 15 minutes and 2 seconds: no 24 h reminder (its time has passed), the 15 min one in 2 s.
    const liveClass = await schedule(Date.now() + 15 * 60_000 + 2_000, 'Speed quiz');
    const notices = await until(async () => {
      const found = (await liveNotices(auth.enrolled)).filter((item) => item.title.startsWith('Live class in 15 minutes: Speed quiz'));
      return found.length > 0 ? found : undefined;
    }, 'the 15-minute reminder');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.link).toBe(`/course/${courseId}`);
    const subject = 'Live class in 15 minutes: Speed quiz (Physics live)';
    const notice = { classId: liveClass.id, courseId, courseTitle: 'Physics live', title: 'Speed quiz', startsAt: liveClass.startsAt, kind: 'reminder-15m' as const };
    const job = (await queue.getJob(liveClassNoticeJobId(notice)))!;
    await until(async () => ((await job.isCompleted()) ? true : undefined), 'the reminder job');
    expect((await queue.getJob(job.id!))!.returnvalue).toEqual({ told: 1, emailed: 1, stale: false });
    expect(mail.newestFirst().filter((message) => message.subject === subject)).toHaveLength(1);

    // The job again (added twice: BullMQ keeps the finished one under its id) and the delivery run again by hand.
    await queue.add(LIVE_CLASS_NOTICE_JOB, notice, { jobId: liveClassNoticeJobId(notice) });
    expect(await worker.get(NotificationDelivery).liveClassNotice(notice)).toEqual({ told: 0, emailed: 0, stale: false });
    expect((await liveNotices(auth.enrolled)).filter((item) => item.title.startsWith('Live class in 15 minutes: Speed quiz'))).toHaveLength(1);
    expect(mail.newestFirst().filter((message) => message.subject === subject)).toHaveLength(1);
    expect(await liveNotices(auth.outsider)).toEqual([]);

    // A reminder made for a start the class no longer has.
    expect(await worker.get(NotificationDelivery).liveClassNotice({ ...notice, startsAt: new Date(Date.parse(liveClass.startsAt) - HOUR).toISOString() })).toEqual({ told: 0, emailed: 0, stale: true });
  });

  it('cancelling removes the reminders and sends one notice instead; a cancelled class cannot be changed', async () => {
    const liveClass = await schedule(Date.now() + 30 * HOUR, 'Gravity');
    expect((await jobIds()).filter((id) => id?.includes(liveClass.id))).toHaveLength(2);
    await http().post(`/api/educator/live-classes/${liveClass.id}/cancel`).set(auth.otherEducator).expect(404);
    const cancelled = await http().post(`/api/educator/live-classes/${liveClass.id}/cancel`).set(auth.educator).expect(200);
    expect(cancelled.body.liveClass.status).toBe('cancelled');
    expect((await jobIds()).filter((id) => id?.includes(liveClass.id))).toEqual([]);
    const notice = await until(async () => (await liveNotices(auth.enrolled)).find((item) => item.title.startsWith('Live class cancelled: Gravity')), 'the cancellation notice');
    expect(notice.title).toMatch(/IST$/);

    await http().post(`/api/educator/live-classes/${liveClass.id}/cancel`).set(auth.educator).expect(409);
    await http().post(`/api/educator/live-classes/${liveClass.id}/reschedule`).set(auth.educator).send({ title: 'Gravity again' }).expect(409);
    const cancelNotice = { classId: liveClass.id, courseId, courseTitle: 'Physics live', title: 'Gravity', startsAt: liveClass.startsAt, kind: 'cancelled' as const };
    expect(await worker.get(NotificationDelivery).liveClassNotice(cancelNotice)).toMatchObject({ told: 0 });
    expect((await liveNotices(auth.enrolled)).filter((item) => item.title.startsWith('Live class cancelled: Gravity'))).toHaveLength(1);
    // Upcoming lists leave it out; the educator's list keeps it.
    expect((await http().get(`/api/live-classes?courseId=${courseId}`).set(auth.enrolled).expect(200)).body.liveClasses.map((item: LiveClassDto) => item.id)).not.toContain(liveClass.id);
    expect((await http().get(`/api/educator/live-classes?courseId=${courseId}`).set(auth.educator).expect(200)).body.liveClasses.map((item: LiveClassDto) => item.id)).toContain(liveClass.id);
  });

  /** A class on air: without Janus in this spec, Start answers 503, so the state is set in its table. */
  const onAir = async (title: string): Promise<LiveClassDto> => {
    const liveClass = await schedule(Date.now() + 6 * HOUR, title);
    await app.get(DataSource).query(`UPDATE "catalogue"."live_classes" SET "status" = 'live' WHERE "id" = $1`, [liveClass.id]);
    return liveClass;
  };

  it('gives the educator a stream key for OBS, renewable, and refuses WHIP publishes with a wrong key, a wrong body or a class that cannot go on air', async () => {
    const liveClass = await schedule(Date.now() + 7 * HOUR, 'OBS class');
    const whip = `/api/live-classes/${liveClass.id}/whip`;
    await http().get(`/api/educator/live-classes/${liveClass.id}/stream-key`).expect(401);
    await http().get(`/api/educator/live-classes/${liveClass.id}/stream-key`).set(auth.enrolled).expect(403);
    await http().get(`/api/educator/live-classes/${liveClass.id}/stream-key`).set(auth.otherEducator).expect(404);
    // Before any key exists, no bearer works.
    await http().post(whip).set('Authorization', 'Bearer guess').set('Content-Type', 'application/sdp').send('v=0\r\n').expect(401);
    const first = (await http().get(`/api/educator/live-classes/${liveClass.id}/stream-key`).set(auth.educator).expect(200)).body;
    expect(first).toMatchObject({ whipPath: whip, streamKey: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    expect((await http().get(`/api/educator/live-classes/${liveClass.id}/stream-key`).set(auth.educator).expect(200)).body.streamKey).toBe(first.streamKey);
    const renewed = (await http().post(`/api/educator/live-classes/${liveClass.id}/stream-key`).set(auth.educator).expect(200)).body.streamKey;
    expect(renewed).not.toBe(first.streamKey);

    const offer = (key: string, type = 'application/sdp') => http().post(whip).set('Authorization', `Bearer ${key}`).set('Content-Type', type).send('v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n');
    const wrong = await offer(first.streamKey).expect(401);
    expect(wrong.body.message).toBe('The stream key is wrong: copy it again from the Go live page');
    await http().post(whip).set('Content-Type', 'application/sdp').send('v=0\r\n').expect(401);
    await offer(renewed, 'text/plain').expect(415);
    // A scheduled class would go live with the first publish, but the engine is off: 503 with the plain sentence.
    expect((await offer(renewed).expect(503)).body.message).toBe(LIVE_UNAVAILABLE_MESSAGE);
    expect((await http().get(`/api/educator/live-classes/${liveClass.id}`).set(auth.educator).expect(200)).body.liveClass.status).toBe('scheduled');
    await http().delete(`${whip}/nothing`).set('Authorization', `Bearer ${renewed}`).expect(404);
    await http().delete(`${whip}/nothing`).set('Authorization', `Bearer ${first.streamKey}`).expect(401);
    await http().post(`/api/educator/live-classes/${liveClass.id}/cancel`).set(auth.educator).expect(200);
    await offer(renewed).expect(409);
    await http().post(`/api/live-classes/${randomUUID()}/whip`).set('Authorization', `Bearer ${renewed}`).set('Content-Type', 'application/sdp').send('v=0').expect(401);
  });

  it('puts one invited learner on stage: only the educator invites and removes, only the invited learner publishes or leaves', async () => {
    const liveClass = await onAir('Stage class');
    const stage = `/api/live-classes/${liveClass.id}/stage`;
    const invite = `/api/educator/live-classes/${liveClass.id}/stage`;
    const learnerId = (await http().get(stage).set(auth.enrolled).expect(200)).body;
    expect(learnerId).toEqual({ success: true, stageUserId: null, you: false, publishing: false });
    await http().get(stage).set(auth.outsider).expect(403);
    const enrolledId = (await progressHttp().get('/api/user/data').set(auth.enrolled).expect(200)).body.user._id as string;
    const outsiderId = (await progressHttp().get('/api/user/data').set(auth.outsider).expect(200)).body.user._id as string;

    await http().post(invite).send({ userId: enrolledId }).expect(401);
    await http().post(invite).set(auth.enrolled).send({ userId: enrolledId }).expect(403);
    await http().post(invite).set(auth.otherEducator).send({ userId: enrolledId }).expect(404);
    await http().post(invite).set(auth.educator).send({}).expect(400);
    expect((await http().post(invite).set(auth.educator).send({ userId: outsiderId }).expect(400)).body.message).toBe('That learner is not in this class');
    // Not invited yet: no publishing, no watching the teacher over WebRTC.
    await http().post(`${stage}/publish`).set(auth.enrolled).send({ sdp: 'v=0 an offer' }).expect(403);
    await http().post(`/api/live-classes/${liveClass.id}/feeds/educator/subscribe`).set(auth.enrolled).expect(403);

    expect((await http().post(invite).set(auth.educator).send({ userId: enrolledId }).expect(200)).body).toEqual({ success: true, stageUserId: enrolledId, you: false, publishing: false });
    await http().post(invite).set(auth.educator).send({ userId: enrolledId }).expect(200);
    expect((await http().get(stage).set(auth.enrolled).expect(200)).body).toEqual({ success: true, stageUserId: enrolledId, you: true, publishing: false });
    expect((await http().get(stage).set(auth.educator).expect(200)).body.you).toBe(false);
    await http().post(`${stage}/publish`).set(auth.outsider).send({ sdp: 'v=0 an offer' }).expect(403);
    await http().post(`${stage}/publish`).set(auth.educator).send({ sdp: 'v=0 an offer' }).expect(403);
    // Invited, but the engine is off: said plainly.
    expect((await http().post(`${stage}/publish`).set(auth.enrolled).send({ sdp: 'v=0 an offer' }).expect(503)).body.message).toBe(LIVE_UNAVAILABLE_MESSAGE);
    await http().post(`/api/live-classes/${liveClass.id}/feeds/stage/subscribe`).set(auth.enrolled).expect(404);
    await http().post(`/api/live-classes/${liveClass.id}/feeds/nobody/subscribe`).set(auth.educator).expect(400);
    expect((await http().post(`/api/live-classes/${liveClass.id}/feeds/stage/subscribe`).set(auth.educator).expect(503)).body.message).toBe(LIVE_UNAVAILABLE_MESSAGE);
    await http().post(`/api/live-classes/${liveClass.id}/feeds/subscriptions/none/answer`).set(auth.educator).send({ sdp: 'v=0 an answer' }).expect(404);

    // The learner leaves; the educator invites again and removes.
    expect((await http().delete(stage).set(auth.enrolled).expect(200)).body).toEqual({ success: true, stageUserId: null, you: false, publishing: false });
    await http().post(`${stage}/publish`).set(auth.enrolled).send({ sdp: 'v=0 an offer' }).expect(403);
    await http().post(invite).set(auth.educator).send({ userId: enrolledId }).expect(200);
    await http().delete(invite).set(auth.enrolled).expect(403);
    await http().delete(invite).set(auth.educator).expect(200);
    expect((await http().get(stage).set(auth.enrolled).expect(200)).body.stageUserId).toBeNull();

    // Ended: nobody can be invited.
    await http().post(`/api/educator/live-classes/${liveClass.id}/end`).set(auth.educator).expect(200);
    await http().post(invite).set(auth.educator).send({ userId: enrolledId }).expect(409);
  });

  describe('the gateway (socket.io with the Redis adapter)', () => {
    const connect = async (who: keyof typeof auth) => {
      const socket = io(gatewayUrl, { path: LIVE_GATEWAY_PATH, transports: ['websocket'], auth: { token: auth[who].Authorization!.slice('Bearer '.length) }, reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
      return socket;
    };
    const ask = <T>(socket: Socket, event: string, body: object) => socket.timeout(5_000).emitWithAck(event, body) as Promise<LiveAck<T>>;
    const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

    it('lets the enrolled and the educator join and talk; an outsider can neither join nor post; a resend is stored once; a reconnect gets only what it missed', async () => {
      const liveClass = await schedule(Date.now() + 5 * HOUR, 'Chat class');
      const educator = await connect('educator');
      const learner = await connect('enrolled');
      const outsider = await connect('outsider');
      expect(await ask(outsider, 'join', { classId: liveClass.id })).toMatchObject({ ok: false, status: 403 });
      expect(await ask(outsider, 'chat', { classId: liveClass.id, clientId: 'outsider-1', text: 'let me in' })).toMatchObject({ ok: false, status: 403 });
      expect(await ask<LiveJoinAnswer>(educator, 'join', { classId: liveClass.id })).toMatchObject({ ok: true, role: 'educator', messages: [] });
      expect(await ask<LiveJoinAnswer>(learner, 'join', { classId: liveClass.id })).toMatchObject({ ok: true, role: 'learner' });
      await expect(ask(learner, 'join', { classId: 'nope' })).resolves.toMatchObject({ ok: false, status: 400 });

      const heard = next<LiveChatMessage>(educator, 'chat');
      const sent = await ask<{ message: LiveChatMessage }>(learner, 'chat', { classId: liveClass.id, clientId: 'aarav-0001', text: 'Is friction a force?' });
      expect(sent).toMatchObject({ ok: true, message: { text: 'Is friction a force?', fromEducator: false, userName: 'Aarav Sharma' } });
      expect((await heard).text).toBe('Is friction a force?');
      const again = await ask<{ message: LiveChatMessage }>(learner, 'chat', { classId: liveClass.id, clientId: 'aarav-0001', text: 'Is friction a force?' });
      expect(again.ok && sent.ok && again.message.id === sent.message.id).toBe(true);

      // Missed while away: only the later messages come back.
      learner.disconnect();
      await ask(educator, 'chat', { classId: liveClass.id, clientId: 'meera-0001', text: 'Yes: it opposes motion.' });
      const back = await connect('enrolled');
      const rejoined = await ask<LiveJoinAnswer>(back, 'join', { classId: liveClass.id, afterId: sent.ok ? sent.message.id : 0 });
      expect(rejoined.ok && rejoined.messages.map((message) => message.text)).toEqual(['Yes: it opposes motion.']);
      const everything = await ask<LiveJoinAnswer>(back, 'join', { classId: liveClass.id });
      expect(everything.ok && everything.messages.map((message) => message.text)).toEqual(['Is friction a force?', 'Yes: it opposes motion.']);

      // A raised hand reaches the educator.
      const hand = next<{ userName: string; raised: boolean }>(educator, 'hand');
      expect(await ask(back, 'hand', { classId: liveClass.id, raised: true })).toEqual({ ok: true });
      expect(await hand).toMatchObject({ userName: 'Aarav Sharma', raised: true });
    });

    it('lets only the educator moderate: slow mode, delete, pin, mute', async () => {
      const liveClass = await schedule(Date.now() + 6 * HOUR, 'Moderated class');
      const educator = await connect('educator');
      const learner = await connect('enrolled');
      await ask(educator, 'join', { classId: liveClass.id });
      await ask(learner, 'join', { classId: liveClass.id });
      expect(await ask(learner, 'moderate', { classId: liveClass.id, action: 'slow-mode', seconds: 30 })).toMatchObject({ ok: false, status: 403 });
      expect(await ask(educator, 'moderate', { classId: liveClass.id, action: 'slow-mode', seconds: 30 })).toEqual({ ok: true });
      const first = await ask<{ message: LiveChatMessage }>(learner, 'chat', { classId: liveClass.id, clientId: 'slow-0001', text: 'first' });
      expect(first.ok).toBe(true);
      expect(await ask(learner, 'chat', { classId: liveClass.id, clientId: 'slow-0002', text: 'second' })).toMatchObject({ ok: false, status: 429 });
      const deleted = next<{ id: number }>(learner, 'chat-deleted');
      expect(await ask(educator, 'moderate', { classId: liveClass.id, action: 'delete', messageId: first.ok ? first.message.id : 0 })).toEqual({ ok: true });
      expect((await deleted).id).toBe(first.ok ? first.message.id : -1);
      expect(await ask(educator, 'moderate', { classId: liveClass.id, action: 'slow-mode', seconds: 0 })).toEqual({ ok: true });
      expect(await ask(educator, 'moderate', { classId: liveClass.id, action: 'mute', userId: demoUsers.student.sub })).toEqual({ ok: true });
      expect(await ask(learner, 'chat', { classId: liveClass.id, clientId: 'muted-0001', text: 'hello?' })).toMatchObject({ ok: false, status: 403 });
      const pinnedMessage = await ask<{ message: LiveChatMessage }>(educator, 'chat', { classId: liveClass.id, clientId: 'pin-0001', text: 'Read chapter 2' });
      const pinned = next<{ id: number }>(learner, 'pinned');
      await ask(educator, 'moderate', { classId: liveClass.id, action: 'pin', messageId: pinnedMessage.ok ? pinnedMessage.message.id : 0 });
      expect((await pinned).id).toBe(pinnedMessage.ok ? pinnedMessage.message.id : -1);
      const rejoined = await ask<LiveJoinAnswer>(learner, 'join', { classId: liveClass.id });
      expect(rejoined).toMatchObject({ ok: true, muted: true, pinnedId: pinnedMessage.ok ? pinnedMessage.message.id : -1 });
      expect(rejoined.ok && rejoined.messages.map((message) => message.text)).toEqual(['Read chapter 2']);
    });

    it('counts attendance from join, heartbeats and leave; the educator reads it and its CSV, a learner only their own', async () => {
      const liveClass = await schedule(Date.now() + 7 * HOUR, 'Attended class');
      const learner = await connect('enrolled');
      await ask(learner, 'join', { classId: liveClass.id });
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(await ask(learner, 'heartbeat', { classId: liveClass.id })).toEqual({ ok: true });
      learner.disconnect();
      const rows = await until(async () => {
        const answer = await progressHttp().get(`/api/live-attendance/${liveClass.id}`).set(auth.educator).expect(200);
        return answer.body.attendance[0]?.seconds >= 1 ? answer.body.attendance : undefined;
      }, 'attendance');
      expect(rows).toEqual([expect.objectContaining({ userId: demoUsers.student.sub, userName: 'Aarav Sharma' })]);
      const csv = await progressHttp().get(`/api/live-attendance/${liveClass.id}/csv`).set(auth.educator).expect(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.text.split('\n')[0]).toBe('Learner,Minutes attended,First joined (IST),Last seen (IST)');
      expect(csv.text).toContain('Aarav Sharma,');
      await progressHttp().get(`/api/live-attendance/${liveClass.id}`).set(auth.enrolled).expect(404);
      await progressHttp().get(`/api/live-attendance/${liveClass.id}/csv`).set(auth.otherEducator).expect(404);
      await progressHttp().get(`/api/live-attendance/${liveClass.id}`).expect(401);
      expect((await progressHttp().get(`/api/live-attendance/${liveClass.id}/mine`).set(auth.enrolled).expect(200)).body.minutes).toBeGreaterThanOrEqual(0);
      expect((await progressHttp().get(`/api/live-attendance/${liveClass.id}/mine`).set(auth.outsider).expect(200)).body.minutes).toBe(0);

      // The learner's classes with their minutes; a linked parent sees the child's, another parent and a learner cannot.
      const mine = (await progressHttp().get('/api/live-attendance/mine').set(auth.enrolled).expect(200)).body.classes as LiveClassAttended[];
      const attended = mine.find((item) => item.classId === liveClass.id);
      expect(attended).toMatchObject({ title: 'Attended class', courseId, courseTitle: 'Physics live', startsAt: liveClass.startsAt });
      expect(attended!.minutes).toBe(rows[0].minutes);
      expect((await progressHttp().get('/api/live-attendance/mine').set(auth.outsider).expect(200)).body.classes).toEqual([]);
      const parent = { Authorization: `Bearer ${await env.issuer.sign(demoUsers.parent)}` };
      const otherParent = { Authorization: `Bearer ${await env.issuer.sign(demoUsers.otherParent)}` };
      for (const who of [parent, otherParent]) await progressHttp().get('/api/user/data').set(who).expect(200);
      const childPath = `/api/parents/children/${encodeURIComponent(demoUsers.student.sub)}/live-attendance`;
      await progressHttp().get(childPath).set(parent).expect(404);
      const code = (await progressHttp().post('/api/parents/link-codes').set(auth.enrolled).expect(201)).body.linkCode.code as string;
      await progressHttp().post('/api/parents/links').set(parent).send({ code }).expect(201);
      expect((await progressHttp().get(childPath).set(parent).expect(200)).body.classes).toEqual(mine);
      await progressHttp().get(childPath).set(otherParent).expect(404);
      await progressHttp().get(childPath).set(auth.outsider).expect(403);
      await progressHttp().get(childPath).expect(401);
    });

    it("runs a poll: the educator asks, each learner's first answer counts, the counts reach the class live", async () => {
      const liveClass = await schedule(Date.now() + 8 * HOUR, 'Poll class');
      const educator = await connect('educator');
      const learner = await connect('enrolled');
      const outsider = await connect('outsider');
      await ask(educator, 'join', { classId: liveClass.id });
      await ask(learner, 'join', { classId: liveClass.id });
      expect(await ask(learner, 'poll-open', { classId: liveClass.id, question: 'Mine?', options: ['a', 'b'] })).toMatchObject({ ok: false, status: 403 });
      expect(await ask(educator, 'poll-open', { classId: liveClass.id, question: 'Only one?', options: ['a'] })).toMatchObject({ ok: false, status: 400, message: 'Give at least 2 choices' });
      const shown = next<{ question: string }>(learner, 'poll');
      const opened = await ask<{ poll: { id: number; counts: number[] } }>(educator, 'poll-open', { classId: liveClass.id, question: 'Is friction a force?', options: ['Yes', 'No'] });
      expect(opened).toMatchObject({ ok: true, poll: { question: 'Is friction a force?', options: ['Yes', 'No'], counts: [0, 0], closed: false } });
      expect((await shown).question).toBe('Is friction a force?');
      const pollId = opened.ok ? opened.poll.id : 0;
      const counted = next<{ counts: number[] }>(educator, 'poll');
      expect(await ask(learner, 'poll-answer', { classId: liveClass.id, pollId, option: 0 })).toMatchObject({ ok: true, poll: { counts: [1, 0] } });
      expect((await counted).counts).toEqual([1, 0]);
      expect(await ask(learner, 'poll-answer', { classId: liveClass.id, pollId, option: 1 })).toMatchObject({ ok: true, poll: { counts: [1, 0] } });
      expect(await ask(outsider, 'poll-answer', { classId: liveClass.id, pollId, option: 1 })).toMatchObject({ ok: false, status: 403 });
      expect(await ask(educator, 'poll-close', { classId: liveClass.id, pollId })).toEqual({ ok: true });
      expect(await ask<LiveJoinAnswer>(learner, 'join', { classId: liveClass.id })).toMatchObject({ ok: true, poll: { id: pollId, counts: [1, 0], closed: true } });
    });

    it("takes a learner's doubt while the class is live, at its second, to the educator at once and once per client id; the recording's lecture then holds it at that second", async () => {
      const liveClass = await schedule(Date.now() + 9 * HOUR, 'Doubt class');
      const catalogueDb = app.get(DataSource);
      const educator = await connect('educator');
      const learner = await connect('enrolled');
      const outsider = await connect('outsider');
      await ask(educator, 'join', { classId: liveClass.id });
      await ask(learner, 'join', { classId: liveClass.id });
      const doubt = (socket: Socket, clientId: string, text: string) => ask<{ doubt: LiveDoubt }>(socket, 'doubt', { classId: liveClass.id, clientId, text });
      expect(await doubt(learner, 'doubt-0001', 'Too early?')).toMatchObject({ ok: false, status: 409, message: 'Doubts can be asked while the class is live' });
      // Live since 90 s ago (Start needs Janus, which this test does not run: the state Start leaves is written here).
      await catalogueDb.query(`UPDATE "catalogue"."live_classes" SET "status" = 'live', "went_live_at" = now() - interval '90 seconds' WHERE "id" = $1`, [liveClass.id]);

      expect(await doubt(outsider, 'doubt-0002', 'Me too')).toMatchObject({ ok: false, status: 403 });
      expect(await doubt(educator, 'doubt-0003', 'Teacher asking')).toMatchObject({ ok: false, status: 403 });
      expect(await doubt(learner, 'doubt-0004', '   ')).toMatchObject({ ok: false, status: 400, message: 'Write your text' });
      const heard = next<LiveDoubt>(educator, 'doubt');
      const asked = await doubt(learner, 'doubt-0005', 'Why is **friction** opposite to motion? <script>x</script>');
      expect(asked).toMatchObject({ ok: true, doubt: { classId: liveClass.id, userName: 'Aarav Sharma', clientId: 'doubt-0005' } });
      const stored = asked.ok ? asked.doubt : (undefined as never);
      expect(stored.atSecond).toBeGreaterThanOrEqual(90);
      expect(stored.atSecond).toBeLessThan(120);
      expect(stored.html).toBe('<p>Why is <strong>friction</strong> opposite to motion? &lt;script&gt;x&lt;/script&gt;</p>');
      expect(await heard).toEqual(stored);
      // Sent again after a reconnect: the same doubt, stored and sent once.
      const heardAfter: string[] = [];
      const record = (item: LiveDoubt) => heardAfter.push(item.clientId);
      educator.on('doubt', record);
      const again = await doubt(learner, 'doubt-0005', 'Why is **friction** opposite to motion? <script>x</script>');
      expect(again.ok && again.doubt.id).toBe(stored.id);
      // A later doubt arrives after the resend would have: nothing else reached the educator in between.
      const second = next<LiveDoubt>(educator, 'doubt');
      await doubt(learner, 'doubt-0006', 'And on a slope?');
      expect((await second).clientId).toBe('doubt-0006');
      educator.off('doubt', record);
      expect(heardAfter).toEqual(['doubt-0006']);
      // The educator's rejoin gets the class's doubts; the learner's, their own.
      const educatorJoin = await ask<LiveJoinAnswer>(educator, 'join', { classId: liveClass.id });
      expect(educatorJoin.ok && educatorJoin.doubts.map((item) => item.clientId)).toEqual(['doubt-0005', 'doubt-0006']);
      // The educator's inbox has it, marked as asked in a live class; the course's doubts under no lecture yet.
      const inbox = await progressHttp().get(`/api/educator/inbox?courseId=${courseId}`).set(auth.educator).expect(200);
      expect(inbox.body.doubts).toEqual(expect.arrayContaining([expect.objectContaining({ id: stored.id, liveClassId: liveClass.id, lectureId: null, lectureTitle: null, atSecond: stored.atSecond })]));
      // The educator hears of it through the doubts' own path (the outbox, then the worker's bell entry).
      const bell = await until(async () => {
        const items = (await progressHttp().get('/api/notifications').set(auth.educator).expect(200)).body.notifications as NotificationItem[];
        return items.find((item) => item.kind === 'doubt_new' && item.title.includes('Aarav Sharma')) ?? undefined;
      }, "the educator's doubt notification");
      expect(bell.link).toBe(`/educator/inbox?courseId=${courseId}`);
      // The posting limit is the one of doubts under lectures (6 a minute, 2 spent above).
      const limited = [];
      for (let index = 0; index < 5; index += 1) limited.push(await doubt(learner, `doubt-limit-${index}`, `Question ${index}`));
      expect(limited.slice(0, 4).every((answer) => answer.ok)).toBe(true);
      expect(limited[4]).toMatchObject({ ok: false, status: 429 });

      // The class ends and its recording becomes a lecture (the chapter's lecture stands in for it): catalogue's outbox
      // tells progress (live_class.recorded), whose worker moves the doubts; the job run again tells nobody twice.
      await catalogueDb.query(`UPDATE "catalogue"."live_classes" SET "status" = 'ended', "ended_at" = now() WHERE "id" = $1`, [liveClass.id]);
      expect(await doubt(learner, 'doubt-0007', 'After the end')).toMatchObject({ ok: false, status: 409 });
      const lectureId = (await http().get(`/api/educator/courses/${courseId}`).set(auth.educator).expect(200)).body.course.courseContent[0].chapterContent[0].lectureId as string;
      const job = new RecordLiveClassJob(app.get(OBJECT_STORAGE), app.get(LiveClassesRepository), app.get(VideosRepository), catalogueDb, app.get(CourseCache, { strict: false }), new OutboxWriter(catalogueOutbox.schema, catalogueOutbox.routes));
      await catalogueDb.transaction((manager) => job.attachRecording(manager, liveClass.id, lectureId));
      const run = () => job.handle({ data: { classId: liveClass.id, recordingsDir: '/nonexistent' } } as Job<RecordLiveClassData>);
      expect(await run()).toEqual({ lectureId });
      expect(await catalogueDb.query(`SELECT "name", "payload" FROM "catalogue"."outbox" WHERE "key" = $1`, [liveClass.id])).toEqual([
        { name: 'live_class.recorded', payload: { classId: liveClass.id, lectureId } },
      ]);
      const underLecture = await until(async () => {
        const page = (await progressHttp().get(`/api/doubts/${courseId}?lectureId=${lectureId}`).set(auth.enrolled).expect(200)).body as DoubtPage & { success: true };
        return page.doubts.find((item) => item.id === stored.id);
      }, 'the doubts to move under the lecture');
      expect(underLecture).toMatchObject({ lectureId, liveClassId: liveClass.id, atSecond: stored.atSecond });
    });
    it('loses no stored message when the gateway restarts: clients reconnect by themselves, rejoin after their last message, and what was sent meanwhile goes once', async () => {
      const liveClass = await schedule(Date.now() + 7 * HOUR, 'Restart class');
      const port = (gateway.getHttpServer().address() as AddressInfo).port;
      // A client as the live room's (libs/ui/src/live/useLiveRoom.ts): socket.io reconnects by itself; each connect
      // joins with the last message id it has; what is asked while away waits for that join, with its client id; it
      // keeps messages by id, as the room does (a broadcast can arrive while its rejoin's answer, which may hold the
      // same message, is on its way).
      const client = (who: 'educator' | 'enrolled') => {
        const socket = io(gatewayUrl, { path: LIVE_GATEWAY_PATH, transports: ['websocket'], auth: { token: auth[who].Authorization!.slice('Bearer '.length) }, reconnectionDelay: 100, reconnectionDelayMax: 500 });
        sockets.push(socket);
        const seen: LiveChatMessage[] = [];
        let joins = 0;
        let markJoined = () => {};
        let joined = new Promise<void>((resolve) => (markJoined = resolve));
        const keep = (messages: LiveChatMessage[]) => {
          for (const message of messages) if (!seen.some((held) => held.id === message.id)) seen.push(message);
          seen.sort((a, b) => a.id - b.id);
        };
        socket.on('chat', (message: LiveChatMessage) => keep([message]));
        socket.on('connect', () => {
          void ask<LiveJoinAnswer>(socket, 'join', { classId: liveClass.id, afterId: seen.at(-1)?.id }).then((answer) => {
            if (!answer.ok) throw new Error(answer.message);
            keep(answer.messages);
            joins += 1;
            markJoined();
          });
        });
        socket.on('disconnect', () => void (joined = new Promise<void>((resolve) => (markJoined = resolve))));
        return { socket, seen, joins: () => joins, whenJoined: () => joined };
      };
      const learner = client('enrolled');
      const educator = client('educator');
      await until(async () => (learner.joins() && educator.joins() ? true : undefined), 'both to join');
      const first = await ask<{ message: LiveChatMessage }>(educator.socket, 'chat', { classId: liveClass.id, clientId: 'meera-r1', text: 'Before the restart' });
      expect(first.ok).toBe(true);
      await until(async () => (learner.seen.some((message) => message.text === 'Before the restart') ? true : undefined), 'the first message');

      // The gateway stops: both notice.
      const down = Promise.all([learner, educator].map(({ socket }) => new Promise((resolve) => socket.once('disconnect', resolve))));
      await gateway.close();
      await down;
      // Meanwhile the learner sends: it waits for the rejoin.
      const whileDown = learner.whenJoined().then(() => ask<{ message: LiveChatMessage }>(learner.socket, 'chat', { classId: liveClass.id, clientId: 'aarav-r1', text: 'Sent while it was down' }));

      // The gateway starts again on the same port; nobody reconnects by hand.
      gateway = (await Test.createTestingModule({ imports: [ProgressGatewayModule] }).compile()).createNestApplication({ logger: false });
      gateway.useWebSocketAdapter(new RedisIoAdapter(gateway, process.env.REDIS_URL!, process.env.QUEUE_PREFIX!));
      await gateway.listen(port, '127.0.0.1');
      await until(async () => (learner.joins() >= 2 && educator.joins() >= 2 ? true : undefined), 'both to rejoin by themselves');
      const sent = await whileDown;
      expect(sent).toMatchObject({ ok: true, message: { text: 'Sent while it was down' } });
      // The same message again (its answer lost in another reconnect) is stored once.
      const resent = await ask<{ message: LiveChatMessage }>(learner.socket, 'chat', { classId: liveClass.id, clientId: 'aarav-r1', text: 'Sent while it was down' });
      expect(resent.ok && sent.ok && resent.message.id === sent.message.id).toBe(true);
      await until(async () => (educator.seen.some((message) => message.text === 'Sent while it was down') ? true : undefined), 'the educator to get it');

      // Nothing lost or doubled: the stored history is each message once, in order.
      const history = await ask<LiveJoinAnswer>(learner.socket, 'join', { classId: liveClass.id });
      expect(history.ok && history.messages.map((message) => message.text)).toEqual(['Before the restart', 'Sent while it was down']);
      expect(learner.seen.map((message) => message.text)[0]).toBe('Before the restart');
      expect(educator.seen.filter((message) => message.text === 'Sent while it was down')).toHaveLength(1);
    }, 60_000);

    it("tells the whole class when the stage changes; only the class's members can say so", async () => {
      const liveClass = await onAir('Stage gateway class');
      const educator = await connect('educator');
      const learner = await connect('enrolled');
      const outsider = await connect('outsider');
      await ask(educator, 'join', { classId: liveClass.id });
      await ask(learner, 'join', { classId: liveClass.id });
      expect(await ask(outsider, 'stage', { classId: liveClass.id })).toMatchObject({ ok: false, status: 403 });
      const hand = next<{ userId: string }>(educator, 'hand');
      await ask(learner, 'hand', { classId: liveClass.id, raised: true });
      const { userId } = await hand;
      await http().post(`/api/educator/live-classes/${liveClass.id}/stage`).set(auth.educator).send({ userId }).expect(200);
      const told = next<{ classId: string }>(learner, 'stage');
      expect(await ask(educator, 'stage', { classId: liveClass.id })).toEqual({ ok: true });
      expect(await told).toEqual({ classId: liveClass.id });
      expect((await http().get(`/api/live-classes/${liveClass.id}/stage`).set(auth.enrolled).expect(200)).body.you).toBe(true);
      const educatorTold = next<{ classId: string }>(educator, 'stage');
      await http().delete(`/api/live-classes/${liveClass.id}/stage`).set(auth.enrolled).expect(200);
      expect(await ask(learner, 'stage', { classId: liveClass.id })).toEqual({ ok: true });
      expect(await educatorTold).toEqual({ classId: liveClass.id });
      await expect(ask(learner, 'stage', { classId: 'nope' })).resolves.toMatchObject({ ok: false, status: 400 });
    });

    it('closes a connection without a valid token', async () => {
      const socket = io(gatewayUrl, { path: LIVE_GATEWAY_PATH, transports: ['websocket'], auth: { token: 'not-a-token' }, reconnection: false });
      sockets.push(socket);
      const refused = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(refused.message).toBe('Sign in to join the class');
      expect(socket.connected).toBe(false);
    });
  });
});
