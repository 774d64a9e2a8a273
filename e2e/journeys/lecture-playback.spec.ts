// Every kind of lecture plays where learners open it: a YouTube link (embedded privacy-enhanced) and the seeded video
// files, in the course page's free preview and in the player. The browser's verdict on the frame or the video is
// what is asserted; the guard (support/browser-guard.ts) fails the test on any policy violation or console error.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import type { CourseDetail, CourseSummary } from '@academy/contracts';
import {
  cachedAccessToken,
  expandChapter,
  launchBrowser,
  openEmbeddedLecture,
  openPage,
  signIn,
  standInForYouTube,
  waitForVideoLoaded,
} from '@academy/infra/browser';
import { callApi } from '../support/api.js';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const PAID_COURSE_TITLE = 'Class 8 Maths: Algebra Foundations';
const FREE_COURSE_TITLE = 'Class 7 English Grammar Essentials';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function courseNamed(title: string): Promise<CourseDetail> {
  const all = (await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: CourseSummary[] };
  const id = all.courses.find((course) => course.courseTitle === title)!._id;
  return ((await (await fetch(`${portalUrl}/api/course/${id}`)).json()) as { courseData: CourseDetail }).courseData;
}

describe('lectures play where learners open them', () => {
  it('plays a YouTube preview and a video-file preview on the course page', async () => {
    const course = await courseNamed(PAID_COURSE_TITLE);
    const lectures = course.courseContent.flatMap((chapter) => chapter.chapterContent.map((lecture) => ({ chapter, lecture })));
    const youtube = lectures.find(({ lecture }) => lecture.isPreviewFree && lecture.lectureUrl?.includes('youtube'))!;
    const videoFile = lectures.find(({ lecture }) => lecture.isPreviewFree && lecture.lectureUrl?.endsWith('.mp4'))!;
    expect([youtube.lecture.lectureTitle, Boolean(videoFile)]).toEqual(['Seeing (a + b)² as an area', true]);

    const { page, context } = await openPage(browser);
    const embedRequests = await standInForYouTube(context);
    await page.goto(`${portalUrl}/course/${course._id}`);
    await page.getByRole('heading', { level: 1, name: PAID_COURSE_TITLE }).waitFor();

    await expandChapter(page, youtube.chapter.chapterTitle);
    await openEmbeddedLecture(page, 'acadMath802', () => page.getByRole('button', { name: `Preview ${youtube.lecture.lectureTitle}` }).click());
    expect(embedRequests).toEqual([expect.stringMatching(/^https:\/\/www\.youtube-nocookie\.com\/embed\/acadMath802\?autoplay=1$/)]);

    await expandChapter(page, videoFile.chapter.chapterTitle);
    await page.getByRole('button', { name: `Preview ${videoFile.lecture.lectureTitle}` }).click();
    await waitForVideoLoaded(page, 'video.preview-player');
    await context.close();
  });

  it('plays a YouTube lecture and a video-file lecture in the player of an enrolled learner', async () => {
    const { page, context } = await openPage(browser);
    const embedRequests = await standInForYouTube(context);
    await signIn(page, portalUrl, 'Diya Patel');
    const course = await courseNamed(FREE_COURSE_TITLE);
    const purchase = await callApi(await cachedAccessToken(page), '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId: course._id }) });
    expect([200, 201, 409]).toContain(purchase.status); // 409: enrolled by an earlier journey

    await page.goto(`${portalUrl}/player/${course._id}`);
    await page.getByRole('heading', { name: FREE_COURSE_TITLE }).waitFor();
    await expandChapter(page, 'Voice and Punctuation');
    await openEmbeddedLecture(page, 'acadEngl701', () => page.getByRole('button', { name: 'Watch Active and passive voice' }).click());
    expect(embedRequests).toHaveLength(1);

    // A paid lecture streams its uploaded video (encrypted HLS) from a signed playlist; the free-preview one from /media.
    await expandChapter(page, 'Tenses');
    const playlist = page.waitForResponse((response) => /\/api\/videos\/[^/]+\/master\.m3u8\?.*signature=/.test(response.url()) && response.status() === 200);
    await page.getByRole('button', { name: 'Watch Choosing the right tense in a story' }).click();
    await playlist;
    await waitForVideoLoaded(page, 'video.player__video');
    await page.getByRole('button', { name: 'Watch Simple, continuous and perfect' }).click();
    await waitForVideoLoaded(page, 'video.player__video');
    await context.close();
  });

  it('records a policy violation (a journey fails on it unless declared) and the browser reports it to the portal', async () => {
    const watched = await openPage(browser);
    await watched.page.goto(`${portalUrl}/about`);
    await watched.page.getByRole('heading', { level: 1 }).first().waitFor();
    // Script the policy refuses: what a page would see if a remote tried to frame youtube.com itself.
    watched.expectProblem('csp', /frame-src/);
    const refused = watched.page.waitForEvent('console', { predicate: (message) => /Content Security Policy/.test(message.text()) });
    const reported = watched.page.waitForResponse((response) => response.url().endsWith('/api/csp-reports'));
    await watched.page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = 'https://www.youtube.com/embed/acadMath802';
      document.body.append(frame);
    });
    expect((await refused).text()).toMatch(/Framing 'https:\/\/www\.youtube\.com\/' violates/);
    expect(watched.problems.map((problem) => problem.kind)).toContain('csp');
    // The policy's report-uri: Chromium posts the violation to the portal, which takes it (logged and counted).
    const report = await reported;
    expect(report.status()).toBe(204);
    expect(JSON.parse(report.request().postData()!)).toMatchObject({
      'csp-report': { 'effective-directive': 'frame-src', 'blocked-uri': 'https://www.youtube.com', 'document-uri': `${portalUrl}/about` },
    });
    await watched.context.close();
  });
});
