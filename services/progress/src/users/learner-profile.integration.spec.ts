import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { runMigrations } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, type ServiceTestEnvironment } from '@academy/service-core/testing';
import request from 'supertest';
import { AppModule } from '../app.module.js';
import { progressDatabase } from '../database.js';

describe("the learner's class and board on their profile (real PostgreSQL)", () => {
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment();
    await runMigrations({ url: testEnv.database.url, ...progressDatabase });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await testEnv?.teardown();
  });

  const bearer = async (user: Parameters<ServiceTestEnvironment['issuer']['sign']>[0]) => ({ Authorization: `Bearer ${await testEnv.issuer.sign(user)}` });

  it('is not asked yet at first, remembers a skip as asked, then keeps the class and board given', async () => {
    const auth = await bearer(demoUsers.student);
    const first = await request(app.getHttpServer()).get('/api/user/data').set(auth).expect(200);
    expect(first.body.user).toMatchObject({ schoolClass: null, board: null, classAsked: false });

    const skipped = await request(app.getHttpServer()).put('/api/user/data/profile').set(auth).send({ schoolClass: null, board: null }).expect(200);
    expect(skipped.body.user).toMatchObject({ schoolClass: null, board: null, classAsked: true });

    await request(app.getHttpServer()).put('/api/user/data/profile').set(auth).send({ schoolClass: 8, board: 'cbse' }).expect(200);
    const after = await request(app.getHttpServer()).get('/api/user/data').set(auth).expect(200);
    expect(after.body.user).toMatchObject({ schoolClass: 8, board: 'cbse', classAsked: true });
  });

  it.each([
    [{ schoolClass: 6, board: 'cbse' }, 'schoolClass must be a class from 7 to 12, or null'],
    [{ schoolClass: '8', board: 'cbse' }, 'schoolClass must be a class from 7 to 12, or null'],
    [{ schoolClass: 8, board: 'ib' }, 'board must be one of cbse, icse, state, any, or null'],
  ])('answers 400 with a clear message to %j', async (body, message) => {
    const response = await request(app.getHttpServer()).put('/api/user/data/profile').set(await bearer(demoUsers.student)).send(body).expect(400);
    expect(response.body.message).toContain(message);
  });

  it('needs a signed-in user', async () => {
    await request(app.getHttpServer()).put('/api/user/data/profile').send({ schoolClass: 8, board: null }).expect(401);
  });
});
