import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { Express } from 'express';
import { createSandboxApp } from '../app.js';
import { DEFAULT_RAZORPAY_OPTIONS, type SandboxOptions } from '../config.js';
import { makeTemporaryDataDir } from '../testing/sandbox-server.js';

const PORTAL = 'http://localhost:8080';

describe('form service stand-ins', () => {
  let app: Express;
  let options: SandboxOptions;
  let removeDataDir: () => Promise<void>;

  beforeAll(async () => {
    const temporary = await makeTemporaryDataDir();
    removeDataDir = temporary.remove;
    options = {
      publicUrl: 'http://localhost:8090/',
      dataDir: temporary.dataDir,
      portalOrigins: [PORTAL],
      clientId: 'academy-portal',
      apiAudience: 'https://api.academy.local',
      claimsNamespace: 'https://academy.example/',
      newsletterFormKey: 'test-newsletter-key',
      contactFormId: 'test-contact-form',
      razorpay: DEFAULT_RAZORPAY_OPTIONS,
    };
    ({ app } = await createSandboxApp(options));
  });

  afterAll(async () => {
    await removeDataDir();
  });

  const inbox = async () =>
    (await request(app).get('/forms/inbox.json').expect(200)).body.submissions as {
      service: string;
      formName: string;
      fields: Record<string, string>;
    }[];

  it('accepts a newsletter sign-up as JSON with the right key, with CORS for the portal', async () => {
    const response = await request(app)
      .post('/forms/newsletter')
      .set('Origin', PORTAL)
      .send({ email: 'reader@example.com', access_key: 'test-newsletter-key' })
      .expect(200);
    expect(response.body).toMatchObject({ success: true, message: expect.any(String) });
    expect(response.headers['access-control-allow-origin']).toBe(PORTAL);
    expect((await inbox())[0]).toMatchObject({ service: 'newsletter', fields: { email: 'reader@example.com' } });
    // The key is a credential of the form: it is not kept with the submission.
    expect((await inbox())[0]!.fields.access_key).toBeUndefined();
  });

  it('accepts a form-encoded newsletter sign-up', async () => {
    await request(app)
      .post('/forms/newsletter')
      .type('form')
      .send({ email: 'form@example.com', access_key: 'test-newsletter-key' })
      .expect(200);
    expect((await inbox())[0]!.fields.email).toBe('form@example.com');
  });

  it('refuses a bad key, a missing key and a missing email with 400 and stores nothing', async () => {
    const countBefore = (await inbox()).length;
    const badKey = await request(app).post('/forms/newsletter').send({ email: 'x@example.com', access_key: 'wrong' }).expect(400);
    expect(badKey.body).toEqual({ success: false, message: expect.stringContaining('access key') });
    await request(app).post('/forms/newsletter').send({ email: 'x@example.com' }).expect(400);
    const noEmail = await request(app).post('/forms/newsletter').send({ access_key: 'test-newsletter-key' }).expect(400);
    expect(noEmail.body.success).toBe(false);
    await request(app).post('/forms/newsletter').send({ email: 'not-an-email', access_key: 'test-newsletter-key' }).expect(400);
    expect(await inbox()).toHaveLength(countBefore);
  });

  it('answers the CORS preflight for the portal and not for other origins', async () => {
    const allowed = await request(app)
      .options('/forms/contact/test-contact-form')
      .set('Origin', PORTAL)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type')
      .expect(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(allowed.headers['access-control-allow-headers']).toBe('content-type');

    const foreign = await request(app)
      .options('/forms/contact/test-contact-form')
      .set('Origin', 'http://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('accepts a contact message by form id and lists it newest first', async () => {
    const message = { name: 'Asha', email: 'asha@example.com', subject: 'Batch timings', message: 'When does the <b>next</b> batch start?' };
    const response = await request(app).post('/forms/contact/test-contact-form').set('Origin', PORTAL).send(message).expect(200);
    expect(response.body).toEqual({ ok: true, next: 'http://localhost:8090/forms/thanks' });
    expect(response.headers['access-control-allow-origin']).toBe(PORTAL);

    const [newest] = await inbox();
    expect(newest).toMatchObject({ service: 'contact', formName: 'test-contact-form', fields: message });

    const page = await request(app).get('/forms/inbox').expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('Batch timings');
    // Submitted text is shown escaped, never as markup.
    expect(page.text).toContain('When does the &lt;b&gt;next&lt;/b&gt; batch start?');
    expect(page.text.indexOf('Batch timings')).toBeLessThan(page.text.indexOf('form@example.com'));
  });

  it('answers missing fields and a bad email with 400 and per-field errors', async () => {
    const response = await request(app)
      .post('/forms/contact/test-contact-form')
      .send({ name: '  ', email: 'nope', subject: 'Hi', message: '' })
      .expect(400);
    expect(response.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['email', 'message', 'name']);
  });

  it('answers 404 for an unknown contact form id', async () => {
    await request(app).post('/forms/contact/someone-elses-form').send({ name: 'a', email: 'a@b.co', subject: 's', message: 'm' }).expect(404);
  });

  it('keeps submissions across restarts (data dir)', async () => {
    const { app: restarted } = await createSandboxApp(options);
    const response = await request(restarted).get('/forms/inbox.json').expect(200);
    expect(response.body.submissions).toEqual(await inbox());
    expect(response.body.submissions.length).toBeGreaterThanOrEqual(3);
  });
});
