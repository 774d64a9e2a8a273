// Lecture analytics and reported reviews: the educator's analytics page shows the demo classmates' drop-off in the
// first demo course, figures that match the classmates' own saved positions and completed lectures; the educator
// hides a reported review from the reported-reviews page and the academy's administrator shows it again.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { formatWatchTime, type CourseDetail, type CourseReviewsPage, type LearnerProgressData, type RuntimeConfig } from '@academy/contracts';
import { DEMO_CLASSMATE_EMAILS, DEMO_COURSE_IDS, DemoApi, demoPassword, DROP_OFF_COURSE_ID } from '@academy/infra';
import { cachedAccessToken, escapeRegExp, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { callApi } from '../support/api.js';
import { eventually } from '@academy/service-core/testing';
import { portal } from '../support/portal.js';

const { portalUrl, sandboxUrl } = portal();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface LectureRow {
  lecture: string;
  started: number;
  finished: number;
  watchTime: string;
}

/** The page's lecture table, row by row. */
async function lectureTable(page: Page): Promise<LectureRow[]> {
  const rows = page.getByRole('region', { name: 'Learners per lecture' }).getByRole('row');
  await rows.nth(1).waitFor();
  const lines: LectureRow[] = [];
  for (const row of (await rows.all()).slice(1)) {
    const lecture = (await row.getByRole('rowheader').textContent())!;
    const cells = await row.getByRole('cell').allTextContents();
    lines.push({ lecture, started: Number(cells[0]), finished: Number(cells[1]), watchTime: cells[3]! });
  }
  return lines;
}

describe('lecture analytics and reported reviews', () => {
  it("shows the demo classmates' drop-off, lecture by lecture, as their own records have it", async () => {
    // What the classmates' records say, read through the API as each of them.
    const config = (await (await fetch(`${portalUrl}/runtime-config.json`)).json()) as RuntimeConfig;
    const client = { clientId: config.auth0.clientId, audience: config.auth0.audience, redirectUri: portalUrl };
    const course = ((await (await fetch(`${portalUrl}/api/course/${DROP_OFF_COURSE_ID}`)).json()) as { courseData: CourseDetail }).courseData;
    const lectures = [...course.courseContent]
      .sort((a, b) => a.chapterOrder - b.chapterOrder)
      .flatMap((chapter) => [...chapter.chapterContent].sort((a, b) => a.lectureOrder - b.lectureOrder));
    const records = await Promise.all(
      DEMO_CLASSMATE_EMAILS.map(async (email) => {
        const api = await DemoApi.signIn({ apiUrl: `${portalUrl}/api`, sandboxUrl, client, email, password: demoPassword });
        return (await api.post<{ progressData: LearnerProgressData }>('/user/get-course-progress', { courseId: DROP_OFF_COURSE_ID })).progressData;
      }),
    );
    const expected = lectures.map((lecture) => {
      const started = records.filter((record) => record.positions[lecture.lectureId] !== undefined || record.lectureCompleted.includes(lecture.lectureId)).length;
      const finished = records.filter((record) => record.lectureCompleted.includes(lecture.lectureId)).length;
      const watched = records.reduce((sum, record) => sum + (record.positions[lecture.lectureId] ?? 0), 0);
      return { started, finished, watched };
    });
    // The classmates really drop off: fewer finish the last lecture than start the first, and some leave one partway.
    expect(expected[0]!.started).toBe(DEMO_CLASSMATE_EMAILS.length);
    expect(expected.at(-1)!.finished).toBeLessThan(expected[0]!.started);
    expect(expected.some((lecture) => lecture.started > lecture.finished)).toBe(true);

    const { page } = await openPage(browser);
    await signIn(page, portalUrl, 'Meera Iyer');
    await page.goto(`${portalUrl}/educator`);
    await page.getByRole('navigation', { name: 'Educator' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lecture analytics' }).waitFor();
    await page.getByLabel('Course').selectOption(DROP_OFF_COURSE_ID);
    await page.waitForURL((url) => url.searchParams.get('course') === DROP_OFF_COURSE_ID);

    // The worker applies the events a moment after they are recorded: reload until the figures have arrived.
    let reads = 0;
    const shown = await eventually(
      async () => {
        if (reads++ > 0) await page.reload();
        return lectureTable(page);
      },
      (rows) => rows.length === expected.length && rows.every((row, index) => row.started >= expected[index]!.started && row.finished >= expected[index]!.finished),
      { timeoutMs: 30_000, intervalMs: 1000, what: 'the lecture table to show the recorded events' },
    );
    expect(shown.map((row) => row.lecture)).toEqual(lectures.map((lecture) => expect.stringContaining(lecture.lectureTitle)));
    const enrolled = Number(await page.locator('.analytics-page__figures div').filter({ hasText: 'Enrolled' }).locator('dd').textContent());
    if (enrolled === DEMO_CLASSMATE_EMAILS.length) {
      // Only the classmates study this course: the page shows exactly what their records say.
      expect(shown.map(({ started, finished, watchTime }) => ({ started, finished, watchTime }))).toEqual(
        expected.map(({ started, finished, watched }) => ({ started, finished, watchTime: formatWatchTime(watched) })),
      );
    } else {
      // Other journeys' learners joined: the classmates are still all counted.
      for (const [index, row] of shown.entries()) {
        expect(row.started).toBeGreaterThanOrEqual(expected[index]!.started);
        expect(row.finished).toBeGreaterThanOrEqual(expected[index]!.finished);
      }
    }
    // The drop-off in words and as a chart (loaded on demand, described by the same words).
    const summary = page.getByText(/^Most learners stop at lecture \d+\.\d+/);
    await summary.waitFor();
    const chart = page.getByRole('img', { name: 'Chart of learners who started and finished each lecture' });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-describedby')).toBe(await summary.getAttribute('id'));
    await page.getByRole('region', { name: 'Learners at each step' }).getByRole('row', { name: /^Enrolled/ }).waitFor();
  }, 120_000);

  it('the educator hides a reported review from the reported-reviews page; the academy administrator shows it again', async () => {
    // Diya reports a classmate's review on a demo course.
    const student = await openPage(browser);
    await signIn(student.page, portalUrl, 'Diya Patel');
    const token = await cachedAccessToken(student.page);
    let target: { courseId: string; reviewId: string; author: string; text: string } | null = null;
    for (const courseId of DEMO_COURSE_IDS) {
      const page = ((await (await fetch(`${portalUrl}/api/reviews/course/${courseId}?limit=50`)).json()) as CourseReviewsPage).reviews;
      const review = page.find((candidate) => candidate.userName !== 'Diya Patel');
      if (review) {
        target = { courseId, reviewId: review._id, author: review.userName, text: review.text };
        break;
      }
    }
    expect(target).not.toBeNull();
    const { courseId, reviewId, author, text } = target!;
    const reason = `Off-topic (${Date.now().toString(36)})`;
    const report = await callApi(token, `/api/reviews/${reviewId}/report`, { method: 'POST', body: JSON.stringify({ reason }) });
    expect([201, 409]).toContain(report.status); // 409: an earlier run of this journey on the same portal reported it
    const publicIds = async () =>
      ((await (await fetch(`${portalUrl}/api/reviews/course/${courseId}?limit=50`)).json()) as CourseReviewsPage).reviews.map((review) => review._id);

    // A student who opens the page gets the server's refusal.
    student.expectProblem('request', /^403 GET .*\/api\/reviews\/reported$/);
    await student.page.goto(`${portalUrl}/educator/reported-reviews`);
    await student.page.getByText('Only educator or academy administrator accounts can do this').first().waitFor();

    // The course's educator sees the report (reason and date, not who) and hides the review.
    const educator = await openPage(browser);
    await signIn(educator.page, portalUrl, 'Meera Iyer');
    await educator.page.goto(`${portalUrl}/educator/reported-reviews?course=${courseId}`);
    const card = educator.page.getByRole('article', { name: `Review by ${author}` });
    await card.waitFor();
    if (report.status === 201) await card.getByText(reason).waitFor();
    await card.getByText(/^\d+ reports?, latest \d{2}\/\d{2}\/\d{4}$/).waitFor();
    expect(await card.textContent()).not.toContain('Diya');
    const hide = card.getByRole('button', { name: 'Hide from learners' });
    if ((await hide.count()) > 0) await hide.click();
    await card.getByText('Hidden from learners').waitFor();
    expect(await publicIds()).not.toContain(reviewId);

    // The academy's administrator finds it among every course's reports and shows it again.
    const admin = await openPage(browser);
    await signIn(admin.page, portalUrl, 'Nisha Rao');
    await admin.page.goto(`${portalUrl}/educator/reported-reviews`);
    await admin.page.getByRole('heading', { level: 1, name: 'Reported reviews' }).waitFor();
    const adminCard = admin.page.getByRole('article', { name: new RegExp(`^Review by ${escapeRegExp(author)} on `) }).filter({ hasText: text.slice(0, 40) });
    await adminCard.getByRole('button', { name: 'Show to learners' }).click();
    await adminCard.getByText('Shown to learners').waitFor();
    expect(await admin.page.getByRole('navigation', { name: 'Educator' }).count()).toBe(0);
    expect(await publicIds()).toContain(reviewId);
  }, 120_000);
});
