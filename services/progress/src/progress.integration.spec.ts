import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { runMigrations } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, type ServiceTestEnvironment } from '@academy/service-core/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { progressDatabase } from './database.js';
import { WorkerModule } from './worker.module.js';

describe('progress service (real PostgreSQL, Redis and JWKS)', () => {
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment();
    await runMigrations({ url: testEnv.database.url, ...progressDatabase });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await testEnv?.teardown();
  });

  const bearer = async (user: Parameters<ServiceTestEnvironment['issuer']['sign']>[0]) => ({
    Authorization: `Bearer ${await testEnv.issuer.sign(user)}`,
  });
  const userRows = () =>
    app.get(DataSource).query<{ id: string; name: string; email: string; image_url: string }[]>(
      'SELECT id, name, email, image_url FROM progress.users ORDER BY id',
    );

  it('answers /api/user/data with 401 for anonymous callers', async () => {
    const response = await request(app.getHttpServer()).get('/api/user/data').expect(401);
    expect(response.body).toEqual({ success: false, message: 'Sign in to continue: no access token was sent' });
  });

  it('creates the user on first sight from the token claims', async () => {
    expect(await userRows()).toEqual([]);
    const response = await request(app.getHttpServer()).get('/api/user/data').set(await bearer(demoUsers.student)).expect(200);
    expect(response.body).toEqual({
      success: true,
      user: {
        _id: 'sandbox|student-aarav',
        name: 'Aarav Sharma',
        email: 'aarav@demo.academy',
        imageUrl: 'https://example.test/aarav.png',
        enrolledCourses: [],
        publicMetadata: { role: 'student' },
        schoolClass: null,
        board: null,
        classAsked: false,
        language: null,
      },
    });
    expect(await userRows()).toEqual([
      { id: 'sandbox|student-aarav', name: 'Aarav Sharma', email: 'aarav@demo.academy', image_url: 'https://example.test/aarav.png' },
    ]);
  });

  it('reports the educator role and refreshes a changed profile, keeping stored values for empty claims', async () => {
    await request(app.getHttpServer()).get('/api/user/data').set(await bearer(demoUsers.educator)).expect(200);
    const renamed = { ...demoUsers.educator, name: 'Meera I.', picture: '' };
    const response = await request(app.getHttpServer()).get('/api/user/data').set(await bearer(renamed)).expect(200);
    expect(response.body.user).toMatchObject({
      name: 'Meera I.',
      imageUrl: 'https://example.test/meera.png',
      publicMetadata: { role: 'educator' },
    });
  });

  it('survives many simultaneous first requests for one new user', async () => {
    const headers = await bearer(demoUsers.otherStudent);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => request(app.getHttpServer()).get('/api/user/data').set(headers)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(200));
    expect((await userRows()).filter((row) => row.id === demoUsers.otherStudent.sub)).toHaveLength(1);
  });

  it('lists enrolled course ids', async () => {
    const courseId = '6f1c1f3e-8d0e-4a53-9a55-0a8f0f1c2d3e';
    await app.get(DataSource).query(
      'INSERT INTO progress.enrolments (user_id, course_id, purchase_id) VALUES ($1, $2, gen_random_uuid())',
      [demoUsers.student.sub, courseId],
    );
    const response = await request(app.getHttpServer()).get('/api/user/data').set(await bearer(demoUsers.student)).expect(200);
    expect(response.body.user.enrolledCourses).toEqual([courseId]);
  });

  it('reports Postgres and Redis on /health', async () => {
    const response = await request(app.getHttpServer()).get('/health').expect(200);
    expect(response.body.info).toMatchObject({ postgres: { status: 'up' }, redis: { status: 'up' } });
  });

  it('answers /health/queue 503 with no worker, then 200 once the worker processes the ping', async () => {
    const down = await request(app.getHttpServer()).get('/health/queue').expect(503);
    expect(down.body.success).toBe(false);
    expect(down.body.message).toMatch(/^Queue "progress" did not answer/);

    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    const up = await request(app.getHttpServer()).get('/health/queue').expect(200);
    expect(up.body).toMatchObject({ success: true, queue: 'progress', status: 'up', worker: process.pid });
  }, 20_000);
});
