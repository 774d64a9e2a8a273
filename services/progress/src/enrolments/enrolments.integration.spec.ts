import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { runMigrations } from '@academy/service-core';
import { prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { CATALOGUE_EVENTS_QUEUE } from '@academy/contracts';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { progressDatabase } from '../database.js';
import { LearningService } from '../learning/learning.service.js';

describe('POST /internal/enrolments (real PostgreSQL)', () => {
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment({ CATALOGUE_URL: 'http://127.0.0.1:1' });
    await runMigrations({ url: testEnv.database.url, ...progressDatabase });
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await testEnv?.teardown();
  });

  const enrol = (body: object, token = TEST_INTERNAL_TOKEN) =>
    request(app.getHttpServer()).post('/internal/enrolments').set('X-Internal-Token', token).send(body);

  it('enrols once per purchase id, creates the user, and writes one course.enrolled event', async () => {
    const body = { purchaseId: randomUUID(), userId: 'test|newcomer', courseId: randomUUID(), name: 'New Comer', email: 'n@c.test' };
    const results = await Promise.all([enrol(body), enrol(body), enrol(body)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.body.created).sort()).toEqual([false, false, true]);
    const db = app.get(DataSource);
    expect(await db.query('SELECT user_id, course_id FROM progress.enrolments WHERE purchase_id = $1', [body.purchaseId])).toEqual([
      { user_id: body.userId, course_id: body.courseId },
    ]);
    expect((await db.query('SELECT name FROM progress.users WHERE id = $1', [body.userId]))[0].name).toBe('New Comer');
    const events = await db.query(`SELECT queue, name, payload, key FROM progress.outbox WHERE key = $1`, [body.purchaseId]);
    expect(events).toEqual([
      { queue: 'catalogue-events', name: 'course.enrolled', key: body.purchaseId, payload: { courseId: body.courseId, userId: body.userId, purchaseId: body.purchaseId } },
    ]);
    // Relayed by the enrol call itself, not at the worker's next poll: catalogue's course access opens at once.
    const [{ id, dispatched_at: dispatchedAt }] = await db.query(`SELECT id, dispatched_at FROM progress.outbox WHERE key = $1`, [body.purchaseId]);
    expect(dispatchedAt).toBeInstanceOf(Date);
    const catalogueEvents = new Queue(CATALOGUE_EVENTS_QUEUE, { connection: { url: testEnv.env.REDIS_URL! }, prefix: testEnv.queuePrefix });
    try {
      expect(await catalogueEvents.getJob(id)).toMatchObject({ name: 'course.enrolled', data: { purchaseId: body.purchaseId, eventId: id } });
    } finally {
      await catalogueEvents.obliterate({ force: true });
      await catalogueEvents.close();
    }
  });

  it('answers created:false for another purchase of a course the learner already has', async () => {
    const courseId = randomUUID();
    await enrol({ purchaseId: randomUUID(), userId: 'test|twice', courseId }).expect(200);
    const again = await enrol({ purchaseId: randomUUID(), userId: 'test|twice', courseId }).expect(200);
    expect(again.body).toEqual({ success: true, created: false });
  });

  it('needs the internal token and valid ids', async () => {
    await enrol({ purchaseId: randomUUID(), userId: 'x', courseId: randomUUID() }, 'wrong-token-123').expect(401);
    const bad = await enrol({ purchaseId: 'nope', userId: 'x', courseId: randomUUID() }).expect(400);
    expect(bad.body.message).toMatch(/purchaseId must be a valid purchase id/);
  });

  it('revokes a refunded purchase once (internal only): isEnrolled false, a late enrol changes nothing, a new purchase enrols', async () => {
    const revoke = (purchaseId: string, refundId: string, token = TEST_INTERNAL_TOKEN) =>
      request(app.getHttpServer()).post(`/internal/enrolments/${purchaseId}/revoke`).set('X-Internal-Token', token).send({ refundId });
    const first = { purchaseId: randomUUID(), userId: 'test|refunded', courseId: randomUUID() };
    await enrol(first).expect(200);
    await revoke(first.purchaseId, 'rfnd_1', 'wrong-token-123').expect(401);
    const answers = await Promise.all([revoke(first.purchaseId, 'rfnd_1'), revoke(first.purchaseId, 'rfnd_1')]);
    expect(answers.map((answer) => answer.body.revoked).sort()).toEqual([false, true]);
    // One course.unenrolled for catalogue's student counter, however often commerce asks.
    expect(
      await app.get(DataSource).query(`SELECT name, payload FROM progress.outbox WHERE key = $1 ORDER BY created_at`, [first.purchaseId]),
    ).toEqual([
      { name: 'course.enrolled', payload: { courseId: first.courseId, userId: first.userId, purchaseId: first.purchaseId } },
      { name: 'course.unenrolled', payload: { courseId: first.courseId, userId: first.userId, purchaseId: first.purchaseId, refundId: 'rfnd_1' } },
    ]);
    const learning = app.get(LearningService);
    expect(await learning.isEnrolled(first.userId, first.courseId)).toBe(false);
    expect((await enrol(first).expect(200)).body.created).toBe(false); // a late enrol of the refunded purchase
    expect(await learning.isEnrolled(first.userId, first.courseId)).toBe(false);
    expect((await enrol({ ...first, purchaseId: randomUUID() }).expect(200)).body.created).toBe(true);
    expect(await learning.isEnrolled(first.userId, first.courseId)).toBe(true);
    await revoke('nope', 'rfnd_2').expect(400);
  });

  it('tells commerce which courses a learner holds a certificate of (internal only)', async () => {
    const courseId = randomUUID();
    await app.get(DataSource).query(
      `INSERT INTO progress.certificates (code, user_id, course_id, student_name, course_title) VALUES ($1, 'test|certified', $2, 'C', 'T')`,
      [`C${randomUUID().slice(0, 10)}`, courseId],
    );
    const certificates = (token = TEST_INTERNAL_TOKEN, user = 'test|certified') =>
      request(app.getHttpServer()).get(`/internal/users/${encodeURIComponent(user)}/certificates`).set('X-Internal-Token', token);
    expect((await certificates().expect(200)).body).toEqual({ success: true, courseIds: [courseId] });
    expect((await certificates(TEST_INTERNAL_TOKEN, 'test|nobody').expect(200)).body).toEqual({ success: true, courseIds: [] });
    await certificates('wrong-token-123').expect(401);
  });
});
