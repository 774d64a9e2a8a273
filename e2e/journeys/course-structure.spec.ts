// Editing a course's structure safely, in Chromium: a lecture edited in place in the same dialog, lectures and
// chapters reordered with the keyboard (dnd-kit) and saved as the server's order with every id kept, leaving with
// unsaved changes asked first, a chapter deleted only after a confirmation naming it and its lectures; and My
// Courses on a 390 px phone and an 820 px tablet with nothing off the screen, the side menu a drawer on the phone.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { EducatorCourseDetail } from '@academy/contracts';
import { cachedAccessToken, escapeRegExp, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { callApi } from '../support/api.js';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const run = Date.now().toString(36);
const courseTitle = `Class 11 Physics Motion ${run}`;
const thumbnailPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const lecture = (lectureTitle: string) => ({ lectureTitle, lectureDuration: 12, lectureUrl: 'https://youtu.be/dQw4w9WgXcQ', isPreviewFree: false });
let browser: Browser;
let courseId = '';
let token = '';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A published course of Meera's with two chapters, added and published through the authoring API. */
async function addCourse(): Promise<string> {
  const form = new FormData();
  form.append(
    'courseData',
    JSON.stringify({
      courseTitle,
      courseDescription: '<p>Motion in a straight line.</p>',
      coursePrice: 499,
      discount: 0,
      classFrom: 11,
      classTo: 11,
      subject: 'physics',
      board: 'cbse',
      courseContent: [
        { chapterTitle: 'Kinematics', chapterContent: [lecture('Speed'), lecture('Velocity'), lecture('Acceleration')] },
        { chapterTitle: 'Dynamics', chapterContent: [lecture("Newton's laws")] },
      ],
    }),
  );
  form.append('image', new Blob([thumbnailPng], { type: 'image/png' }), 'motion.png');
  const response = await fetch(`${portalUrl}/api/educator/add-course`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  const body = (await response.json()) as { courseId: string; message: string };
  expect([response.status, body.message]).toEqual([201, 'Course Added']);
  expect((await callApi(token, `/api/educator/courses/${body.courseId}/publish`, { method: 'POST' })).status).toBe(200);
  return body.courseId;
}

async function storedCourse(): Promise<EducatorCourseDetail> {
  return (await callApi<{ course: EducatorCourseDetail }>(token, `/api/educator/courses/${courseId}`)).body.course;
}

/** Lecture titles of a chapter as the edit form lists them. */
async function lectureTitles(page: Page, chapterTitle: string): Promise<string[]> {
  const chapter = page.locator('li.chapter', { has: page.getByRole('button', { name: new RegExp(`^\\d+ ${chapterTitle}$`) }) });
  return (await chapter.locator('.lecture-row__text').allTextContents()).map((text) => text.replace(/^\d+\. /, '').split(' - ')[0]!);
}

/**
 * Picks a row up by its handle with Space, presses `key` once per position in `positions` (waiting for the screen
 * reader announcement of each: the sensor listens from the next tick), and drops it with Space.
 */
async function moveWithKeyboard(page: Page, handle: string, key: 'ArrowUp' | 'ArrowDown', positions: number[]): Promise<void> {
  const live = page.locator('[id^="DndLiveRegion"]');
  const item = escapeRegExp(handle.replace(/^Move /, ''));
  await page.getByRole('button', { name: handle, exact: true }).focus();
  await page.keyboard.press('Space');
  // Picked up, then at once "over" its own position.
  await live.filter({ hasText: new RegExp(`^(Picked up ${item}|${item} is over position)`) }).waitFor({ state: 'attached' });
  for (const position of positions) {
    await page.keyboard.press(key);
    await live.filter({ hasText: new RegExp(`^${item} is over position ${position} of`) }).waitFor({ state: 'attached' });
  }
  await page.keyboard.press('Space');
  await live.filter({ hasText: new RegExp(`^${item} dropped at position`) }).waitFor({ state: 'attached' });
}

async function openEditPage(page: Page): Promise<void> {
  await page.goto(`${portalUrl}/educator/edit-course/${courseId}`);
  await page.getByRole('heading', { level: 1, name: 'Edit Course' }).waitFor();
  await page.getByLabel('Course Title').waitFor();
}

describe('editing a course’s structure', () => {
  it('edits a lecture in place, reorders lectures and chapters with the keyboard, asks before leaving, and saves the order with every id kept', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, portalUrl, 'Meera Iyer');
    token = await cachedAccessToken(page);
    courseId = await addCourse();
    const before = await storedCourse();
    const idOf = (title: string) => before.courseContent.flatMap((chapter) => chapter.chapterContent).find((item) => item.lectureTitle === title)!.lectureId;

    await openEditPage(page);
    await page.getByRole('button', { name: '1 Kinematics', exact: true }).click();

    // The same dialog, filled in; the lecture keeps its place.
    await page.getByRole('button', { name: 'Edit lecture 1 Speed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Lecture' });
    expect(await dialog.getByLabel('Lecture Title').inputValue()).toBe('Speed');
    expect(await dialog.getByLabel('Duration (minutes)').inputValue()).toBe('12');
    await dialog.getByLabel('Lecture Title').fill('Speed and distance');
    await dialog.getByRole('button', { name: 'Save lecture' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await lectureTitles(page, 'Kinematics')).toEqual(['Speed and distance', 'Velocity', 'Acceleration']);

    // Keyboard reordering: focus the handle, Space picks it up, arrows move it, Space drops it.
    await moveWithKeyboard(page, 'Move lecture 3 Acceleration', 'ArrowUp', [2, 1]);
    await page.getByRole('button', { name: 'Move lecture 1 Acceleration', exact: true }).waitFor();
    expect(await lectureTitles(page, 'Kinematics')).toEqual(['Acceleration', 'Speed and distance', 'Velocity']);
    await page.getByRole('button', { name: '1 Kinematics', exact: true }).click(); // collapsed again: chapters move as one row each
    await moveWithKeyboard(page, 'Move chapter 2 Dynamics', 'ArrowUp', [1]);
    await page.getByRole('button', { name: '1 Dynamics', exact: true }).waitFor();
    await page.getByRole('button', { name: '2 Kinematics', exact: true }).waitFor();

    // Leaving with unsaved changes asks first; staying keeps them.
    await page.getByRole('navigation', { name: 'Educator' }).getByRole('link', { name: 'My Courses', exact: true }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/educator/edit-course/${courseId}`);

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((url) => url.pathname === '/educator/my-courses');
    const after = await storedCourse();
    expect(after.courseContent.map((chapter) => [chapter.chapterTitle, chapter.chapterOrder])).toEqual([
      ['Dynamics', 1],
      ['Kinematics', 2],
    ]);
    expect(after.courseContent[1]!.chapterContent.map((item) => [item.lectureTitle, item.lectureOrder, item.lectureId])).toEqual([
      ['Acceleration', 1, idOf('Acceleration')],
      ['Speed and distance', 2, idOf('Speed')],
      ['Velocity', 3, idOf('Velocity')],
    ]);
    expect(after.courseContent[1]!.chapterId).toBe(before.courseContent[0]!.chapterId);
    await context.close();
  }, 120_000);

  it('deletes a chapter only after a confirmation naming it and its lectures', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, portalUrl, 'Meera Iyer');
    await openEditPage(page);
    await page.getByRole('button', { name: 'Remove chapter 2 Kinematics', exact: true }).click();
    const question = page.getByRole('alertdialog', { name: "Delete chapter 'Kinematics' and its 3 lectures?" });
    await question.getByText('Nothing is removed until you save the changes.').waitFor();
    // Cancel is the first choice: Enter on it keeps the chapter.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '2 Kinematics', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Remove chapter 2 Kinematics', exact: true }).click();
    await question.getByRole('button', { name: 'Delete chapter' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: '2 Kinematics', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((url) => url.pathname === '/educator/my-courses');
    expect((await storedCourse()).courseContent.map((chapter) => chapter.chapterTitle)).toEqual(['Dynamics']);
    await context.close();
  }, 120_000);
});

/** Whether the page scrolls sideways, and which of My Courses' actions lie outside the screen. */
async function offScreen(page: Page): Promise<{ scrollWidth: number; innerWidth: number; actionsOff: string[] }> {
  return page.evaluate(() => {
    const actionsOff = Array.from(document.querySelectorAll<HTMLElement>('.my-courses__actions a, .my-courses__actions button'))
      .filter((action) => {
        const rect = action.getBoundingClientRect();
        return rect.left < 0 || rect.right > window.innerWidth;
      })
      .map((action) => action.getAttribute('aria-label') ?? action.textContent ?? '');
    return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth, actionsOff };
  });
}

describe('My Courses on a phone and a tablet', () => {
  it.each([
    ['a 390 px phone', { width: 390, height: 844 }],
    ['an 820 px tablet', { width: 820, height: 1180 }],
  ])('on %s nothing lies off the screen and each course’s actions are with its title', async (_name, viewport) => {
    const { page, context } = await openPage(browser, viewport);
    await signIn(page, portalUrl, 'Meera Iyer');
    await page.goto(`${portalUrl}/educator/my-courses`);
    const row = page.getByRole('row', { name: new RegExp(courseTitle) });
    await row.waitFor();
    const measured = await offScreen(page);
    expect(measured.scrollWidth).toBeLessThanOrEqual(measured.innerWidth);
    expect(measured.actionsOff).toEqual([]);
    // Every action of every course is on the screen, and below 768 px right under its course's title.
    const edit = row.getByRole('link', { name: `Edit ${courseTitle}` });
    const title = row.getByRole('rowheader');
    const [editBox, titleBox] = [await edit.boundingBox(), await title.boundingBox()];
    expect(editBox && titleBox).toBeTruthy();
    if (viewport.width < 768) {
      expect(editBox!.y).toBeGreaterThan(titleBox!.y);
      expect(editBox!.y - (titleBox!.y + titleBox!.height)).toBeLessThan(40);
    }
    await row.getByRole('link', { name: `Quiz results of ${courseTitle}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Quiz results' }).waitFor();
    await page.getByRole('heading', { level: 2, name: courseTitle }).waitFor();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);

    if (viewport.width < 768) {
      // The side menu is a drawer with its labels: focus moves in, Escape closes it and gives focus back.
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.getByRole('link', { name: 'My Courses', exact: true }).waitFor();
      expect(await drawer.getByRole('link', { name: 'Quiz results' }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menu');
    }
    await context.close();
  }, 120_000);
});
