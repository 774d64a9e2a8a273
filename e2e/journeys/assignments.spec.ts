// Assignments journey: the educator sets an assignment under a chapter of a course of their own; a student who
// has finished every lecture is not complete yet, hands in a PDF and a written answer; the educator downloads it
// and reviews it from the inbox; the student sees the marks and the feedback, the course is complete and the
// certificate downloads; resubmitting is refused. Signed-out callers, a learner of another course and another
// role are refused on the new routes through the edge. Axe finds nothing serious on the pages shown; a phone fits them.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { ALREADY_REVIEWED_MESSAGE, assignmentsPath, EDUCATOR_SUBMISSIONS_PATH, submissionPath, type AssignmentForMember } from '@academy/contracts';
import { callApi } from '../support/api.js';
import { cachedAccessToken, escapeRegExp, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const run = Date.now().toString(36);
const courseTitle = `Class 8 Science Light Assignment ${run}`;
const chapterTitle = 'Reflection of light';
const assignmentTitle = `Draw the ray diagram ${run}`;
const thumbnailPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const handInPdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Serious or critical axe findings on the page as it is now (the accessibility journey's bar). */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
}

/** A free course of the educator's own with one chapter and one lecture, added through the authoring API. */
async function addCourse(token: string): Promise<string> {
  const form = new FormData();
  const courseData = {
    courseTitle,
    courseDescription: '<p>Mirrors and ray diagrams.</p>',
    coursePrice: 0,
    discount: 0,
    courseContent: [
      { chapterTitle, chapterContent: [{ lectureTitle: 'Laws of reflection', lectureDuration: 12, lectureUrl: 'https://youtu.be/dQw4w9WgXcQ', isPreviewFree: false }] },
    ],
  };
  form.append('courseData', JSON.stringify(courseData));
  form.append('image', new Blob([thumbnailPng], { type: 'image/png' }), 'light.png');
  const response = await fetch(`${portalUrl}/api/educator/add-course`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  const body = (await response.json()) as { courseId: string; message: string };
  expect([response.status, body.message]).toEqual([201, 'Course Added']);
  return body.courseId;
}

describe('assignments', () => {
  it('set, hand in, review from the inbox; marks and feedback shown; the course completes only after the review', async () => {
    const meera = await openPage(browser);
    await signIn(meera.page, portalUrl, 'Meera Iyer');
    const courseId = await addCourse(await cachedAccessToken(meera.page));

    // The educator sets the assignment on the course's Assignments page.
    await meera.page.goto(`${portalUrl}/educator/assignments`);
    await meera.page.getByRole('heading', { level: 1, name: 'Assignments' }).waitFor();
    await meera.page.getByLabel('Course').selectOption({ label: courseTitle });
    await meera.page.getByRole('button', { name: `+ Add assignment to ${chapterTitle}` }).click();
    const form = meera.page.getByRole('form', { name: `Add assignment for ${chapterTitle}` });
    await form.getByLabel('Title').fill(assignmentTitle);
    await form.getByLabel('Instructions').fill('Draw the reflected ray for a 30° angle of incidence and label both angles.');
    await form.getByLabel('Due date (dd/mm/yyyy, optional)').fill('31/02/2027');
    await form.getByLabel('Max marks').fill('10');
    await form.getByRole('button', { name: 'Add assignment' }).click();
    await form.getByText('Due date must be a date').waitFor();
    await form.getByLabel('Due date (dd/mm/yyyy, optional)').fill('31/12/2027');
    await form.getByRole('button', { name: 'Add assignment' }).click();
    const set = meera.page.getByRole('article', { name: `Assignment ${assignmentTitle}` });
    await set.getByText('10 marks · due 31/12/2027 · PDF or text').waitFor();

    // A student enrols and finishes the only lecture: not complete while the assignment waits.
    const diya = await openPage(browser);
    await signIn(diya.page, portalUrl, 'Diya Patel');
    const diyaToken = await cachedAccessToken(diya.page);
    expect((await callApi(diyaToken, '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId }) })).status).toBeLessThan(300);
    const course = await callApi<{ courseData: { courseContent: { chapterContent: { lectureId: string }[] }[] } }>(diyaToken, `/api/course/${courseId}`);
    const lectureId = course.body.courseData.courseContent[0]!.chapterContent[0]!.lectureId;
    expect((await callApi(diyaToken, '/api/user/update-course-progress', { method: 'POST', body: JSON.stringify({ courseId, lectureId }) })).status).toBe(200);
    expect((await callApi(diyaToken, `/api/certificates/course/${courseId}`)).status).toBe(409);

    await diya.page.goto(`${portalUrl}/my-enrollments`);
    const row = diya.page.getByRole('row', { name: new RegExp(escapeRegExp(courseTitle)) });
    await row.getByText('0 / 1 Assignment reviewed').waitFor();
    await row.getByRole('button', { name: `In progress: open ${courseTitle}` }).waitFor();

    // The assignment is under its chapter in the player; the student hands in a PDF with a written answer.
    await diya.page.goto(`${portalUrl}/player/${courseId}`);
    await diya.page.getByRole('button', { name: `Open assignment ${assignmentTitle}` }).click();
    const panel = diya.page.getByRole('region', { name: 'Assignment', exact: true });
    await panel.getByRole('heading', { name: `Assignment: ${assignmentTitle}` }).waitFor();
    await panel.getByText('31/12/2027').waitFor();
    expect(await axeFindings(diya.page)).toEqual([]);
    await panel.getByLabel(/^File \(PDF/).setInputFiles({ name: 'ray-diagram.pdf', mimeType: 'application/pdf', buffer: handInPdf });
    await panel.getByLabel(/^Your answer/).fill('The angle of reflection equals the angle of **incidence**: 30°.');
    await panel.getByRole('button', { name: 'Hand in', exact: true }).click();
    await panel.getByText(/waiting for your educator’s review/).waitFor();
    await panel.getByRole('link', { name: 'ray-diagram.pdf' }).waitFor();
    expect(await diya.page.getByRole('button', { name: 'Download Certificate' }).count()).toBe(0);

    // The educator finds it in the inbox (filtered to the course), downloads the file and reviews it.
    await meera.page.goto(`${portalUrl}/educator/inbox`);
    await meera.page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await meera.page.getByLabel('Course').selectOption({ label: courseTitle });
    const waiting = meera.page.getByRole('list', { name: 'Unreviewed submissions' }).getByRole('listitem').filter({ hasText: assignmentTitle });
    await waiting.getByText('Diya Patel').first().waitFor();
    const fileHref = await waiting.getByRole('link', { name: 'Download ray-diagram.pdf' }).getAttribute('href');
    const file = await meera.page.request.get(new URL(fileHref!, portalUrl).href);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await axeFindings(meera.page)).toEqual([]);
    await waiting.getByLabel('Marks (0 to 10)').fill('11');
    await waiting.getByLabel('Feedback').fill('Neat diagram. Label the normal next time.');
    await waiting.getByRole('button', { name: /^Send review/ }).click();
    await waiting.getByRole('alert').getByText('Marks must be between 0 and 10').waitFor();
    await waiting.getByLabel('Marks (0 to 10)').fill('8');
    await waiting.getByRole('button', { name: /^Send review/ }).click();
    await waiting.waitFor({ state: 'detached' });

    // The student sees the marks and the feedback; the course is complete and its certificate downloads.
    await diya.page.reload();
    await diya.page.getByRole('button', { name: `See review ${assignmentTitle}` }).click();
    await panel.getByText('Marks:').waitFor();
    expect(await panel.locator('.assignment__marks').textContent()).toBe('Marks: 8 / 10');
    await panel.getByText('Neat diagram. Label the normal next time.').waitFor();
    expect(await panel.getByRole('button', { name: /Hand in/ }).count()).toBe(0);
    await diya.page.getByText('You completed every lecture and had every assignment reviewed of this course.').waitFor();
    await diya.page.getByRole('button', { name: 'Download Certificate' }).waitFor();
    expect(await axeFindings(diya.page)).toEqual([]);

    // On a phone (390 px) the reviewed assignment fits the screen's width.
    const phone = await openPage(browser, { width: 390, height: 844 });
    await signIn(phone.page, portalUrl, 'Diya Patel');
    await phone.page.goto(`${portalUrl}/player/${courseId}`);
    await phone.page.getByRole('button', { name: `See review ${assignmentTitle}` }).click();
    await phone.page.getByRole('region', { name: 'Assignment', exact: true }).getByText('Neat diagram. Label the normal next time.').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.context.close();
    const certificate = await fetch(`${portalUrl}/api/certificates/course/${courseId}`, { headers: { Authorization: `Bearer ${diyaToken}` } });
    expect(certificate.status).toBe(200);
    expect(certificate.headers.get('content-type')).toMatch(/^application\/pdf/);
    await diya.page.goto(`${portalUrl}/my-enrollments`);
    await row.getByText('1 / 1 Assignment reviewed').waitFor();
    await row.getByRole('button', { name: /^Completed/ }).waitFor();

    // Work already reviewed cannot be replaced.
    const { body } = await callApi<{ assignments: AssignmentForMember[] }>(diyaToken, `/api${assignmentsPath(courseId)}`);
    const assignmentId = body.assignments[0]!.id;
    const again = await callApi<{ message: string }>(diyaToken, `/api${submissionPath(courseId, assignmentId)}`, { method: 'POST', body: JSON.stringify({ text: 'A better answer' }) });
    expect([again.status, again.body.message]).toEqual([409, ALREADY_REVIEWED_MESSAGE]);

    // Through the edge: signed out 401, a learner not enrolled here 403, a learner on the educator's list 403.
    const aarav = await openPage(browser);
    await signIn(aarav.page, portalUrl, 'Aarav Sharma');
    const aaravToken = await cachedAccessToken(aarav.page);
    expect((await fetch(`${portalUrl}/api${assignmentsPath(courseId)}`)).status).toBe(401);
    expect((await fetch(`${portalUrl}/api${EDUCATOR_SUBMISSIONS_PATH}`)).status).toBe(401);
    expect((await callApi(aaravToken, `/api${assignmentsPath(courseId)}`)).status).toBe(403);
    expect((await callApi(aaravToken, `/api${submissionPath(courseId, assignmentId)}`, { method: 'POST', body: JSON.stringify({ text: 'mine' }) })).status).toBe(403);
    expect((await callApi(aaravToken, `/api${EDUCATOR_SUBMISSIONS_PATH}`)).status).toBe(403);
    expect((await callApi(aaravToken, `/api${assignmentsPath('00000000-0000-4000-8000-000000000000')}`)).status).toBe(404);

    await aarav.context.close();
    await diya.context.close();
    await meera.context.close();
  }, 240_000);
});
