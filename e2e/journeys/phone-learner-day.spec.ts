// A learner's day on a phone (390×844) and on a laptop (1280 px): the course list filtered by class and subject
// in the URL, buying from the first screen, the lecture at the top of the screen the moment it is chosen, and
// "Continue learning" first on the home page. Every control checked is on the first screen and nothing covers it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import type { CourseSummary, EnrolledCourse } from '@academy/contracts';
import { cachedAccessToken, expandChapter, launchBrowser, openPage } from '@academy/infra/browser';
import { callApi } from '../support/api.js';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };
const FREE_COURSE_TITLE = 'Class 7 English Grammar Essentials';
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/phone-learner-day');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(screenshots, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The control is inside the first screen (no scrolling) and is what the browser would hit at its centre: nothing
 * (the WhatsApp box, a sticky bar, a dialog) lies over it.
 */
async function expectOnFirstScreenAndUncovered(page: Page, control: Locator, viewport: { width: number; height: number }): Promise<void> {
  const box = await control.boundingBox();
  expect(box).not.toBeNull();
  const scrollY = await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
  expect(box!.y + scrollY).toBeGreaterThanOrEqual(0);
  expect(box!.y + scrollY + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  const hit = await control.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const doc = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): unknown } }).document;
    const top = doc.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return top === element || (element as unknown as { contains(other: unknown): boolean }).contains(top);
  });
  expect(hit).toBe(true);
}

async function signUpStudent(page: Page, name: string): Promise<void> {
  await page.goto(`${portalUrl}/`);
  await page.getByRole('button', { name: 'Create Account' }).first().click();
  const form = page.getByRole('region', { name: 'Create a student account' });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email address').fill(`${randomUUID().slice(0, 8)}@learner.e2e`);
  await form.getByLabel(/^Password/).fill('learn-academy-e2e');
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.origin === new URL(portalUrl).origin);
  await page.getByRole('link', { name: 'My Enrollments' }).first().waitFor({ state: 'attached' });
}

async function courses(query: string): Promise<CourseSummary[]> {
  return ((await (await fetch(`${portalUrl}/api/course/all?${query}`)).json()) as { courses: CourseSummary[] }).courses;
}

describe.each([
  ['phone', PHONE],
  ['laptop', LAPTOP],
])('a learner’s day on a %s', (device, viewport) => {
  it('buys from the first screen: price and Enroll Now uncovered, the excerpt cut at a word', async () => {
    const target = (await courses('class=8')).find((course) => course.discount > 0)!;
    const { page, context } = await openPage(browser, viewport);
    await page.goto(`${portalUrl}/course/${target._id}`);
    await page.getByRole('heading', { level: 1, name: target.courseTitle }).waitFor();
    const enroll = page.getByRole('button', { name: 'Enroll Now' });
    expect(await enroll.count()).toBe(1);
    await expectOnFirstScreenAndUncovered(page, enroll, viewport);
    const price = device === 'phone' ? page.locator('.course-buy-bar__price') : page.locator('.course-side-card__price');
    await expectOnFirstScreenAndUncovered(page, price, viewport);
    if (device === 'phone') {
      await expect(page.locator('.course-buy-bar s').textContent()).resolves.toMatch(/₹/);
      await expect(page.locator('.course-buy-bar__discount').textContent()).resolves.toBe(`${target.discount}% off`);
    }
    const excerpt = (await page.locator('.course-detail__excerpt').textContent())!;
    expect(excerpt.length).toBeLessThanOrEqual(200);
    if (excerpt.endsWith('…')) expect(excerpt).toMatch(/[\p{L}\p{N})"'’]…$/u);
    await page.screenshot({ path: path.join(screenshots, `${device}-course.png`) });
    await context.close();
  });

  it('filters the list by class and subject, with the choice in the URL after a reload and undone by Back', async () => {
    const classEight = await courses('class=8');
    const science = await courses('class=8&subject=science');
    expect(science.length).toBeGreaterThan(0);
    const { page, context } = await openPage(browser, viewport);
    await page.goto(`${portalUrl}/course-list?class=8`);
    const list = page.getByRole('list', { name: /courses/i });
    await list.getByRole('link', { name: classEight[0]!.courseTitle }).waitFor();
    expect(await list.getByRole('link').count()).toBe(classEight.length);

    await page.reload();
    await list.getByRole('link', { name: classEight[0]!.courseTitle }).waitFor();
    expect(new URL(page.url()).searchParams.get('class')).toBe('8');
    expect(await list.getByRole('link').count()).toBe(classEight.length);

    if (device === 'phone') {
      const filters = page.getByRole('button', { name: /^Filters/ });
      await expectOnFirstScreenAndUncovered(page, filters, viewport);
      await filters.click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await expect(sheet.getByRole('group', { name: 'Class' }).getByRole('radio', { name: /^Class 8/ }).isChecked()).resolves.toBe(true);
      // A choice applies at once (the URL changes, then the radio shows it).
      await sheet.getByRole('radio', { name: /^Science/ }).click();
      await page.waitForURL((url) => url.searchParams.get('subject') === 'science');
      await sheet.getByRole('radio', { name: /^Science/, checked: true }).waitFor();
      const show = sheet.getByRole('button', { name: `Show ${science.length} ${science.length === 1 ? 'course' : 'courses'}` });
      await show.waitFor();
      await page.screenshot({ path: path.join(screenshots, `${device}-filters.png`) });
      await show.click();
      await sheet.waitFor({ state: 'detached' });
    } else {
      await page.getByRole('complementary', { name: 'Filters' }).getByRole('radio', { name: /^Science/ }).click();
    }
    await page.waitForURL((url) => url.searchParams.get('subject') === 'science' && url.searchParams.get('class') === '8');
    await list.getByRole('link', { name: science[0]!.courseTitle }).waitFor();
    await page.waitForFunction((count) => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('.course-card').length === count, science.length);
    await page.screenshot({ path: path.join(screenshots, `${device}-list.png`) });

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('subject') === null && url.searchParams.get('class') === '8');
    await page.waitForFunction((count) => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('.course-card').length === count, classEight.length);
    await context.close();
  });

  it('shows the chosen lecture at the top of the first screen, keeps it in view, then "Continue learning" on the home page', async () => {
    const { page, context } = await openPage(browser, viewport);
    await signUpStudent(page, `Ira ${device} ${randomUUID().slice(0, 4)}`);
    // Asked once after the first sign-in: the class (skippable); answered here.
    await page.goto(`${portalUrl}/`);
    await page.getByRole('heading', { name: 'Which class are you in?' }).waitFor();
    await page.getByLabel('Class', { exact: true }).selectOption('7');
    await page.getByLabel('Board').selectOption('cbse');
    await page.getByRole('button', { name: 'Save' }).click();

    const token = await cachedAccessToken(page);
    const free = (await courses('search=english%20grammar'))[0]!;
    expect(free.courseTitle).toBe(FREE_COURSE_TITLE);
    expect([200, 201]).toContain((await callApi(token, '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId: free._id }) })).status);
    const enrolled = (await callApi<{ enrolledCourses: EnrolledCourse[] }>(token, '/api/user/enrolled-courses')).body.enrolledCourses.find((course) => course._id === free._id)!;
    const chapter = enrolled.courseContent[enrolled.courseContent.length - 1]!;
    // A lecture with a video file: the paid ones stream their uploaded video (HLS), previews the public clip.
    const playsFile = (candidate: { lectureUrl: string | null }) => Boolean(candidate.lectureUrl && /\.(?:mp4|m3u8)$/.test(new URL(candidate.lectureUrl, portalUrl).pathname));
    const lecture = chapter.chapterContent.find(playsFile) ?? enrolled.courseContent.flatMap((c) => c.chapterContent).find(playsFile)!;
    const lectureChapter = enrolled.courseContent.find((c) => c.chapterContent.some((l) => l.lectureId === lecture.lectureId))!;

    await page.goto(`${portalUrl}/player/${free._id}`);
    await page.getByRole('heading', { name: FREE_COURSE_TITLE }).waitFor();
    await expandChapter(page, lectureChapter.chapterTitle);
    await page.getByRole('button', { name: `Watch ${lecture.lectureTitle}` }).click();
    const video = page.locator('video.player__video');
    await video.waitFor();
    // The player scrolls to the chosen lecture: wait until the video is on screen and has stopped moving.
    await video.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          let lastTop = Number.NaN;
          const check = () => {
            const { top, bottom } = element.getBoundingClientRect();
            if (top === lastTop && top >= 0 && bottom <= window.innerHeight) resolve();
            else {
              lastTop = top;
              requestAnimationFrame(check);
            }
          };
          requestAnimationFrame(check);
        }),
    );
    await expectOnFirstScreenAndUncovered(page, video, viewport);
    await page.screenshot({ path: path.join(screenshots, `${device}-player.png`) });

    // Play a little and pause: the position is saved for "Continue".
    await page.evaluate(async () => {
      const element = (globalThis as unknown as { document: { querySelector(s: string): { muted: boolean; play(): Promise<void> } } }).document.querySelector('video.player__video');
      element.muted = true;
      await element.play();
    });
    await page.waitForFunction(() => ((globalThis as unknown as { document: { querySelector(s: string): { currentTime: number } | null } }).document.querySelector('video.player__video')?.currentTime ?? 0) > 1.5);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/update-course-progress/playback') && response.status() === 200);
    await page.evaluate(() => (globalThis as unknown as { document: { querySelector(s: string): { pause(): void } } }).document.querySelector('video.player__video').pause());
    await saved;

    if (device === 'phone') {
      // The video stays in view while the learner scrolls down the curriculum.
      await page.getByRole('heading', { name: 'Rate this Course:' }).scrollIntoViewIfNeeded();
      const box = (await video.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(-1);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      await page.screenshot({ path: path.join(screenshots, `${device}-player-scrolled.png`) });
    }

    await page.goto(`${portalUrl}/`);
    const continueSection = page.getByRole('region', { name: 'Continue learning' });
    await continueSection.waitFor();
    const resume = continueSection.getByRole('link', { name: `Continue ${FREE_COURSE_TITLE}` });
    await expectOnFirstScreenAndUncovered(page, resume, viewport);
    await expect(continueSection.getByText(lecture.lectureTitle).count()).resolves.toBeGreaterThan(0);
    await page.getByRole('region', { name: 'Courses for Class 7' }).waitFor();
    await page.screenshot({ path: path.join(screenshots, `${device}-home.png`), fullPage: false });
    await resume.click();
    await page.waitForURL((url) => url.pathname === `/player/${free._id}` && url.searchParams.get('lecture') === lecture.lectureId);
    await video.waitFor();
    await page.waitForFunction(() => ((globalThis as unknown as { document: { querySelector(s: string): { currentTime: number } | null } }).document.querySelector('video.player__video')?.currentTime ?? 0) > 0);

    // Not asked again.
    await page.goto(`${portalUrl}/`);
    await continueSection.waitFor();
    expect(await page.getByRole('heading', { name: 'Which class are you in?' }).count()).toBe(0);
    await context.close();
  });
});
