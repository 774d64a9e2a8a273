import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { runMigrations } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, type ServiceTestEnvironment } from '@academy/service-core/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { progressDatabase } from '../database.js';

// What a signed-in user keeps about themselves on the server (/api/user/data/*): one service started for every case.
describe("a user's own settings (real PostgreSQL)", () => {
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

  describe("the learner's class and board on their profile", () => {
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

  describe("the user's interface language", () => {
    it('is null until chosen, then remembers the choice; choosing it again changes nothing', async () => {
      const auth = await bearer(demoUsers.student);
      const first = await request(app.getHttpServer()).get('/api/user/data').set(auth).expect(200);
      expect(first.body.user.language).toBeNull();

      const chosen = await request(app.getHttpServer()).put('/api/user/data/language').set(auth).send({ language: 'hi' }).expect(200);
      expect(chosen.body).toMatchObject({ success: true, user: { language: 'hi' } });
      const [{ updated_at: updatedAt }] = await app.get(DataSource).query<{ updated_at: Date }[]>(`SELECT "updated_at" FROM "progress"."users" WHERE "id" = $1`, [demoUsers.student.sub]);

      const again = await request(app.getHttpServer()).put('/api/user/data/language').set(auth).send({ language: 'hi' }).expect(200);
      expect(again.body.user.language).toBe('hi');
      const [{ updated_at: updatedAgain }] = await app.get(DataSource).query<{ updated_at: Date }[]>(`SELECT "updated_at" FROM "progress"."users" WHERE "id" = $1`, [demoUsers.student.sub]);
      expect(updatedAgain).toEqual(updatedAt);

      await request(app.getHttpServer()).put('/api/user/data/language').set(auth).send({ language: 'en' }).expect(200);
      const after = await request(app.getHttpServer()).get('/api/user/data').set(auth).expect(200);
      expect(after.body.user.language).toBe('en');
    });

    it.each([[{ language: 'fr' }], [{ language: 'HI' }], [{}], [{ language: 'hi', extra: true }]])('answers 400 with a clear message to %j', async (body) => {
      const response = await request(app.getHttpServer()).put('/api/user/data/language').set(await bearer(demoUsers.student)).send(body).expect(400);
      expect(response.body.message).toMatch(/Invalid request: /);
    });

    it('names the languages to choose from when the value is wrong', async () => {
      const response = await request(app.getHttpServer()).put('/api/user/data/language').set(await bearer(demoUsers.student)).send({ language: 'fr' }).expect(400);
      expect(response.body.message).toContain('Choose English (en) or Hindi (hi)');
    });

    it('refuses a value outside the list in the database too', async () => {
      await expect(app.get(DataSource).query(`UPDATE "progress"."users" SET "preferred_language" = 'fr'`)).rejects.toThrow(/users_preferred_language_check/);
    });

    it('needs a signed-in user', async () => {
      await request(app.getHttpServer()).put('/api/user/data/language').send({ language: 'hi' }).expect(401);
    });
  });
});
