// Paid content: files of non-preview lectures reach only the entitled, through short-lived
// signed links that catalogue checks; a signed-out visitor gets 401 and no link; the enrolled learner opens the
// notes, and streams and seeks the paid video (encrypted HLS, key and segments signed for them).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import type { CourseDetail, EnrolledCourse } from '@academy/contracts';
import { cachedAccessToken, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const PAID_COURSE_TITLE = 'Class 11 Computer Science: Python Programming';
const FREE_COURSE_TITLE = 'Class 7 English Grammar Essentials'; // free, but its non-preview lectures still need enrolment
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function courseIdOf(title: string): Promise<string> {
  const all = (await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: { _id: string; courseTitle: string }[] };
  return all.courses.find((course) => course.courseTitle === title)!._id;
}

describe('paid content', () => {
  it('keeps a paid note from a signed-out visitor: no link in the answer or on the page, 401 for the file', async () => {
    const courseId = await courseIdOf(PAID_COURSE_TITLE);
    const detail = (await (await fetch(`${portalUrl}/api/course/${courseId}`)).json()) as { courseData: CourseDetail };
    const paid = detail.courseData.courseContent.flatMap((chapter) => chapter.chapterContent).filter((lecture) => !lecture.isPreviewFree);
    expect(paid.length).toBeGreaterThan(0);
    for (const lecture of paid) expect([lecture.lectureUrl, lecture.notesUrl, lecture.testUrl]).toEqual([null, null, null]);

    // The seeded note of "for and while loops", by its new path and by the old guessable public one.
    const name = 'class-11-computer-science-python-2-1-notes.pdf';
    const direct = await fetch(`${portalUrl}/api/files/notes/${name}`);
    expect(direct.status).toBe(401);
    expect(direct.headers.get('content-type')).toContain('application/json');
    expect(await direct.json()).toEqual({ success: false, message: expect.any(String) });
    expect((await fetch(`${portalUrl}/media/notes/${name}`)).status).toBe(404);
    const forged = await fetch(`${portalUrl}/api/files/notes/${name}?user=x&expires=9999999999&signature=guess`);
    expect(forged.status).toBe(403);

    const { page, context } = await openPage(browser);
    await page.goto(`${portalUrl}/course/${courseId}`);
    await page.getByRole('heading', { level: 1, name: PAID_COURSE_TITLE }).waitFor();
    expect(await page.locator('a[href*="/api/files/"]').count()).toBe(0);
    expect(await page.content()).not.toContain(name);
    await context.close();
  }, 60_000);

  it('lets the enrolled learner open a paid note in a new tab and stream and seek a paid video; a changed link is refused', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, portalUrl, 'Aarav Sharma');
    const token = await cachedAccessToken(page);
    const courseId = await courseIdOf(FREE_COURSE_TITLE);
    const purchase = await fetch(`${portalUrl}/api/user/purchase`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ courseId }),
    });
    expect([200, 201, 409]).toContain(purchase.status); // 409: enrolled by an earlier run
    const enrolled = (await (await fetch(`${portalUrl}/api/user/enrolled-courses`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      enrolledCourses: EnrolledCourse[];
    };
    const lectures = enrolled.enrolledCourses.find((course) => course._id === courseId)!.courseContent.flatMap((chapter) => chapter.chapterContent);
    const paidNotes = lectures.find((lecture) => !lecture.isPreviewFree && lecture.notesUrl?.startsWith('/api/files/'))!;
    const paidVideo = lectures.find((lecture) => !lecture.isPreviewFree && lecture.lectureUrl?.startsWith('/api/videos/'))!;
    expect(paidNotes).toBeDefined();
    expect(paidVideo).toBeDefined();

    await page.goto(`${portalUrl}/player/${courseId}`);
    await page.getByRole('heading', { name: FREE_COURSE_TITLE }).waitFor();
    const notesLink = page.getByRole('link', { name: new RegExp(`Download notes of .*${paidNotes.lectureTitle}`) });
    const href = new URL((await notesLink.getAttribute('href'))!, portalUrl);
    expect(href.pathname).toBe(paidNotes.notesUrl!.split('?')[0]);
    expect(href.searchParams.get('signature')).toBeTruthy();
    const [notesTab, pdfResponse] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('response', (response) => response.url() === href.href),
      notesLink.click(),
    ]);
    expect(pdfResponse.status()).toBe(200);
    expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
    await notesTab.close();

    // Tampered, or rebound to another learner: 403 with a message.
    // The first character of the signature always changes (replacing it by a fixed letter left it as it was when it
    // already was that letter: one run in 64).
    const signature = href.searchParams.get('signature')!;
    const altered = new URL(href);
    altered.searchParams.set('signature', `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`);
    expect(altered.searchParams.get('signature')).not.toBe(signature);
    const tampered = await fetch(altered);
    expect([tampered.status, await tampered.json()]).toEqual([403, { success: false, message: 'This download link is not valid' }]);
    const rebound = new URL(href);
    rebound.searchParams.set('user', 'sandbox|student-diya');
    const reboundAnswer = await fetch(rebound);
    expect([reboundAnswer.status, await reboundAnswer.json()]).toEqual([403, { success: false, message: 'This download link is not valid' }]);

    // The paid video streams encrypted HLS from its signed playlist (the key and segments with the same signature)
    // and seeks; nothing of it answers without that signature, and no plain mp4 of it is anywhere.
    for (const button of await page.getByRole('button', { name: /^\W*Voice and Punctuation|^\W*Tenses/ }).all()) {
      if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    }
    const keyAnswer = page.waitForResponse((response) => /\/api\/videos\/[^/]+\/key\?/.test(response.url()));
    await page.getByRole('button', { name: `Watch ${paidVideo.lectureTitle}`, exact: true }).click();
    const video = page.locator('video.player__video');
    await video.waitFor();
    const key = await keyAnswer;
    expect(key.status()).toBe(200);
    expect(new URL(key.url()).searchParams.get('signature')).toBeTruthy();
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('video.player__video')?.readyState ?? 0) >= 1, undefined, { timeout: 15_000 });
    const seekedTo = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const element = document.querySelector<HTMLVideoElement>('video.player__video')!;
          element.addEventListener('seeked', () => resolve(element.currentTime), { once: true });
          element.currentTime = 3;
        }),
    );
    expect(seekedTo).toBeCloseTo(3, 0);
    const unsignedKey = await fetch(new URL(new URL(key.url()).pathname, portalUrl));
    expect(unsignedKey.status).toBe(401);
    const unsignedPlaylist = await fetch(new URL(new URL(paidVideo.lectureUrl!, portalUrl).pathname, portalUrl));
    expect(unsignedPlaylist.status).toBe(401);
    expect(JSON.stringify(enrolled)).not.toMatch(/\/api\/files\/[^"]*\.mp4/);
    await context.close();
  }, 90_000);
});
