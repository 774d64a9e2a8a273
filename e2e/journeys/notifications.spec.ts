// Notifications journey, on a phone-sized page: a student asks a doubt with an image; the educator answers from the
// inbox; the student's open page shows the bell's count go up without a reload (the stream through the edge) and the
// answer in the open doubt; the bell's item leads back to the doubt; the email arrives in the sandbox's SMTP inbox.
// With "Answers to my doubts" emails turned off, the next answer still reaches the bell but sends no email. The
// notification routes refuse signed-out callers.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { EnrolledCourse } from '@academy/contracts';
import { callApi } from '../support/api.js';
import { cachedAccessToken, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { eventually, untilWorkSettled } from '@academy/service-core/testing';
import { portal } from '../support/portal.js';

const { portalUrl, sandboxUrl, redisUrl, queuePrefix } = portal();
const FREE_COURSE_TITLE = 'Class 7 English Grammar Essentials';
const ANSWERED_SUBJECT = `Meera Iyer (educator) answered your doubt in ${FREE_COURSE_TITLE}`;
// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
let browser: Browser;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface SandboxMail {
  to: string[];
  subject: string;
  text: string;
}

async function mailTo(address: string, subject: string): Promise<SandboxMail[]> {
  const response = await fetch(`${sandboxUrl}/forms/inbox/mail.json`);
  const body = (await response.json()) as SandboxMail[] | { mail: SandboxMail[] };
  const mail = Array.isArray(body) ? body : body.mail;
  return mail.filter((message) => message.to.includes(address) && message.subject === subject);
}

/** The bell's unread count, read from its accessible name ("Notifications, 3 unread"). */
async function bellCount(page: Page): Promise<number> {
  const name = (await page.getByRole('button', { name: /^Notifications, / }).getAttribute('aria-label')) ?? '';
  const match = /^Notifications, (\d+) unread$/.exec(name);
  return match ? Number(match[1]) : 0;
}

async function enrolInFreeCourse(token: string): Promise<{ courseId: string; lectureId: string }> {
  const all = (await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: { _id: string; courseTitle: string }[] };
  const courseId = all.courses.find((course) => course.courseTitle === FREE_COURSE_TITLE)!._id;
  const purchase = await callApi(token, '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId }) });
  expect([200, 201, 409]).toContain(purchase.status);
  const enrolled = await callApi<{ enrolledCourses: EnrolledCourse[] }>(token, '/api/user/enrolled-courses');
  const course = enrolled.body.enrolledCourses.find((candidate) => candidate._id === courseId)!;
  const lecture = course.courseContent.flatMap((chapter) => chapter.chapterContent).find((candidate) => candidate.lectureUrl?.includes('.mp4'))!;
  return { courseId, lectureId: lecture.lectureId };
}

describe('notifications', () => {
  it('the answer reaches the asker live in the bell and the open doubt, leads back to it, and is emailed unless turned off', async () => {
    const run = Date.now().toString(36);
    const doubtText = `Which tense does this sentence use ${run}?`;
    const answerText = `The present perfect, because of "has been" ${run}`;

    const aarav = await openPage(browser, { width: 390, height: 844 });
    await signIn(aarav.page, portalUrl, 'Aarav Sharma');
    const aaravToken = await cachedAccessToken(aarav.page);
    const { courseId, lectureId } = await enrolInFreeCourse(aaravToken);
    // Emails of answers on (an earlier run may have left them off).
    const settingsOn = { doubt_answered: true, doubt_new: true, assignment_reviewed: true, live_class: true };
    expect((await callApi(aaravToken, '/api/notifications/email-settings', { method: 'PUT', body: JSON.stringify(settingsOn) })).status).toBe(200);

    // The student asks, with an image, and keeps the doubt open.
    await aarav.page.goto(`${portalUrl}/player/${courseId}?lecture=${lectureId}`);
    const panel = aarav.page.getByRole('region', { name: 'Doubts on this lecture' });
    await panel.getByLabel('Your doubt').fill(doubtText);
    await panel.getByLabel('Time in the video').fill('0:42');
    await panel.getByLabel('Image (optional)').setInputFiles({ name: 'sentence.png', mimeType: 'image/png', buffer: PNG });
    await panel.getByRole('button', { name: 'Post doubt' }).click();
    const asked = panel.getByRole('list', { name: 'Doubts on this lecture' }).getByRole('listitem').filter({ hasText: doubtText });
    const image = asked.getByRole('img', { name: 'Image Aarav Sharma attached to the doubt' });
    await image.waitFor();
    expect(await image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
    await asked.getByRole('button', { name: '0 answers' }).click();
    await asked.getByLabel('Your answer').waitFor();
    await aarav.page.getByRole('button', { name: /^Notifications, / }).waitFor();
    const before = await bellCount(aarav.page);
    const mailsBefore = (await mailTo('aarav@demo.academy', ANSWERED_SUBJECT)).length;

    // The educator answers from the inbox; her bell lists the new doubt.
    const meera = await openPage(browser);
    await signIn(meera.page, portalUrl, 'Meera Iyer');
    await meera.page.goto(`${portalUrl}/educator/inbox`);
    await meera.page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await meera.page.getByRole('button', { name: /^Notifications, / }).click();
    await meera.page.getByRole('list', { name: 'Notifications' }).getByRole('link', { name: new RegExp(`Aarav Sharma asked a doubt in ${FREE_COURSE_TITLE}`) }).first().waitFor();
    await meera.page.keyboard.press('Escape');
    await meera.page.getByLabel('Course').selectOption({ label: FREE_COURSE_TITLE });
    const waiting = meera.page.getByRole('list', { name: 'Unanswered doubts' }).getByRole('listitem').filter({ hasText: doubtText });
    await waiting.getByLabel('Your answer').fill(answerText);
    await waiting.getByRole('button', { name: 'Post answer' }).click();
    await waiting.waitFor({ state: 'detached' });

    // Without a reload: the bell's count goes up and the answer shows in the open doubt.
    const url = aarav.page.url();
    await aarav.page.getByRole('button', { name: `Notifications, ${before + 1} unread` }).waitFor({ timeout: 20_000 });
    await asked.getByRole('list', { name: 'Answers' }).getByText(answerText).waitFor({ timeout: 20_000 });
    expect(aarav.page.url()).toBe(url);

    // The bell's item (keyboard: Enter opens, Tab reaches it) leads to the lecture with the doubt open, and is read.
    await aarav.page.getByRole('button', { name: /^Notifications, / }).focus();
    await aarav.page.keyboard.press('Enter');
    const item = aarav.page.getByRole('list', { name: 'Notifications' }).getByRole('link', { name: new RegExp(escapeRegExp(ANSWERED_SUBJECT)) }).first();
    await item.waitFor();
    expect(await item.getAttribute('href')).toMatch(new RegExp(`^/player/${courseId}\\?lecture=${lectureId}&doubt=`));
    await item.click();
    await aarav.page.getByRole('heading', { name: 'The doubt you followed' }).waitFor();
    await aarav.page.locator('.doubts__linked').getByText(answerText).waitFor();
    await aarav.page.getByRole('button', { name: before === 0 ? 'Notifications, none unread' : `Notifications, ${before} unread` }).waitFor();

    // The email arrived at the sandbox's SMTP inbox, linking to the doubt.
    await eventually(async () => (await mailTo('aarav@demo.academy', ANSWERED_SUBJECT)).length > mailsBefore, { timeoutMs: 30_000, intervalMs: 250, what: 'the answer email' });
    const [email] = (await mailTo('aarav@demo.academy', ANSWERED_SUBJECT)).slice(0, 1);
    expect(email!.text).toContain(`/player/${courseId}?lecture=${lectureId}&doubt=`);

    // Emails of answers turned off in the bell's settings: the next answer reaches the bell only.
    await aarav.page.getByRole('button', { name: /^Notifications, / }).click();
    await aarav.page.getByRole('button', { name: 'Email settings' }).click();
    await aarav.page.getByRole('checkbox', { name: 'Answers to my doubts' }).uncheck();
    await aarav.page.getByRole('button', { name: 'Save email settings' }).click();
    await aarav.page.getByText('Email settings saved').waitFor();
    const mailsNow = (await mailTo('aarav@demo.academy', ANSWERED_SUBJECT)).length;
    const countNow = await bellCount(aarav.page);
    const doubtId = new URL(aarav.page.url()).searchParams.get('doubt')!;
    const meeraToken = await cachedAccessToken(meera.page);
    const second = await callApi(meeraToken, `/api/doubts/${courseId}/${doubtId}/answers`, { method: 'POST', body: JSON.stringify({ text: `One more thing ${run}` }) });
    expect(second.status).toBe(201);
    await aarav.page.getByRole('button', { name: `Notifications, ${countNow + 1} unread` }).waitFor({ timeout: 20_000 });
    // The bell's notification and its (turned off) email are one job of progress's queue: once it is idle, no mail is coming.
    await untilWorkSettled({ redisUrl, prefix: queuePrefix, queues: ['progress'] }, 20_000);
    expect((await mailTo('aarav@demo.academy', ANSWERED_SUBJECT)).length).toBe(mailsNow);
    expect((await callApi(aaravToken, '/api/notifications/email-settings', { method: 'PUT', body: JSON.stringify(settingsOn) })).status).toBe(200);

    await meera.context.close();
    await aarav.context.close();
  }, 240_000);

  it('refuses signed-out callers on every notification route (401) and another user’s notification (404)', async () => {
    for (const [method, path] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['GET', '/api/notifications/stream'],
      ['POST', '/api/notifications/read-all'],
      ['POST', '/api/notifications/00000000-0000-4000-8000-00000000dead/read'],
      ['GET', '/api/notifications/email-settings'],
      ['PUT', '/api/notifications/email-settings'],
    ] as const) {
      const response = await fetch(`${portalUrl}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
      expect([path, response.status]).toEqual([path, 401]);
    }
    const { page, context } = await openPage(browser);
    await signIn(page, portalUrl, 'Diya Patel');
    const diya = await cachedAccessToken(page);
    expect((await callApi(diya, '/api/notifications/00000000-0000-4000-8000-00000000dead/read', { method: 'POST' })).status).toBe(404);
    expect((await callApi(diya, '/api/notifications/email-settings', { method: 'PUT', body: JSON.stringify({ doubt_answered: 'no' }) })).status).toBe(400);
    await context.close();
  }, 120_000);
});
