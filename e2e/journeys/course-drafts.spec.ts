// Drafts: an educator types in Add Course, reloads and finds everything (at 1280 px and at 390 px); a connection
// lost while typing loses nothing; the public catalogue never shows the draft; the lecture dialog takes a notes PDF
// and refuses a renamed program under the field; the preview shows the course as a learner would see it; ADD
// publishes it once the checklist is complete, and its notes then download only with a signed link.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { LECTURE_FILE_NOT_PDF_MESSAGE, type CourseSummary, type EducatorCourseDetail } from '@academy/contracts';
import { addChapter, cachedAccessToken, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { eventually } from '@academy/service-core/testing';
import { callApi } from '../support/api.js';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const courseTitle = `Class 10 Trigonometry Draft ${Date.now()}`;
const thumbnailPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const notesPdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A Windows program renamed to .pdf. */
const renamedProgram = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(0x3a), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(0x40), Buffer.from('PE\0\0'), Buffer.alloc(64)]);
const PHONE = { width: 390, height: 844 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const status = (page: Page) => page.locator('.draft-status');
async function saved(page: Page): Promise<void> {
  await status(page).getByText('Saved', { exact: true }).waitFor({ timeout: 10_000 });
}
function draftIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('draft');
  if (!id) throw new Error(`no draft in ${page.url()}`);
  return id;
}

describe('course drafts', () => {
  let draftId = '';

  it('keeps what the educator types across reloads and a lost connection, at 1280 px; the catalogue never shows it; the checklist names what is missing', async () => {
    const educator = await openPage(browser, { width: 1280, height: 900 });
    const { page, context } = educator;
    await signIn(page, portalUrl, 'Meera Iyer');
    await page.goto(`${portalUrl}/educator/add-course`);
    await page.getByRole('heading', { level: 1, name: 'Add Course' }).waitFor();

    await page.getByLabel('Course Title').fill(courseTitle);
    await page.locator('.rte-editor [contenteditable="true"]').click();
    await page.keyboard.type('Ratios, identities and heights and distances.');
    await page.getByLabel('Course Price').fill('600');
    await page.getByLabel('Discount %').fill('20');
    await saved(page);
    draftId = draftIdOf(page);
    expect(await status(page).getAttribute('aria-live')).toBe('polite');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Add Course' }).waitFor();
    expect(await page.getByLabel('Course Title').inputValue()).toBe(courseTitle);
    expect(await page.getByLabel('Course Price').inputValue()).toBe('600');
    expect(await page.getByLabel('Discount %').inputValue()).toBe('20');
    await page.getByText('Ratios, identities and heights and distances.').waitFor();

    // The connection drops while typing: "Not saved — retrying", kept in the browser, saved when it returns.
    educator.expectProblem('request', /\/api\/educator\/courses\/[^/]+\/draft/);
    await context.setOffline(true);
    await page.getByLabel('Class (from)').selectOption('10');
    await page.getByLabel('Class (to)').selectOption('10');
    await status(page).getByText('Not saved — retrying').waitFor({ timeout: 10_000 });
    await context.setOffline(false);
    await saved(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Add Course' }).waitFor();
    expect(await page.getByLabel('Class (from)').inputValue()).toBe('10');
    expect(await page.getByLabel('Class (to)').inputValue()).toBe('10');

    // Nobody else sees it: not in the catalogue, not in search, no course page.
    const list = (await (await fetch(`${portalUrl}/api/course/all`)).json()) as { courses: CourseSummary[] };
    expect(list.courses.some((course) => course._id === draftId)).toBe(false);
    const search = (await (await fetch(`${portalUrl}/api/course/all?search=${encodeURIComponent(courseTitle)}`)).json()) as { courses: CourseSummary[] };
    expect(search.courses).toEqual([]);
    expect((await fetch(`${portalUrl}/api/course/${draftId}`)).status).toBe(404);
    const visitor = await openPage(browser);
    await visitor.page.goto(`${portalUrl}/course-list`);
    await visitor.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await visitor.page.getByText(courseTitle).count()).toBe(0);
    await visitor.context.close();

    // My Courses lists it as a draft to continue.
    await page.goto(`${portalUrl}/educator/my-courses`);
    await page.getByRole('link', { name: `Continue editing ${courseTitle}` }).click();
    expect(await page.getByLabel('Course Title').inputValue()).toBe(courseTitle);

    // ADD without a thumbnail: the spec's notice. With one but no chapter: the checklist names it and leads there.
    await page.getByLabel('Subject', { exact: true }).selectOption('mathematics');
    await page.getByLabel('Board', { exact: true }).selectOption('cbse');
    await page.getByRole('button', { name: 'ADD', exact: true }).click();
    await page.getByText('Thumbnail Not Selected').waitFor();
    await page.locator('input[type="file"][accept*="image"]').setInputFiles({ name: 'trig.png', mimeType: 'image/png', buffer: thumbnailPng });
    await page.getByRole('img', { name: 'Preview of trig.png' }).waitFor();
    await page.getByRole('button', { name: 'ADD', exact: true }).click();
    const checklist = page.getByRole('region', { name: 'Before you publish' });
    await checklist.getByRole('link', { name: 'Chapters' }).waitFor();
    expect(await checklist.getByRole('listitem').allTextContents()).toEqual(['Chapters: Add at least one chapter with a lecture']);
    await checklist.getByRole('link', { name: 'Chapters' }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('+ Add Chapter');
    expect((await fetch(`${portalUrl}/api/course/${draftId}`)).status).toBe(404);
    await context.close();
  }, 120_000);

  it('takes a notes PDF in the lecture dialog and refuses a renamed program with a message; the draft keeps both after a reload, at 390 px', async () => {
    const educator = await openPage(browser, PHONE);
    const { page, context } = educator;
    await signIn(page, portalUrl, 'Meera Iyer');
    await page.goto(`${portalUrl}/educator/add-course?draft=${draftId}`);
    await page.getByRole('heading', { level: 1, name: 'Add Course' }).waitFor();
    expect(await page.getByLabel('Course Title').inputValue()).toBe(courseTitle);
    await page.getByLabel('Subject', { exact: true }).selectOption('mathematics');
    await page.getByLabel('Board', { exact: true }).selectOption('cbse');
    await addChapter(page, 'Trigonometric Ratios');
    await page.getByRole('button', { name: '+ Add Lecture to Trigonometric Ratios' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Lecture' });
    await dialog.getByText('A link is public').first().waitFor();

    // The browser's own check refuses it before sending; the server refuses it too (checked below by the API).
    await dialog.getByLabel('Or upload the notes as a PDF').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: renamedProgram });
    await dialog.getByText(LECTURE_FILE_NOT_PDF_MESSAGE).waitFor();
    const token = await cachedAccessToken(page);
    const form = new FormData();
    form.append('file', new Blob([renamedProgram], { type: 'application/pdf' }), 'notes.pdf');
    const refused = await fetch(`${portalUrl}/api/educator/courses/${draftId}/lecture-files`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { message: string }).message).toBe(LECTURE_FILE_NOT_PDF_MESSAGE);

    await dialog.getByLabel('Or upload the notes as a PDF').setInputFiles({ name: 'ratios-notes.pdf', mimeType: 'application/pdf', buffer: notesPdf });
    await dialog.getByText('ratios-notes.pdf').waitFor();
    await dialog.getByLabel('Lecture Title').fill('Sine, cosine and tangent');
    await dialog.getByLabel('Duration (minutes)').fill('20');
    await dialog.getByLabel('Lecture URL (YouTube or uploaded video)').fill('https://youtu.be/dQw4w9WgXcQ');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // The status can still read "Saved" from the chapter's save while the lecture's save waits its quiet time:
    // the server is asked until it has the lecture, so closing this browser loses nothing.
    const draftToken = await cachedAccessToken(page);
    await eventually(
      async () => (await fetch(`${portalUrl}/api/educator/courses/${draftId}/draft`, { headers: { Authorization: `Bearer ${draftToken}` } })).text(),
      (draft) => draft.includes('Sine, cosine and tangent'),
      { what: 'the lecture in the saved draft', timeoutMs: 15_000, intervalMs: 250 },
    );
    await saved(page);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Add Course' }).waitFor();
    await page.getByText('1. Sine, cosine and tangent').waitFor();
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).toBe('mathematics');
    // Nothing scrolls sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await context.close();
  }, 120_000);

  it('previews the draft as a learner would see it, then ADD publishes it; its notes need a signed link', async () => {
    const educator = await openPage(browser);
    const { page, context } = educator;
    await signIn(page, portalUrl, 'Meera Iyer');
    await page.goto(`${portalUrl}/educator/add-course?draft=${draftId}`);
    await page.getByRole('heading', { level: 1, name: 'Add Course' }).waitFor();
    expect(await page.getByLabel('Course Title').inputValue()).toBe(courseTitle);

    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('heading', { level: 1, name: courseTitle }).waitFor();
    await page.getByRole('note').getByText('Nobody is enrolled').waitFor();
    await page.getByRole('button', { name: /Sine, cosine and tangent/ }).waitFor();
    await page.getByRole('link', { name: 'Back to editing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add Course' }).waitFor();

    // The thumbnail chosen earlier is still there; the checklist is complete now, so ADD publishes.
    await page.getByRole('img', { name: 'Current thumbnail' }).waitFor();
    await page.getByRole('button', { name: 'ADD', exact: true }).click();
    await page.getByText(/Course Added/).first().waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('Course Title').inputValue()).toBe('');

    const published = (await (await fetch(`${portalUrl}/api/course/${draftId}`)).json()) as { courseData: { courseTitle: string; courseContent: { chapterContent: { notesUrl: string | null }[] }[] } };
    expect(published.courseData.courseTitle).toBe(courseTitle);
    expect(published.courseData.courseContent[0]!.chapterContent[0]!.notesUrl).toBeNull();

    const token = await cachedAccessToken(page);
    const own = await callApi<{ course: EducatorCourseDetail }>(token, `/api/educator/courses/${draftId}`);
    const signedNotes = own.body.course.courseContent[0]!.chapterContent[0]!.notesUrl!;
    expect(signedNotes).toMatch(/^\/api\/files\/lecture-files\/.+\.pdf\?user=/);
    expect((await fetch(`${portalUrl}${signedNotes.split('?')[0]}`)).status).toBe(401);
    const download = await fetch(`${portalUrl}${signedNotes}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  }, 120_000);
});
