import { runMigrations } from '@academy/service-core';
import { prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { catalogueDatabase } from '../database.js';

describe('GET /internal/educators/:id/summary (real PostgreSQL)', () => {
  let env: ServiceTestEnvironment;
  let app: INestApplication;

  beforeAll(async () => {
    env = await prepareServiceTestEnvironment();
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await env?.teardown();
  });

  it('counts an educator’s courses, published or not, for the internal token only', async () => {
    const db = app.get(DataSource);
    const insert = (educatorId: string, published: boolean) =>
      db.query(
        `INSERT INTO catalogue.courses (title, thumbnail_url, price, discount, educator_id, educator_name, is_published)
         VALUES ('T', '', 100, 0, $1, 'E', $2)`,
        [educatorId, published],
      );
    await insert('sandbox|educator-meera', true);
    await insert('sandbox|educator-meera', false);
    await insert('sandbox|educator-ravi', true);
    const summary = await request(app.getHttpServer())
      .get(`/internal/educators/${encodeURIComponent('sandbox|educator-meera')}/summary`)
      .set('X-Internal-Token', TEST_INTERNAL_TOKEN)
      .expect(200);
    expect(summary.body).toEqual({ success: true, educatorId: 'sandbox|educator-meera', courseCount: 2 });
    const nobody = await request(app.getHttpServer()).get('/internal/educators/nobody/summary').set('X-Internal-Token', TEST_INTERNAL_TOKEN).expect(200);
    expect(nobody.body.courseCount).toBe(0);
    await request(app.getHttpServer()).get('/internal/educators/nobody/summary').expect(401);
  });
});
