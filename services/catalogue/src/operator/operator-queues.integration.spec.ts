import { runMigrations } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AppModule } from '../app.module.js';
import { catalogueDatabase } from '../database.js';

const OPERATOR_TOKEN = 'catalogue-operator-token-0123456789';

describe('the operators’ queue dashboard on the catalogue app (/internal/queues, OPERATOR_TOKEN)', () => {
  let env: ServiceTestEnvironment;
  let app: INestApplication;

  beforeAll(async () => {
    env = await prepareServiceTestEnvironment({ OPERATOR_TOKEN });
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await env?.teardown();
  });

  it('answers 401 to anyone without the operator token: anonymous, an educator, a service with the internal token', async () => {
    const anonymous = await request(app.getHttpServer()).get('/internal/queues/api/queues').expect(401);
    expect(anonymous.body).toEqual({ success: false, message: 'Operator route: the operator token is required' });
    const educator = await env.issuer.sign(demoUsers.educator);
    await request(app.getHttpServer()).get('/internal/queues').set('Authorization', `Bearer ${educator}`).expect(401);
    await request(app.getHttpServer()).get('/internal/queues').set('X-Internal-Token', TEST_INTERNAL_TOKEN).expect(401);
    await request(app.getHttpServer()).get('/internal/operator/dead-letters').expect(401);
  });

  it('shows the catalogue events queue and the catalogue’s dead letters to the operator', async () => {
    const api = await request(app.getHttpServer()).get('/internal/queues/api/queues').set('X-Operator-Token', OPERATOR_TOKEN).expect(200);
    expect((api.body.queues as { name: string }[]).map((queue) => queue.name)).toContain('catalogue-events');
    const letters = await request(app.getHttpServer()).get('/internal/operator/dead-letters').set('X-Operator-Token', OPERATOR_TOKEN).expect(200);
    expect(letters.body).toEqual({ success: true, deadLetters: [] });
  });
});
