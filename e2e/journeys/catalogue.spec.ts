// Learner catalogue journey: search from home, the filter chip, the course page with preview and prices.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { formatPrice, pluralize, priceAfterDiscount, type CourseDetail, type CourseSummary } from '@academy/contracts';
import { escapeRegExp, launchBrowser, openPage } from '@academy/infra/browser';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function apiGet<T>(path: string): Promise<T> {
  const response = await fetch(`${portalUrl}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

describe('learner catalogue', () => {
  it('searches, clears the filter, opens a course, previews a lecture and shows its prices', async () => {
    const { courses: mathCourses } = await apiGet<{ courses: CourseSummary[] }>('/api/course/all?search=math');
    const { courses: allCourses } = await apiGet<{ courses: CourseSummary[] }>('/api/course/all');
    expect(mathCourses.length).toBeGreaterThan(0);
    expect(mathCourses.length).toBeLessThan(allCourses.length);
    const target = mathCourses.find((course) => course.discount > 0) ?? mathCourses[0];

    const { page, context } = await openPage(browser);
    await page.goto(`${portalUrl}/`);
    // Any case matches: the server search is case-insensitive.
    await page.getByPlaceholder('Search for courses').first().fill('MaTh');
    await page.getByRole('button', { name: 'Search' }).first().click();
    await page.waitForURL(`${portalUrl}/course-list/MaTh`);
    for (const course of mathCourses) await page.getByText(course.courseTitle, { exact: true }).first().waitFor();
    const outsider = allCourses.find((course) => !mathCourses.some((match) => match._id === course._id));
    expect(await page.getByText(outsider!.courseTitle, { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Remove search filter "MaTh"' }).click();
    await page.waitForURL(`${portalUrl}/course-list`);
    await page.getByText(outsider!.courseTitle, { exact: true }).first().waitFor();

    await page.getByRole('link', { name: new RegExp(escapeRegExp(target.courseTitle)) }).first().click();
    await page.waitForURL(`${portalUrl}/course/${target._id}`);
    await page.getByRole('heading', { level: 1, name: target.courseTitle }).waitFor();

    const { courseData } = await apiGet<{ courseData: CourseDetail }>(`/api/course/${target._id}`);
    const side = page.getByRole('complementary', { name: 'Enrolment' });
    await side.getByText(formatPrice(priceAfterDiscount(courseData.coursePrice, courseData.discount))).waitFor();
    if (courseData.discount > 0) {
      await side.getByText(formatPrice(courseData.coursePrice)).waitFor();
      await side.getByText(`${courseData.discount}% off`).waitFor();
    }
    await page.getByText(pluralize(courseData.ratingCount, 'rating')).first().waitFor();
    await page.getByText(pluralize(courseData.studentCount, 'student')).first().waitFor();

    const chapter = courseData.courseContent.find((candidate) =>
      candidate.chapterContent.some((lecture) => lecture.isPreviewFree && lecture.lectureUrl),
    )!;
    const freeLecture = chapter.chapterContent.find((lecture) => lecture.isPreviewFree && lecture.lectureUrl)!;
    const header = page.getByRole('button', { name: new RegExp(escapeRegExp(chapter.chapterTitle)) }).first();
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    expect(await header.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: `Preview ${freeLecture.lectureTitle}` }).click();

    const player = side.locator(`[aria-label="Preview: ${freeLecture.lectureTitle}"], [title="Preview: ${freeLecture.lectureTitle}"]`);
    await player.first().waitFor();
    if (freeLecture.lectureUrl!.endsWith('.mp4')) {
      // The local demo clip really plays: its clock moves.
      await page.waitForFunction(
        (label) => {
          const video = document.querySelector<HTMLVideoElement>(`video[aria-label="${label}"]`);
          return Boolean(video && video.currentTime > 0.2);
        },
        `Preview: ${freeLecture.lectureTitle}`,
        { timeout: 15_000 },
      );
    }
    // Paid lectures never carry a URL on the public route.
    for (const lecture of courseData.courseContent.flatMap((item) => item.chapterContent)) {
      if (!lecture.isPreviewFree) expect(lecture.lectureUrl).toBeNull();
    }
    await context.close();
  });

  it('shows a not-found view for an unknown course', async () => {
    const watched = await openPage(browser);
    const { page, context } = watched;
    watched.expectProblem('request', /^404 GET .*\/api\/course\/00000000-0000-4000-8000-000000000000$/);
    await page.goto(`${portalUrl}/course/00000000-0000-4000-8000-000000000000`);
    await page.getByText('Course not found').first().waitFor();
    await context.close();
  });
});

