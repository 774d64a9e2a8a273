import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { runMigrations } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, type ServiceTestEnvironment, type TestUser } from '@academy/service-core/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { commerceDatabase } from './database.js';
import { WorkerModule } from './worker.module.js';

const educatorRoutes = ['/api/educator/dashboard', '/api/educator/enrolledStudents'];

describe('commerce service (real PostgreSQL, Redis and JWKS)', () => {
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment();
    await runMigrations({ url: testEnv.database.url, ...commerceDatabase });
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
  });

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await testEnv?.teardown();
  });

  const bearer = async (user: TestUser) => ({ Authorization: `Bearer ${await testEnv.issuer.sign(user)}` });

  it.each(educatorRoutes)('%s answers 401 to anonymous callers and 403 to students', async (route) => {
    const anonymous = await request(app.getHttpServer()).get(route).expect(401);
    expect(anonymous.body).toEqual({ success: false, message: 'Sign in to continue: no access token was sent' });
    const student = await request(app.getHttpServer()).get(route).set(await bearer(demoUsers.student)).expect(403);
    expect(student.body).toEqual({ success: false, message: 'Only educator accounts can do this' });
  });

  it('gives an educator with no sales an empty dashboard and student list', async () => {
    const headers = await bearer(demoUsers.educator);
    const dashboard = await request(app.getHttpServer()).get('/api/educator/dashboard').set(headers).expect(200);
    expect(dashboard.body).toEqual({
      success: true,
      dashboardData: { enrolledStudentsData: [], totalCourses: 0, totalEarnings: 0 },
    });
    const students = await request(app.getHttpServer()).get('/api/educator/enrolledStudents').set(headers).expect(200);
    expect(students.body).toEqual({ success: true, enrolledStudents: [] });
  });

  it('counts only the educator’s own paid purchases', async () => {
    const courseA = '11111111-1111-4111-8111-111111111111';
    const courseB = '22222222-2222-4222-8222-222222222222';
    const insert = (educatorId: string, courseId: string, amountPaise: number, status: string, order: string) =>
      app.get(DataSource).query(
        `INSERT INTO commerce.purchases (user_id, course_id, educator_id, amount_paise, status, razorpay_order_id)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [demoUsers.student.sub, courseId, educatorId, amountPaise, status, order],
      );
    await insert(demoUsers.educator.sub, courseA, 49950, 'paid', 'order_a');
    await insert(demoUsers.educator.sub, courseB, 10000, 'paid', 'order_b');
    await insert(demoUsers.educator.sub, courseB, 10000, 'pending', 'order_c');
    await insert(demoUsers.educator.sub, courseB, 10000, 'failed', 'order_d');
    await insert('sandbox|educator-other', courseA, 99900, 'paid', 'order_e');

    const headers = await bearer(demoUsers.educator);
    const dashboard = await request(app.getHttpServer()).get('/api/educator/dashboard').set(headers).expect(200);
    expect(dashboard.body.dashboardData).toMatchObject({ totalCourses: 2, totalEarnings: 599.5 });
    expect(dashboard.body.dashboardData.enrolledStudentsData).toHaveLength(2);
    const students = await request(app.getHttpServer()).get('/api/educator/enrolledStudents').set(headers).expect(200);
    expect(students.body.enrolledStudents).toHaveLength(2);
    expect(Date.parse(students.body.enrolledStudents[0].purchaseDate)).not.toBeNaN();
  });

  it('refuses a second purchase row for the same Razorpay order', async () => {
    await expect(
      app.get(DataSource).query(
        `INSERT INTO commerce.purchases (user_id, course_id, educator_id, amount_paise, razorpay_order_id)
         VALUES ('u', '11111111-1111-4111-8111-111111111111', 'e', 100, 'order_a')`,
      ),
    ).rejects.toThrow(/purchases_razorpay_order_id_key/);
  });

  it('has its worker process a health job through the real queue', async () => {
    const response = await request(app.getHttpServer()).get('/health/queue').expect(200);
    expect(response.body).toMatchObject({ success: true, queue: 'commerce', status: 'up' });
  });

  it('reports Postgres and Redis on /health', async () => {
    const response = await request(app.getHttpServer()).get('/health').expect(200);
    expect(response.body.info).toMatchObject({ postgres: { status: 'up' }, redis: { status: 'up' } });
  });
});
