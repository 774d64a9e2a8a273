// Learning journey: an enrolled student plays an mp4 lecture and resumes it, completes the course,
// rates it, opens notes, downloads the certificate and verifies it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { quizAttemptsPath, quizPath, quizzesOf, type EnrolledCourse, type QuizAttemptResult, type QuizForLearner } from '@academy/contracts';
import { randomUUID } from 'node:crypto';
import { callApi } from '../support/api.js';
import { cachedAccessToken, escapeRegExp, expandChapter, launchBrowser, openPage, playLecture, signIn, videoTime } from '@academy/infra/browser';
import { eventually } from '@academy/service-core/testing';
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

describe('learning', () => {
  it('plays, resumes, completes, rates, opens notes and verifies the certificate', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, portalUrl, 'Diya Patel');
    const token = await cachedAccessToken(page);

    // Enrol through the free-course path: the purchase enrols at once.
    const all = await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json() as { courses: { _id: string; courseTitle: string }[] };
    const courseId = all.courses.find((course) => course.courseTitle === FREE_COURSE_TITLE)!._id;
    const purchase = await callApi<{ success: boolean; enrolled?: boolean; message?: string }>(token, '/api/user/purchase', {
      method: 'POST',
      body: JSON.stringify({ courseId }),
    });
    expect([200, 201, 409]).toContain(purchase.status); // 409: already enrolled by an earlier run
    const enrolled = await callApi<{ enrolledCourses: EnrolledCourse[] }>(token, '/api/user/enrolled-courses');
    const course = enrolled.body.enrolledCourses.find((candidate) => candidate._id === courseId)!;
    expect(course).toBeDefined();
    const lectures = course.courseContent.flatMap((chapter) => chapter.chapterContent.map((lecture) => ({ chapter, lecture })));
    // A paid lecture streams its uploaded video from a signed playlist (`…/master.m3u8?user=…&expires=…&signature=…`).
    const played = lectures.find(({ lecture }) => !lecture.isPreviewFree && lecture.lectureUrl && new URL(lecture.lectureUrl, portalUrl).pathname.endsWith('/master.m3u8'))!;
    expect(new URL(played.lecture.lectureUrl!, portalUrl).searchParams.get('signature')).toBeTruthy();

    // Play the lecture's video, pause it: the position is saved.
    await page.goto(`${portalUrl}/player/${courseId}`);
    await page.getByRole('heading', { name: FREE_COURSE_TITLE }).waitFor();
    await playLecture(page, { chapterTitle: played.chapter.chapterTitle, lectureTitle: played.lecture.lectureTitle });
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/update-course-progress/playback') && response.status() === 200);
    await page.evaluate(() => document.querySelector<HTMLVideoElement>('video.player__video')!.pause());
    await saved;
    const pausedAt = await videoTime(page);
    expect(pausedAt).toBeGreaterThan(1.5);

    // Leave, come back through "Continue": the same lecture at the same position.
    await page.goto(`${portalUrl}/my-enrollments`);
    const row = page.getByRole('row', { name: new RegExp(escapeRegExp(FREE_COURSE_TITLE)) });
    await row.waitFor();

    // Back on this device later, on a slow link: the list shows at once from the device's copy (saved by the read
    // above), before the sign-in SDK's file and the list's answer arrive (both held here), saying it is updating; the
    // network's answer replaces it.
    const copyNotice = page.getByRole('status').filter({ hasText: /^Your list as this device saved it on \d{2}\/\d{2}\/\d{4} / });
    const signInSdk = await holdRequests(page, /\/sign-in\.[0-9a-f]+\.js$/);
    const enrolledList = await holdRequests(page, /\/api\/user\/enrolled-courses$/);
    await page.reload();
    await row.waitFor();
    await copyNotice.waitFor();
    expect(await row.getByRole('cell').last().textContent()).toBe('Checking refunds…');
    expect(signInSdk.requested()).toBeGreaterThan(0);
    signInSdk.release();
    // Signed in again (the list's request is made only then), the copy stays until the list answers.
    await eventually(async () => enrolledList.requested(), (count) => count > 0);
    expect(await copyNotice.isVisible()).toBe(true);
    enrolledList.release();
    await copyNotice.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: /No payment to refund|No refund/ }).waitFor();

    await row.getByRole('link', { name: /Continue/ }).click();
    await page.locator('video.player__video').waitFor();
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('video.player__video')?.currentTime ?? 0) > 0, undefined, { timeout: 15_000 });
    expect(Math.abs((await videoTime(page)) - Math.floor(pausedAt))).toBeLessThan(1);
    expect(await page.locator('.player__label').textContent()).toContain(played.lecture.lectureTitle);

    // Mark every lecture complete (the video paused, so Up next does not move on meanwhile).
    await page.evaluate(() => document.querySelector<HTMLVideoElement>('video.player__video')?.pause());
    for (const { chapter, lecture } of lectures) {
      await expandChapter(page, chapter.chapterTitle);
      await page.getByRole('button', { name: `Watch ${lecture.lectureTitle}`, exact: true }).click();
      const button = page.locator('.player__complete');
      await expect(button.textContent()).resolves.toMatch(/Mark Complete|Completed/);
      if ((await button.textContent()) === 'Mark Complete') {
        await button.click();
        // Mark Complete moves on to the next lecture; the one completed gets its tick in the outline.
        await page
          .getByRole('listitem')
          .filter({ has: page.getByRole('button', { name: `Watch ${lecture.lectureTitle}`, exact: true }) })
          .getByRole('img', { name: 'Completed' })
          .waitFor();
      }
    }

    // Notes open in a new tab.
    const notesLink = page.getByRole('link', { name: /Download notes of/ }).first();
    const notesHref = await notesLink.getAttribute('href');
    const [notesTab] = await Promise.all([context.waitForEvent('page'), notesLink.click()]);
    await notesTab.waitForLoadState();
    expect(notesTab.url()).toBe(new URL(notesHref!, portalUrl).href);
    await notesTab.close();

    // The course is complete only with its chapter quiz passed: the demo quiz's answers, through the API.
    const demoAnswers = { single: [0], multiple: [0, 2], numeric: 2 } as const;
    for (const quiz of quizzesOf(course.courseContent)) {
      const { body } = await callApi<QuizForLearner>(token, `/api${quizPath(courseId, quiz.quizId)}`);
      const answers = Object.fromEntries(body.quiz.questions.map((question) => [question.questionId, demoAnswers[question.kind]]));
      const attempt = await callApi<{ result: QuizAttemptResult }>(token, `/api${quizAttemptsPath(courseId, quiz.quizId)}`, {
        method: 'POST',
        body: JSON.stringify({ attemptId: randomUUID(), quizVersion: body.quiz.version, answers }),
      });
      expect(attempt.body.result.passed).toBe(true);
    }

    // Rate 4 stars; after a reload 4 is preset.
    await page.getByRole('group', { name: 'Rate this Course' }).getByRole('button', { name: '4 stars' }).click();
    await page.getByText(/Rating (added|updated)/).first().waitFor();
    await page.reload();
    await page.getByRole('group', { name: 'Rate this Course' }).waitFor();
    expect(await page.getByRole('button', { name: '4 stars' }).getAttribute('aria-pressed')).toBe('true');

    // Download the certificate, then open its verification page.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Certificate' }).click()]);
    const code = /^certificate-(AC-[0-9A-Z-]+)\.pdf$/.exec(download.suggestedFilename())?.[1];
    expect(code).toBeDefined();
    const file = await download.path();
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');

    // My Enrollments shows Completed in green.
    await page.goto(`${portalUrl}/my-enrollments`);
    const status = page.getByRole('row', { name: new RegExp(escapeRegExp(FREE_COURSE_TITLE)) }).getByRole('button', { name: /^Completed/ });
    await status.waitFor();
    expect(await status.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(21, 128, 61)');
    expect(await page.getByRole('row', { name: new RegExp(escapeRegExp(FREE_COURSE_TITLE)) }).textContent()).toContain(`${lectures.length} / ${lectures.length} Lectures`);

    const visitor = await openPage(browser);
    await visitor.page.goto(`${portalUrl}/certificate/${code}`);
    await visitor.page.getByText('✓ Verified certificate').waitFor();
    expect(await visitor.page.getByText('Diya Patel').count()).toBe(1);
    expect(await visitor.page.getByRole('link', { name: FREE_COURSE_TITLE }).count()).toBe(1);
    await visitor.context.close();
    await context.close();
  });
});

/** Holds the page's requests to `url` until released (a slow link's answer), then lets them all through: how many were asked for, and the release. */
async function holdRequests(page: Page, url: RegExp): Promise<{ requested(): number; release(): void }> {
  let requested = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    requested += 1;
    await released;
    await route.continue();
  });
  return {
    requested: () => requested,
    release,
  };
}
