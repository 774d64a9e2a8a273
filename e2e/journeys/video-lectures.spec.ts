// Uploaded lecture videos: the demo educator uploads a test video made here with ffmpeg (nothing binary committed),
// watches it go from Processing to Ready, adds WebVTT captions in the same field and saves the course; a learner on a 390 px phone
// enrols and watches it through hls.js (time advances, the quality menu lists the rungs, CC shows the captions and is
// remembered, the controls fit the screen); without a signed link nothing of it is answered, and nothing the player
// page receives is an mp4 or names a key without the learner's signature.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { type CourseSummary, type EducatorCourse, type EnrolledCourse, uploadedVideoIdOf } from '@academy/contracts';
import { eventually } from '@academy/service-core/testing';
import { callApi } from '../support/api.js';
import { addChapter, cachedAccessToken, launchBrowser, openPage, signIn, waitForVideoLoaded } from '@academy/infra/browser';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const courseTitle = `Class 8 Science Uploaded Video ${Date.now()}`;
const PHONE = { width: 390, height: 844 };
const CAPTIONS = 'WEBVTT\n\n00:00.000 --> 00:05.000\nLight bounces off a mirror.\n\n00:05.000 --> 00:20.000\nThe angle of incidence equals the angle of reflection.\n';
const thumbnailPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
let browser: Browser;
let work: string;
let video: Buffer;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'academy-video-journey-'));
  const file = path.join(work, 'lecture.mp4');
  // 20 s, 640×360 (so the ladder has two rungs), small and fast to make on a shared machine.
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=15:duration=20',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=20', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file]);
  video = readFileSync(file);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('uploaded video lectures', () => {
  it('educator uploads and publishes; an enrolled learner streams it; nothing is answered without a link', async () => {
    const educator = await openPage(browser);
    const page = educator.page;
    await signIn(page, portalUrl, 'Meera Iyer');
    await page.goto(`${portalUrl}/educator/add-course`);
    await page.getByRole('heading', { level: 1, name: 'Add Course' }).waitFor();
    await page.getByLabel('Course Title').fill(courseTitle);
    // A description is on the publish checklist.
    await page.locator('.rte-editor [contenteditable="true"]').click();
    await page.keyboard.type('How light reflects, filmed in the lab.');
    await page.getByLabel('Course Price').fill('0');
    await page.getByLabel('Discount %').fill('0');
    await page.getByLabel('Class (from)').selectOption('8');
    await page.getByLabel('Class (to)').selectOption('8');
    await page.getByLabel('Subject', { exact: true }).selectOption('science');
    await page.getByLabel('Board', { exact: true }).selectOption('any');
    await page.locator('input[type="file"]').setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: thumbnailPng });
    await addChapter(page, 'Light');
    await page.getByRole('button', { name: '+ Add Lecture to Light' }).click();
    const lecture = page.getByRole('dialog', { name: 'Add Lecture' });
    await lecture.getByLabel('Lecture Title').fill('Reflection');
    await lecture.getByLabel('Duration (minutes)').fill('1');
    await lecture.getByText('MP4, MOV, WebM, MKV, up to 2 GB.').waitFor();
    await lecture.getByLabel('Or upload a video').setInputFiles({ name: 'reflection.mp4', mimeType: 'video/mp4', buffer: video });
    await lecture.getByText(/^Processing \d+%$|^Ready$/).waitFor({ timeout: 60_000 });
    await lecture.getByText('Ready', { exact: true }).waitFor({ timeout: 180_000 });
    const lectureUrl = await lecture.getByLabel('Lecture URL (YouTube or uploaded video)').inputValue();
    const videoId = uploadedVideoIdOf(lectureUrl)!;
    expect(videoId).toBeTruthy();
    // Captions for the ready video: a WebVTT file chosen in the same field; a file that is not WebVTT is refused.
    educator.expectProblem('request', /^415 POST .*\/api\/educator\/videos\/[^/]+\/captions$/);
    await lecture.getByLabel('Captions (optional)').setInputFiles({ name: 'notes.vtt', mimeType: 'text/vtt', buffer: Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nSRT, not WebVTT\n') });
    await lecture.getByText('Captions must be a WebVTT file (it starts with "WEBVTT")').waitFor();
    await lecture.getByLabel('Captions (optional)').setInputFiles({ name: 'reflection.vtt', mimeType: 'text/vtt', buffer: Buffer.from(CAPTIONS) });
    await lecture.getByText('Captions added').waitFor();
    await lecture.getByRole('button', { name: 'Add', exact: true }).click();
    await lecture.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'ADD', exact: true }).click();
    await page.getByText(/course added|added successfully/i).first().waitFor({ timeout: 30_000 });
    // The educator's preview streams the uploaded video as the learner's player does (hls.js in Chromium).
    const mine = (await callApi<{ courses: EducatorCourse[] }>(await cachedAccessToken(page), '/api/educator/courses')).body.courses;
    await page.goto(`${portalUrl}/educator/preview/${mine.find((course) => course.courseTitle === courseTitle)!._id}`);
    // Played once hls.js has attached the stream: a play() before that is cut short by the stream's own load.
    await waitForVideoLoaded(page, 'video.course-preview__video');
    await page.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('video.course-preview__video')!;
      video.muted = true;
      return video.play();
    });
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('video.course-preview__video')?.currentTime ?? 0) > 1, undefined, { timeout: 30_000 });
    await educator.context.close();

    const { courses } = (await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: CourseSummary[] };
    const courseId = courses.find((course) => course.courseTitle === courseTitle)!._id;
    const publicDetail = await (await fetch(`${portalUrl}/api/course/${courseId}`)).text();
    expect(publicDetail).not.toContain(videoId);
    for (const file of ['master.m3u8', '360p/index.m3u8', '360p/seg_00000.ts', 'key']) {
      expect((await fetch(`${portalUrl}/api/videos/${videoId}/${file}`)).status).toBe(401);
    }

    const learner = await openPage(browser, PHONE);
    const lp = learner.page;
    await signIn(lp, portalUrl, 'Aarav Sharma');
    const token = await cachedAccessToken(lp);
    expect((await callApi(token, '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId }) })).status).toBeLessThan(300);
    const enrolled = await callApi<{ enrolledCourses: EnrolledCourse[] }>(token, '/api/user/enrolled-courses');
    const uploadedCourse = enrolled.body.enrolledCourses.find((course) => course._id === courseId);
    expect(uploadedCourse).toBeDefined();
    // In every course the learner has (the seeded ones other journeys enrolled them in too), the only mp4 is the
    // public preview clip; paid lectures stream their signed playlist.
    for (const lecture of enrolled.body.enrolledCourses.flatMap((course) => course.courseContent.flatMap((chapter) => chapter.chapterContent))) {
      if (lecture.lectureUrl?.includes('.mp4')) expect([lecture.isPreviewFree, lecture.lectureUrl.startsWith('/media/')]).toEqual([true, true]);
    }
    expect(JSON.stringify(enrolled.body)).not.toMatch(/\/key\b/);
    // Catalogue learns of the enrolment from progress's course.enrolled event (a moment later): its signed playlist
    // answers once that is applied.
    const signedPlaylist = uploadedCourse!.courseContent.flatMap((chapter) => chapter.chapterContent).find((lecture) => lecture.lectureUrl?.startsWith('/api/videos/'))!.lectureUrl!;
    await eventually(async () => (await fetch(`${portalUrl}${signedPlaylist}`)).status, (status) => status === 200, { timeoutMs: 20_000, intervalMs: 250, what: 'catalogue to let the enrolled learner watch' });

    // Everything the player page receives: no mp4, and any key request carries the learner's signature.
    const answers: { url: string; contentType: string; body: string }[] = [];
    const bodiesRead: Promise<unknown>[] = [];
    lp.on('response', (response) => {
      const contentType = response.headers()['content-type'] ?? '';
      // A server-sent event stream (the notification bell) never ends: its body is never read.
      const textual = /json|html|mpegurl|text\//.test(contentType) && !contentType.includes('event-stream');
      bodiesRead.push((textual ? response.text().catch(() => '') : Promise.resolve('')).then((body) => answers.push({ url: response.url(), contentType, body })));
    });
    await lp.goto(`${portalUrl}/player/${courseId}`);
    await lp.getByRole('heading', { level: 1, name: courseTitle }).waitFor();
    await lp.getByRole('button', { name: 'Watch Reflection' }).click();
    const quality = lp.getByLabel('Quality');
    // hls.js (loaded now) names the rungs once it has read the signed master playlist.
    await quality.locator('option', { hasText: '360p' }).waitFor({ state: 'attached', timeout: 30_000 });
    expect(await quality.locator('option').allTextContents()).toEqual(['Auto', '240p', '360p']);
    await quality.selectOption({ label: '240p' });
    await lp.locator('video.player__video').evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await lp.waitForFunction(() => ((document.querySelector('video.player__video') as HTMLVideoElement | null)?.currentTime ?? 0) > 1, undefined, { timeout: 30_000 });
    await lp.locator('.lecture-video__watermark').getByText('aarav@demo.academy').waitFor();
    expect(await lp.locator('video.player__video').getAttribute('poster')).toMatch(new RegExp(`^/api/videos/${videoId}/poster\\.jpg\\?user=`));

    // Captions: on by default, shown as a track with cues; CC (by keyboard) turns them off, and the choice holds
    // for the session (a reload keeps it off), then on again.
    const captionsButton = lp.getByRole('button', { name: 'CC captions' });
    await captionsButton.waitFor({ timeout: 15_000 });
    const trackState = () => lp.locator('video.player__video').evaluate((element: HTMLVideoElement) => {
      const track = Array.from(element.textTracks).find((candidate) => candidate.label === 'Captions');
      return { mode: track?.mode ?? 'none', cues: track?.cues?.length ?? 0 };
    });
    await lp.waitForFunction(() => (Array.from((document.querySelector('video.player__video') as HTMLVideoElement | null)?.textTracks ?? []).find((track) => track.label === 'Captions')?.cues?.length ?? 0) > 0, undefined, { timeout: 15_000 });
    expect(await trackState()).toEqual({ mode: 'showing', cues: 2 });
    expect(await captionsButton.getAttribute('aria-pressed')).toBe('true');
    await captionsButton.focus();
    await lp.keyboard.press('Enter');
    expect(await captionsButton.getAttribute('aria-pressed')).toBe('false');
    expect((await trackState()).mode).toBe('hidden');
    const lectureId = uploadedCourse!.courseContent[0]!.chapterContent[0]!.lectureId;
    await lp.goto(`${portalUrl}/player/${courseId}?lecture=${lectureId}`);
    await lp.getByRole('heading', { level: 1, name: courseTitle }).waitFor();
    await captionsButton.waitFor({ timeout: 15_000 });
    expect(await captionsButton.getAttribute('aria-pressed')).toBe('false');
    await captionsButton.focus();
    await lp.keyboard.press('Space');
    await lp.waitForFunction(() => Array.from((document.querySelector('video.player__video') as HTMLVideoElement | null)?.textTracks ?? []).find((track) => track.label === 'Captions')?.mode === 'showing');

    // A 390 px phone: nothing runs past the screen's edge, and the menus and CC are inside it and usable.
    expect(await lp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const control of [quality, lp.getByLabel('Speed'), captionsButton]) {
      await control.scrollIntoViewIfNeeded();
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await lp.getByLabel('Speed').selectOption({ label: '1.5×' });
    expect(await lp.locator('video.player__video').evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);
    await lp.screenshot({ path: path.join(work, 'phone-player.png') });

    await Promise.all(bodiesRead); // every answer so far, its body read
    expect(answers.filter((answer) => /video\/mp4/.test(answer.contentType) || /\.mp4(?:\?|$)/.test(new URL(answer.url).pathname))).toEqual([]);
    // The learner's other courses may name the public preview clip; nothing else that is an mp4.
    const mp4Links = answers.flatMap((answer) => [...answer.body.matchAll(/"([^"\s]*\.mp4[^"\s]*)"/g)].map((match) => match[1]!));
    expect(mp4Links.filter((link) => !link.startsWith('/media/'))).toEqual([]);
    const keyRequests = answers.filter((answer) => /\/api\/videos\/[^/]+\/key(?:\?|$)/.test(answer.url));
    expect(keyRequests.length).toBeGreaterThan(0);
    for (const answer of keyRequests) expect(new URL(answer.url).searchParams.get('user')).toBe('sandbox|student-aarav');
    for (const answer of answers.filter((candidate) => candidate.contentType.includes('mpegurl'))) {
      for (const uri of [...answer.body.matchAll(/URI="([^"]+)"/g)].map((match) => match[1]!)) {
        const keyUrl = new URL(uri, answer.url);
        keyUrl.search = '';
        expect((await fetch(keyUrl)).status).toBe(401);
      }
    }
    await learner.context.close();
  }, 360_000);
});
