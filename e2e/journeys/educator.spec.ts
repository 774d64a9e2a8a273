// Educator journey (issue 6): an educator authors a course in the draft-js form; it reaches the catalogue and My
// Courses; a student buys it; the dashboard totals, the chart and Students Enrolled show the purchase.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { courseEarnings, formatPrice, type CourseDetail, type CourseSummary, type DashboardData } from '@academy/contracts';
import { launchBrowser, openPage } from '../support/browser.js';
import { cachedAccessToken, signIn } from '../support/auth.js';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const courseTitle = `Class 8 Geometry Studio ${Date.now()}`;
// The smallest valid PNG (1 × 1 pixel), as the thumbnail.
const thumbnailPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function dashboard(page: Page): Promise<DashboardData> {
  const token = await cachedAccessToken(page);
  const response = await fetch(`${portalUrl}/api/educator/dashboard`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { dashboardData: DashboardData }).dashboardData;
}

/**
 * The dashboard once earlier journeys' sales have been aggregated (their own queue runs a moment behind): two
 * reads a second apart that agree.
 */
async function settledDashboard(page: Page): Promise<DashboardData> {
  let previous = await dashboard(page);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const current = await dashboard(page);
    if (JSON.stringify(current) === JSON.stringify(previous)) return current;
    previous = current;
  }
  throw new Error('The educator dashboard kept changing');
}

async function addLecture(page: Page, chapter: string, lecture: { title: string; minutes: string; url: string; free: boolean }) {
  await page.getByRole('button', { name: `+ Add Lecture to ${chapter}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lecture' });
  await dialog.getByLabel('Lecture Title').fill(lecture.title);
  await dialog.getByLabel('Duration (minutes)').fill(lecture.minutes);
  await dialog.getByLabel('Lecture URL (YouTube only)').fill(lecture.url);
  await dialog.getByLabel('Notes Download URL').fill('https://notes.example.org/geometry.pdf');
  if (lecture.free) await dialog.getByLabel('Is Preview Free?').check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function addChapter(page: Page, name: string) {
  page.once('dialog', (prompt) => void prompt.accept(name));
  await page.getByRole('button', { name: '+ Add Chapter' }).click();
  await page.getByText(name).first().waitFor();
}

describe('educator area', () => {
  it('authors a course that a student buys, and shows the sale on the dashboard and students list', async () => {
    const educator = await openPage(browser);
    const page = educator.page;
    await signIn(page, portalUrl, 'Meera Iyer');
    const before = await settledDashboard(page);

    await page.goto(`${portalUrl}/educator/add-course`);
    await page.getByRole('heading', { level: 1, name: 'Add Course' }).waitFor();
    await page.getByLabel('Course Title').fill(courseTitle);

    // Description: plain words, bold words, and a link made from selected text.
    const editor = page.locator('.rte-editor [contenteditable="true"]');
    await editor.click();
    await page.keyboard.type('Shapes and proofs. ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Bring a compass');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' and visit our site');
    for (let step = 0; step < 'our site'.length; step += 1) await page.keyboard.press('Shift+ArrowLeft');
    page.once('dialog', (prompt) => void prompt.accept('https://academy.example/geometry'));
    await page.getByRole('button', { name: 'Link', exact: true }).click();

    await page.getByLabel('Course Price').fill('500');
    await page.getByLabel('Discount %').fill('10');
    await page.locator('input[type="file"]').setInputFiles({ name: 'geometry.png', mimeType: 'image/png', buffer: thumbnailPng });
    await page.getByRole('img', { name: 'Preview of geometry.png' }).waitFor();

    await addChapter(page, 'Angles and Lines');
    await addLecture(page, 'Angles and Lines', { title: 'Measuring angles', minutes: '12', url: 'https://youtu.be/dQw4w9WgXcQ', free: true });
    await addLecture(page, 'Angles and Lines', { title: 'Parallel lines', minutes: '18', url: 'https://www.youtube.com/watch?v=9bZkp7q19f0', free: false });
    await addChapter(page, 'Triangles');
    await addLecture(page, 'Triangles', { title: 'Congruence rules', minutes: '25', url: 'https://www.youtube.com/embed/kJQP7kiw5Fk', free: false });

    await page.getByRole('button', { name: 'ADD', exact: true }).click();
    await page.getByText(/course added|added successfully/i).first().waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('Course Title').inputValue()).toBe('');

    // The catalogue lists it, with the sanitised description keeping the bold text and the link.
    const { courses } = (await (await fetch(`${portalUrl}/api/course/all`)).json()) as { courses: CourseSummary[] };
    const created = courses.find((course) => course.courseTitle === courseTitle);
    expect(created).toBeDefined();
    const { courseData } = (await (await fetch(`${portalUrl}/api/course/${created!._id}`)).json()) as { courseData: CourseDetail };
    expect(courseData.courseDescription).toContain('<strong>Bring a compass</strong>');
    expect(courseData.courseDescription).toMatch(/<a [^>]*href="https:\/\/academy\.example\/geometry"[^>]*>our site<\/a>/);
    expect(courseData.courseContent.map((chapter) => [chapter.chapterOrder, chapter.chapterTitle, chapter.chapterContent.length])).toEqual([
      [1, 'Angles and Lines', 2],
      [2, 'Triangles', 1],
    ]);
    expect(courseData.courseContent[0]!.chapterContent.map((lecture) => lecture.lectureUrl)).toEqual(['https://youtu.be/dQw4w9WgXcQ', null]);

    await page.getByRole('link', { name: 'My Courses' }).click();
    await page.getByText(courseTitle).first().waitFor();

    // A student buys it through the sandbox checkout.
    const student = await openPage(browser);
    await signIn(student.page, portalUrl, 'Aarav Sharma');
    await student.page.goto(`${portalUrl}/course/${created!._id}`);
    await student.page.getByRole('button', { name: 'Enroll Now' }).click();
    await student.page.getByRole('dialog', { name: courseTitle }).getByRole('button', { name: 'Pay', exact: true }).click();
    await student.page.waitForURL((url) => url.pathname === '/my-enrollments', { timeout: 30_000 });

    // The dashboard totals follow (the earnings aggregation runs on its own queue, so allow it a moment).
    const expectedEarnings = before.totalEarnings + courseEarnings(1, 500, 10);
    let after = await dashboard(page);
    for (let attempt = 0; attempt < 20 && after.totalEarnings !== expectedEarnings; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      after = await dashboard(page);
    }
    expect(after.totalEarnings).toBe(expectedEarnings);
    expect(after.totalCourses).toBe(before.totalCourses + 1);
    expect(after.totalEnrolments).toBe(before.totalEnrolments + 1);
    expect(after.enrolledStudentsData).toContainEqual({ student: expect.objectContaining({ name: 'Aarav Sharma' }), courseTitle });

    await page.goto(`${portalUrl}/educator`);
    await page.getByText(formatPrice(expectedEarnings)).first().waitFor();
    await page.getByRole('row', { name: new RegExp(`Aarav Sharma.*${courseTitle}`) }).first().waitFor();
    await page.getByText('Show the figures as a table').click();
    const today = new Date().toISOString().slice(0, 10);
    await page.getByRole('rowheader', { name: today }).waitFor();

    await page.getByRole('link', { name: 'Student Enrolled' }).click();
    const firstRow = page.getByRole('row').nth(1);
    await firstRow.getByText('Aarav Sharma').waitFor();
    await firstRow.getByText(courseTitle).waitFor();

    // A student who opens /educator sees the educators-only message.
    await student.page.goto(`${portalUrl}/educator`);
    await student.page.getByRole('heading', { name: 'This area is for educators' }).waitFor();
    await educator.context.close();
    await student.context.close();
  }, 120_000);
});
