import express, { type Router } from 'express';
import type { SandboxOptions } from '../config.js';
import { renderInboxPage } from '../pages/inbox-page.js';
import { portalCors } from '../portal-cors.js';
import type { SubmissionStore } from './submission-store.js';
import type { MailStore } from '../mail/mail-store.js';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_FIELD_LENGTH = 5000;

/** Keeps the string fields of a JSON or form-encoded body, trimmed of nothing and cut to a sane length. */
function stringFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string') fields[name] = value.slice(0, MAX_FIELD_LENGTH);
    else if (typeof value === 'number' || typeof value === 'boolean') fields[name] = String(value);
  }
  return fields;
}

/**
 * Stand-ins for the two form services: a form-submission service with a form key (newsletter, answers
 * `{success, message}`) and a form-handling service addressed by form id (contact, answers `{ok, next}` or
 * `{errors}`), plus an inbox listing what arrived.
 */
export function createFormsRouter(options: SandboxOptions, store: SubmissionStore, mail?: MailStore): Router {
  const router = express.Router();
  const parseBody = [express.json({ limit: '64kb' }), express.urlencoded({ extended: false, limit: '64kb' })];

  router.use('/forms', portalCors(new Set(options.portalOrigins)));

  router.post('/forms/newsletter', ...parseBody, async (req, res) => {
    const { access_key: accessKey, ...fields } = stringFields(req.body);
    if (!accessKey) {
      res.status(400).json({ success: false, message: 'Form access key is missing.' });
      return;
    }
    if (accessKey !== options.newsletterFormKey) {
      res.status(400).json({ success: false, message: 'Invalid access key. Check the form key.' });
      return;
    }
    const email = fields.email?.trim() ?? '';
    if (!EMAIL_PATTERN.test(email)) {
      res.status(400).json({ success: false, message: email === '' ? 'Email is required.' : 'Email is invalid.' });
      return;
    }
    const submission = await store.add('newsletter', 'newsletter', { ...fields, email });
    res.json({ success: true, message: 'Email sent successfully!', data: { id: submission.id, email } });
  });

  router.post('/forms/contact/:formId', ...parseBody, async (req, res) => {
    if (req.params.formId !== options.contactFormId) {
      res.status(404).json({ error: 'Form not found', errors: [{ code: 'FORM_NOT_FOUND', message: 'Form not found' }] });
      return;
    }
    const fields = stringFields(req.body);
    const errors: { field: string; code: string; message: string }[] = [];
    for (const field of ['name', 'email', 'subject', 'message']) {
      if ((fields[field] ?? '').trim() === '') {
        errors.push({ field, code: 'REQUIRED_FIELD_MISSING', message: 'is required' });
      }
    }
    if ((fields.email ?? '').trim() !== '' && !EMAIL_PATTERN.test(fields.email!.trim())) {
      errors.push({ field: 'email', code: 'TYPE_EMAIL', message: 'should be an email' });
    }
    if (errors.length > 0) {
      res.status(400).json({ error: 'Validation errors', errors });
      return;
    }
    await store.add('contact', req.params.formId, fields);
    res.json({ ok: true, next: new URL('forms/thanks', options.publicUrl).href });
  });

  router.get('/forms/thanks', (_req, res) => {
    res.type('text/plain').send('Thanks! The sandbox received your submission. See /forms/inbox.');
  });

  router.get('/forms/inbox.json', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ submissions: store.newestFirst() });
  });

  router.get('/forms/inbox', (_req, res) => {
    res.set('Cache-Control', 'no-store').type('html').send(renderInboxPage(store.newestFirst(), mail?.newestFirst() ?? []));
  });

  router.get('/forms/inbox/mail.json', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ mail: mail?.newestFirst() ?? [] });
  });

  // A message's HTML part as sent, in a sandboxed document (no scripts, no same-origin access).
  router.get('/forms/inbox/mail/:id', (req, res) => {
    const message = mail?.find(req.params.id);
    if (!message?.html) {
      res.status(404).type('text/plain').send('No such message.');
      return;
    }
    res.set({ 'Cache-Control': 'no-store', 'Content-Security-Policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:" });
    res.type('html').send(message.html);
  });

  return router;
}
