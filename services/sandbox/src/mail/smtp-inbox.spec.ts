import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import nodemailer from 'nodemailer';
import request from 'supertest';
import { makeTemporaryDataDir, startSandbox, type RunningSandbox } from '../testing/sandbox-server.js';
import { startSmtpInbox, type RunningSmtpInbox } from './smtp-inbox.js';

/** The sandbox's SMTP server receives what a service sends with nodemailer, and the inbox page shows it. */
describe('sandbox SMTP inbox', () => {
  let sandbox: RunningSandbox;
  let smtp: RunningSmtpInbox;
  let remove: () => Promise<void>;

  beforeAll(async () => {
    const temporary = await makeTemporaryDataDir();
    remove = temporary.remove;
    sandbox = await startSandbox(temporary.dataDir);
    smtp = await startSmtpInbox(sandbox.mail, 0);
  });

  afterAll(async () => {
    await smtp.close();
    await sandbox.close();
    await remove();
  });

  it('keeps each message with its text and HTML parts, lists it on /forms/inbox and serves the HTML part sandboxed', async () => {
    const transport = nodemailer.createTransport(`smtp://127.0.0.1:${smtp.port}`);
    await transport.sendMail({
      from: 'Academy <no-reply@academy.test>',
      to: 'kavita@demo.academy',
      subject: 'Weekly <progress>',
      text: 'Plain part: 2 lectures this week',
      html: '<h1>Weekly</h1><script>alert(1)</script>',
    });
    transport.close();

    const [mail] = sandbox.mail.newestFirst();
    expect(mail).toMatchObject({ to: ['kavita@demo.academy'], subject: 'Weekly <progress>', text: 'Plain part: 2 lectures this week' });
    const json = await request(sandbox.app).get('/forms/inbox/mail.json').expect(200);
    expect(json.body.mail[0].id).toBe(mail!.id);

    const page = await request(sandbox.app).get('/forms/inbox').expect(200);
    expect(page.text).toContain('<h2 id="mail">Mail</h2>');
    expect(page.text).toContain('Weekly &lt;progress&gt;'); // escaped
    expect(page.text).toContain('<pre>Plain part: 2 lectures this week</pre>');
    expect(page.text).toContain(`href="/forms/inbox/mail/${mail!.id}"`);

    const html = await request(sandbox.app).get(`/forms/inbox/mail/${mail!.id}`).expect(200);
    expect(html.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(html.text).toContain('<h1>Weekly</h1>');
    await request(sandbox.app).get('/forms/inbox/mail/unknown').expect(404);
  });
});
