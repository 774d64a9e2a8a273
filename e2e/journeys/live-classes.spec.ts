// Live classes journey, with Janus started by the test portal and Chromium's fake camera: the educator schedules a
// class and goes live from the Go live page (WebRTC into Janus; Janus forwards to the live packager's ffmpeg); an
// enrolled learner on a 390 px phone sees "Live now" on the course page, opens the live room and its video plays
// with its time advancing, on the first screen; a chat message, a raised hand and a poll make the round trip through
// the gateway, and a doubt asked in class reaches the educator's Doubts list; a learner who is not enrolled gets 403
// on the playback link, and the HLS files refuse an unsigned or altered link; the educator ends the class, the room
// says the recording is being prepared, and the recording (janus-pp-rec, then the lecture video pipeline) becomes a
// lecture of its chapter, with the class's doubt under it at its second.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import type { DoubtPage, EnrolledCourse, LiveClassDto, LivePlaybackAnswer } from '@academy/contracts';
import { eventually } from '@academy/service-core/testing';
import { callApi } from '../support/api.js';
import { cachedAccessToken, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ fakeMedia: true });
});
afterAll(async () => {
  await browser?.close();
});

const ist = (at: number) => new Date(at + 5.5 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+05:30');

/** A free demo course (all are Meera's) that Diya is not enrolled in: Aarav enrols, Diya stays an outsider. */
async function courseForTheClass(aaravToken: string, diyaToken: string): Promise<{ courseId: string; chapterId: string; title: string }> {
  const all = (await (await fetch(`${portalUrl}/api/course/all?limit=100&price=free`)).json()) as { courses: { _id: string; courseTitle: string }[] };
  const diyas = new Set((await callApi<{ enrolledCourses: EnrolledCourse[] }>(diyaToken, '/api/user/enrolled-courses')).body.enrolledCourses.map((course) => course._id));
  const course = all.courses.find((candidate) => !diyas.has(candidate._id));
  if (!course) throw new Error('no free demo course without Diya');
  const purchase = await callApi(aaravToken, '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId: course._id }) });
  expect([200, 201, 409]).toContain(purchase.status);
  // Catalogue learns of the enrolment from progress's course.enrolled event (a moment later): its classes open then.
  await eventually(async () => (await callApi(aaravToken, `/api/live-classes?courseId=${course._id}`)).status, (status) => status === 200, { timeoutMs: 20_000, intervalMs: 250, what: "catalogue to know of Aarav's enrolment" });
  const detail = (await (await fetch(`${portalUrl}/api/course/${course._id}`)).json()) as { courseData: { courseContent: { chapterId: string }[] } };
  return { courseId: course._id, chapterId: detail.courseData.courseContent[0]!.chapterId, title: course.courseTitle };
}

describe('live classes', () => {
  it('the educator goes live from the browser, an enrolled phone learner watches it advance, an outsider cannot', async () => {
    const run = Date.now().toString(36);
    const meera = await openPage(browser);
    await signIn(meera.page, portalUrl, 'Meera Iyer');
    const meeraToken = await cachedAccessToken(meera.page);
    const aarav = await openPage(browser, { width: 390, height: 844 });
    await signIn(aarav.page, portalUrl, 'Aarav Sharma');
    const aaravToken = await cachedAccessToken(aarav.page);
    const diya = await openPage(browser, { width: 390, height: 844 });
    await signIn(diya.page, portalUrl, 'Diya Patel');
    const diyaToken = await cachedAccessToken(diya.page);
    const { courseId, chapterId } = await courseForTheClass(aaravToken, diyaToken);

    const title = `Live doubt session ${run}`;
    const scheduled = await callApi<{ liveClass: LiveClassDto }>(meeraToken, '/api/educator/live-classes', {
      method: 'POST',
      body: JSON.stringify({ courseId, chapterId, title, startsAt: ist(Date.now() + 3600_000), durationMinutes: 60 }),
    });
    expect(scheduled.status).toBe(201);
    const classId = scheduled.body.liveClass.id;

    // The learner sees it as upcoming, with a countdown, on the course page.
    await aarav.page.goto(`${portalUrl}/course/${courseId}`);
    const upcoming = aarav.page.locator('.live-panel__item', { hasText: title });
    await upcoming.getByText('Upcoming').waitFor();
    await expect(upcoming.locator('.live-panel__countdown').textContent()).resolves.toMatch(/starts in (59|60) min|starts in 1 h/);

    // The educator goes live from the Go live page (fake camera and microphone).
    await meera.page.goto(`${portalUrl}/educator/live/${classId}`);
    await meera.page.getByRole('heading', { name: title }).waitFor();
    await meera.page.getByRole('button', { name: 'Start the class' }).click();
    await meera.page.getByText('Live: learners are watching').waitFor({ timeout: 20_000 });

    // The learner's course page says Live now; the live room plays, its time advancing, the video on the first screen.
    await aarav.page.reload();
    await aarav.page.locator('.live-panel__item', { hasText: title }).getByRole('link', { name: 'Join the live class' }).click();
    await aarav.page.waitForURL(`**/live/${classId}`);
    const video = aarav.page.locator('[data-live-video]');
    await aarav.page.waitForFunction(() => ((document.querySelector('[data-live-video]') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.5, undefined, { timeout: 45_000 });
    const first = await video.evaluate((element) => (element as HTMLVideoElement).currentTime);
    await aarav.page.waitForFunction((from) => ((document.querySelector('[data-live-video]') as HTMLVideoElement).currentTime ?? 0) > from + 2, first, { timeout: 20_000 });
    const box = (await video.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.width).toBeGreaterThan(300);
    await aarav.page.getByLabel('Quality').selectOption('audio');

    // Chat through the gateway (a WebSocket through the edge): the learner's message and raised hand reach the
    // educator; the educator's answer reaches the learner.
    const question = `Is friction a force ${run}?`;
    await aarav.page.getByLabel('Message').fill(question);
    await aarav.page.getByRole('button', { name: 'Send' }).click();
    await meera.page.locator('.live-chat__message', { hasText: question }).waitFor({ timeout: 15_000 }).catch(async (error: Error) => {
      const panel = async (page: typeof meera.page) => (await page.locator('.live-chat').count()) ? page.locator('.live-chat').innerText() : '(no chat panel)';
      throw new Error(`${error.message}\neducator's chat: ${await panel(meera.page)}\nlearner's chat: ${await panel(aarav.page)}`);
    });
    await aarav.page.getByRole('button', { name: 'Raise hand' }).click();
    await meera.page.getByText('Raised hands: Aarav Sharma').waitFor({ timeout: 15_000 });
    const answer = `Yes, it opposes motion ${run}`;
    await meera.page.getByLabel('Message').fill(answer);
    await meera.page.getByRole('button', { name: 'Send' }).click();
    await aarav.page.locator('.live-chat__message', { hasText: `Meera Iyer (teacher): ${answer}` }).waitFor({ timeout: 15_000 });

    // A poll: the educator asks, the learner answers, the count shows live on the educator's screen.
    await meera.page.getByLabel('Question').fill('Which way does friction act?', { timeout: 10_000 }).catch(async (error: Error) => {
      throw new Error(`${error.message}\neducator's chat: ${await meera.page.locator('.live-chat').innerText()}`);
    });
    await meera.page.getByLabel('Choice 1').fill('Against the motion');
    await meera.page.getByLabel('Choice 2').fill('Along the motion');
    await meera.page.getByRole('button', { name: 'Ask the class' }).click();
    await aarav.page.getByRole('group', { name: 'Poll: Which way does friction act?' }).getByRole('button', { name: 'Against the motion' }).click();
    await meera.page.getByRole('group', { name: 'Poll: Which way does friction act?' }).getByText('1 of 1').waitFor({ timeout: 15_000 });

    // A doubt asked in class reaches the educator's Doubts list, at its second of the class.
    const doubt = `Why does friction not depend on area ${run}?`;
    await aarav.page.getByLabel('Your doubt').fill(doubt);
    await aarav.page.getByRole('button', { name: 'Ask the teacher' }).click();
    await aarav.page.getByText('Your doubt reached the teacher.').waitFor({ timeout: 15_000 });
    await meera.page.locator('.live-doubts li', { hasText: doubt }).getByText(/Aarav Sharma · at \d+:\d\d of the class/).waitFor({ timeout: 15_000 });

    // Outsiders: no playback link (403), unsigned files 401, an altered link 403.
    const refused = await callApi<{ message: string }>(diyaToken, `/api/live-classes/${classId}/playback`);
    expect(refused.status).toBe(403);
    const playback = await callApi<LivePlaybackAnswer>(aaravToken, `/api/live-classes/${classId}/playback`);
    expect(playback.body.onAir).toBe(true);
    expect((await fetch(`${portalUrl}/api/live-classes/${classId}/hls/master.m3u8`)).status).toBe(401);
    expect((await fetch(`${portalUrl}${playback.body.url.replace('user=sandbox', 'user=sandboxx')}`)).status).toBe(403);
    const master = await fetch(`${portalUrl}${playback.body.url}`);
    expect(master.status).toBe(200);
    const text = await master.text();
    expect(text).toMatch(/360p\.m3u8\?user=/);
    expect(text).toMatch(/audio\.m3u8\?user=/);

    // The educator ends the class: the room says the recording is being prepared.
    await meera.page.getByRole('button', { name: 'End the class' }).click();
    await meera.page.getByText('The class has ended').waitFor();
    await aarav.page.getByText('Recording is being prepared').waitFor({ timeout: 15_000 });

    // The recording goes through the video pipeline and becomes a lecture of the class's chapter.
    await aarav.page.getByText('its recording is in the course').waitFor({ timeout: 120_000 });
    const after = await callApi<LivePlaybackAnswer>(aaravToken, `/api/live-classes/${classId}/playback`);
    const lectureId = after.body.liveClass.recordingLectureId;
    expect(lectureId).toBeTruthy();
    const enrolled = await callApi<{ enrolledCourses: EnrolledCourse[] }>(aaravToken, '/api/user/enrolled-courses');
    const chapter = enrolled.body.enrolledCourses.find((course) => course._id === courseId)!.courseContent.find((candidate) => candidate.chapterId === chapterId)!;
    const lecture = chapter.chapterContent.find((candidate) => candidate.lectureId === lectureId)!;
    expect(lecture.lectureTitle).toBe(`Live class: ${title}`);
    expect(lecture.lectureUrl).toMatch(/^\/api\/videos\/[0-9a-f-]{36}\/master\.m3u8\?user=/);
    // The doubt asked in class is under the recording's lecture, at the second it was asked (catalogue's
    // live_class.recorded event moves it in progress, a moment after the lecture appears).
    const underLecture = await eventually(async () => (await callApi<DoubtPage>(aaravToken, `/api/doubts/${courseId}?lectureId=${lectureId}`)).body.doubts.find((item) => item.html.includes(doubt)), { timeoutMs: 20_000, intervalMs: 250, what: 'the class doubt under the recording lecture' });
    expect(underLecture).toMatchObject({ lectureId, liveClassId: classId, mine: true });
    expect(underLecture!.atSecond).toBeGreaterThan(0);
    await Promise.all([meera.context.close(), aarav.context.close(), diya.context.close()]);
  });
});
