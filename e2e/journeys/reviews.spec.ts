// Written reviews: a student who finished a lecture reviews the course from the player, the course's educator
// replies on the course page, and the course page shows the review with the reply under it and the histogram.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import type { CourseDetail, CourseReviewsPage, EnrolledCourse } from '@academy/contracts';
import { classmateReviews, DEMO_CLASSMATE_NAMES, DEMO_COURSE_IDS, DEMO_REPLY } from '@academy/infra';
import { cachedAccessToken, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { callApi } from '../support/api.js';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const FREE_COURSE_TITLE = 'Class 7 English Grammar Essentials';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The review by `name` on the course page, pressing "More reviews" until it is on screen (journeys share a portal). */
async function reviewBy(page: Page, name: string): Promise<Locator> {
  const section = page.getByRole('region', { name: 'Reviews' });
  const review = section.getByRole('article', { name: `Review by ${name}` });
  await section.getByRole('heading', { name: /^Ratings \(/ }).waitFor();
  for (let pages = 0; pages < 50 && (await review.count()) === 0; pages += 1) {
    const more = section.getByRole('button', { name: 'More reviews' });
    if ((await more.count()) === 0) break;
    // "More reviews" is offered only while the server's cursor has more: the next page is in when the list grows.
    const shown = await section.getByRole('article').count();
    await more.click();
    await section.getByRole('article').nth(shown).waitFor();
  }
  await review.waitFor();
  return review;
}

describe('reviews', () => {
  it('a student reviews from the player, the educator replies on the course page, and the course page shows both', async () => {
    const student = await openPage(browser);
    await signIn(student.page, portalUrl, 'Diya Patel');
    const token = await cachedAccessToken(student.page);
    const all = (await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: { _id: string; courseTitle: string }[] };
    const courseId = all.courses.find((course) => course.courseTitle === FREE_COURSE_TITLE)!._id;
    const purchase = await callApi(token, '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId }) });
    expect([200, 201, 409]).toContain(purchase.status); // 409: already enrolled by an earlier journey

    // Before any finished lecture the player says a review has to wait (the API answers 403 too).
    const enrolled = await callApi<{ enrolledCourses: EnrolledCourse[] }>(token, '/api/user/enrolled-courses');
    const course = enrolled.body.enrolledCourses.find((candidate) => candidate._id === courseId)!;
    const firstLecture = course.courseContent[0]!.chapterContent[0]!;
    const progress = await callApi<{ progressData: { lectureCompleted: string[] } }>(token, '/api/user/get-course-progress', {
      method: 'POST',
      body: JSON.stringify({ courseId }),
    });
    if (progress.body.progressData.lectureCompleted.length === 0) {
      await student.page.goto(`${portalUrl}/player/${courseId}`);
      await student.page.getByText('Finish a lecture to write a review.').waitFor();
      await callApi(token, '/api/user/update-course-progress', { method: 'POST', body: JSON.stringify({ courseId, lectureId: firstLecture.lectureId }) });
    }

    // The student writes the review in the player's dialog.
    const text = `Clear examples in every lecture (${Date.now().toString(36)})`;
    await student.page.goto(`${portalUrl}/player/${courseId}`);
    await student.page.getByRole('button', { name: 'Write a review' }).click();
    const dialog = student.page.getByRole('dialog', { name: `Review ${FREE_COURSE_TITLE}` });
    await dialog.waitFor();
    await student.page.waitForFunction(() => !document.querySelector<HTMLTextAreaElement>('[role="dialog"] textarea')?.disabled);
    await dialog.getByRole('group', { name: 'Your rating' }).getByRole('button', { name: '4 stars' }).click();
    await dialog.getByLabel('Your review').fill(`<b>${text}</b>`);
    await dialog.getByRole('button', { name: 'Publish review' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Opening it again shows what was saved (the markup is gone: reviews are plain text).
    await student.page.getByRole('button', { name: 'Write a review' }).click();
    await student.page.waitForFunction(() => !document.querySelector<HTMLTextAreaElement>('[role="dialog"] textarea')?.disabled);
    expect(await dialog.getByLabel('Your review').inputValue()).toBe(text);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The educator replies on the course page.
    const educator = await openPage(browser);
    await signIn(educator.page, portalUrl, 'Meera Iyer');
    await educator.page.goto(`${portalUrl}/course/${courseId}`);
    const toAnswer = await reviewBy(educator.page, 'Diya Patel');
    await toAnswer.getByText(text).waitFor();
    const reply = `Thank you, Diya! (${Date.now().toString(36)})`;
    await toAnswer.getByRole('button', { name: /^(Reply|Edit reply)$/ }).click();
    await toAnswer.getByLabel('Your reply to Diya Patel').fill(reply);
    await toAnswer.getByRole('button', { name: 'Publish reply' }).click();
    await toAnswer.getByText(reply).waitFor();

    // A visitor who is not signed in sees the histogram, the review and the reply under it.
    const visitor = await openPage(browser);
    await visitor.page.goto(`${portalUrl}/course/${courseId}`);
    const shown = await reviewBy(visitor.page, 'Diya Patel');
    await shown.getByText(text).waitFor();
    await shown.getByText('Reply from Meera Iyer').waitFor();
    await shown.getByText(reply).waitFor();
    await shown.getByRole('img', { name: 'Rated 4 out of 5' }).waitFor();
    const fourStars = visitor.page.getByRole('listitem').filter({ hasText: /^4★/ });
    expect(Number((await fourStars.locator('.rating-histogram__count').textContent())!.match(/^\d+/)![0])).toBeGreaterThanOrEqual(1);
  });

  it("shows the demo classmates' reviews, written through the API, and the educator's reply to one", async () => {
    let replies = 0;
    let classmateReviewCount = 0;
    for (const [courseIndex, courseId] of DEMO_COURSE_IDS.entries()) {
      const detail = ((await (await fetch(`${portalUrl}/api/course/${courseId}`)).json()) as { courseData: CourseDetail }).courseData;
      const lectureCount = detail.courseContent.reduce((sum, chapter) => sum + chapter.chapterContent.length, 0);
      const expected = DEMO_CLASSMATE_NAMES.flatMap((name, classmateIndex) => {
        const review = classmateReviews(classmateIndex, courseIndex, lectureCount);
        return review ? [{ name, ...review }] : [];
      });
      const shown: CourseReviewsPage['reviews'] = [];
      let ratingTotal = -1;
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page = (await (await fetch(`${portalUrl}/api/reviews/course/${courseId}?sort=newest&limit=50${query}`)).json()) as CourseReviewsPage;
        shown.push(...page.reviews);
        if (ratingTotal < 0) ratingTotal = Object.values(page.histogram).reduce((sum, count) => sum + count, 0);
        cursor = page.nextCursor;
      } while (cursor);
      for (const review of expected) {
        expect(shown).toContainEqual(expect.objectContaining({ userName: review.name, rating: review.rating, text: review.text }));
      }
      // The histogram counts every rating, those without text too: at least every review's stars.
      expect(ratingTotal).toBeGreaterThanOrEqual(shown.length);
      classmateReviewCount += expected.length;
      replies += shown.filter((review) => review.reply?.text === DEMO_REPLY && review.reply.educatorName === 'Meera Iyer').length;
    }
    expect(classmateReviewCount).toBeGreaterThan(0);
    expect(replies).toBe(1);
  });
});
