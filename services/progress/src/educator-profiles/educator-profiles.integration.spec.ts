import { publicUserId, runMigrations } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { progressDatabase } from '../database.js';

const OTHER_EDUCATOR = { sub: 'sandbox|educator-other', name: 'Ravi Kumar', email: 'ravi@demo.academy', picture: '', roles: ['educator'] };

describe('educator profiles (real PostgreSQL)', () => {
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const as = async (user: { sub: string; name?: string; email?: string; picture?: string; roles?: string[] }) => ({ Authorization: `Bearer ${await testEnv.issuer.sign(user)}` });
  const meera = `/api/educators/${publicUserId(demoUsers.educator.sub)}`;

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment();
    await runMigrations({ url: testEnv.database.url, ...progressDatabase });
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await testEnv?.teardown();
  });

  it('lets only educators read and edit their own profile', async () => {
    await http().get('/api/educator/profile').expect(401);
    await http().put('/api/educator/profile').send({ displayName: 'X Y' }).expect(401);
    expect((await http().get('/api/educator/profile').set(await as(demoUsers.student)).expect(403)).body.message).toBe('Only educator accounts can do this');
    await http().put('/api/educator/profile').set(await as(demoUsers.student)).send({ displayName: 'Not an educator' }).expect(403);
    expect(await app.get(DataSource).query('SELECT count(*)::int AS n FROM progress.educator_profiles')).toEqual([{ n: 0 }]);
  });

  it('starts from the account, saves what the educator writes, and shows it to anyone once saved', async () => {
    const headers = await as(demoUsers.educator);
    expect((await http().get(meera).expect(200)).body).toEqual({ success: true, profile: null });
    expect((await http().get(`/api/educators/${encodeURIComponent(demoUsers.educator.sub)}`).expect(400)).body.message).toContain('educatorId must be an educator id');
    const before = (await http().get('/api/educator/profile').set(headers).expect(200)).body.profile;
    // The answer never carries the sign-in subject.
    expect(JSON.stringify(before)).not.toContain(demoUsers.educator.sub);
    expect(before).toMatchObject({ id: publicUserId(demoUsers.educator.sub), displayName: demoUsers.educator.name, bio: '', qualifications: '' });

    const saved = await http()
      .put('/api/educator/profile')
      .set(headers)
      .send({ displayName: '  Meera Iyer, PhD ', bio: 'I teach physics <script>alert(1)</script> to classes 11 and 12.', qualifications: 'M.Sc. Physics, IIT Madras' })
      .expect(200);
    expect(saved.body.profile).toMatchObject({ displayName: 'Meera Iyer, PhD', qualifications: 'M.Sc. Physics, IIT Madras' });
    // Stored and answered as text: the page renders it as text, so markup stays inert.
    const shown = (await http().get(meera).expect(200)).body.profile;
    expect(shown).toEqual({ ...saved.body.profile });
    expect(shown.bio).toBe('I teach physics <script>alert(1)</script> to classes 11 and 12.');
    // Another educator's edit touches only their own.
    await http().put('/api/educator/profile').set(await as(OTHER_EDUCATOR)).send({ displayName: 'Ravi Kumar', bio: 'Chemistry' }).expect(200);
    expect((await http().get(meera).expect(200)).body.profile.displayName).toBe('Meera Iyer, PhD');
  });

  it('refuses a bad profile with a clear message and keeps the saved one', async () => {
    const headers = await as(demoUsers.educator);
    for (const [body, message] of [
      [{ displayName: 'M' }, 'The display name needs at least 2 characters'],
      [{ displayName: 'Meera', bio: 'x'.repeat(2001) }, 'The bio may be at most 2000 characters'],
      [{ displayName: 'Meera', qualifications: 'x'.repeat(501) }, 'Qualifications may be at most 500 characters'],
      [{}, 'Enter the name learners will see'],
    ] as const) {
      expect((await http().put('/api/educator/profile').set(headers).send(body).expect(400)).body.message).toContain(message);
    }
    expect((await http().get(meera).expect(200)).body.profile.displayName).toBe('Meera Iyer, PhD');
  });
});
