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

  it('takes a photo judged by its bytes, up to 2 MB, from the educator alone, and serves it to anyone under a new address each time', async () => {
    const photoPath = '/api/educator/profile/photo';
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(64)]);
    const ravi = await as(OTHER_EDUCATOR);
    await http().put(photoPath).attach('photo', png, 'me.png').expect(401);
    await http().put(photoPath).set(await as(demoUsers.student)).attach('photo', png, 'me.png').expect(403);
    // A program renamed .png, and nothing at all, are refused in words; nothing is stored.
    const renamed = await http().put(photoPath).set(ravi).attach('photo', Buffer.from('MZ\x90\x00 not a picture'), { filename: 'me.png', contentType: 'image/png' }).expect(415);
    expect(renamed.body.message).toBe('The photo must be a PNG, JPEG or WebP picture');
    expect((await http().put(photoPath).set(ravi).expect(400)).body.message).toBe('Choose a photo to upload');
    const tooLarge = await http().put(photoPath).set(ravi).attach('photo', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'big.png').expect(413);
    expect(tooLarge.body.message).toBe('The photo is larger than 2 MB. Choose a smaller one');
    expect((await http().get('/api/educator/profile').set(ravi).expect(200)).body.profile.hasUploadedPhoto).toBe(false);

    const first = (await http().put(photoPath).set(ravi).attach('photo', png, 'me.png').expect(200)).body.profile;
    const raviId = publicUserId(OTHER_EDUCATOR.sub);
    expect(first).toMatchObject({ hasUploadedPhoto: true, photoUrl: expect.stringMatching(new RegExp(`^/api/educators/${raviId}/photo\\?v=[0-9a-f-]{36}$`)) });
    const served = await http().get(first.photoUrl).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, png)).toBe(0);
    expect((await http().get(`/api/educators/${raviId}`).expect(200)).body.profile.photoUrl).toBe(first.photoUrl);

    // A new photo gets a new address, so no cache shows the old one.
    const second = (await http().put(photoPath).set(ravi).attach('photo', jpeg, 'me.jpg').expect(200)).body.profile;
    expect(second.photoUrl).not.toBe(first.photoUrl);
    expect((await http().get(second.photoUrl).buffer(true).expect(200)).headers['content-type']).toBe('image/jpeg');
    const keys = (await app.get(DataSource).query(`SELECT photo_key FROM progress.educator_profiles WHERE user_id = $1`, [OTHER_EDUCATOR.sub])) as { photo_key: string }[];
    expect(keys[0]!.photo_key).toMatch(new RegExp(`^educator-photos/${raviId}/.+\\.jpg$`));

    // Meera's profile never shows Ravi's photo; removing his shows his account's picture again and the address 404s.
    expect((await http().get('/api/educator/profile').set(await as(demoUsers.educator)).expect(200)).body.profile.hasUploadedPhoto).toBe(false);
    const removed = (await http().delete(photoPath).set(ravi).expect(200)).body.profile;
    expect(removed).toMatchObject({ hasUploadedPhoto: false, photoUrl: OTHER_EDUCATOR.picture });
    expect((await http().get(`/api/educators/${raviId}/photo`).expect(404)).body.message).toBe('This educator has no photo');
  });
});
