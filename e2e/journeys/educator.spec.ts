// Educator journey: an educator authors a course in the draft-js form; it reaches the catalogue and My
// Courses; a student buys it; the dashboard totals, the chart and Students Enrolled show the purchase.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { courseEarnings, formatDate, fromPaise, toPaise, type CourseDetail, type CourseSummary, type DashboardData } from '@academy/contracts';
import { authorCourse, buyInSandboxCheckout, dashboardData, dashboardReaching, dashboardShowsSale, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { settledValue } from '@academy/service-core/testing';
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

/**
 * The dashboard once earlier journeys' sales have been aggregated (their own queue runs a moment behind): two
 * reads a second apart that agree.
 */
function settledDashboard(page: Page): Promise<DashboardData> {
  return settledValue(() => dashboardData(page, portalUrl), { timeoutMs: 10_000, what: 'the educator dashboard to stop changing' });
}

describe('educator area', () => {
  it('authors a course that a student buys, and shows the sale on the dashboard and students list', async () => {
    const educator = await openPage(browser);
    const page = educator.page;
    await signIn(page, portalUrl, 'Meera Iyer');
    const before = await settledDashboard(page);

    await authorCourse(page, portalUrl, {
      title: courseTitle,
      // Plain words, bold words, and a link made from selected text.
      description: { plain: 'Shapes and proofs. ', bold: 'Bring a compass', linkText: 'our site', linkUrl: 'https://academy.example/geometry' },
      price: '500',
      discount: '10',
      thumbnail: { name: 'geometry.png', png: thumbnailPng },
      chapters: [
        {
          title: 'Angles and Lines',
          lectures: [
            { title: 'Measuring angles', minutes: '12', url: 'https://youtu.be/dQw4w9WgXcQ', free: true },
            { title: 'Parallel lines', minutes: '18', url: 'https://www.youtube.com/watch?v=9bZkp7q19f0', free: false },
          ],
        },
        { title: 'Triangles', lectures: [{ title: 'Congruence rules', minutes: '25', url: 'https://www.youtube.com/embed/kJQP7kiw5Fk', free: false }] },
      ],
      notesUrl: 'https://notes.example.org/geometry.pdf',
    });
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
    await buyInSandboxCheckout(student.page, portalUrl, { id: created!._id, title: courseTitle });

    // The dashboard totals follow (the earnings aggregation runs on its own queue, so allow it a moment).
    const expectedEarnings = fromPaise(toPaise(before.totalEarnings) + toPaise(courseEarnings(1, 500, 10)));
    const after = await dashboardReaching(page, portalUrl, expectedEarnings);
    expect(after.totalEarnings).toBe(expectedEarnings);
    expect(after.totalCourses).toBe(before.totalCourses + 1);
    expect(after.totalEnrolments).toBe(before.totalEnrolments + 1);
    expect(after.enrolledStudentsData).toContainEqual({ student: expect.objectContaining({ name: 'Aarav Sharma' }), courseTitle });

    await dashboardShowsSale(page, portalUrl, { totalEarnings: expectedEarnings, student: 'Aarav Sharma', courseTitle });
    await page.getByText('Show the figures as a table').click();
    // Today in India, as every page writes dates.
    await page.getByRole('rowheader', { name: formatDate(new Date()) }).waitFor();

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
