// The stage and OBS, with Janus started by the test portal and Chromium's fake camera: the educator goes live, an
// enrolled learner raises a hand and is invited on stage, previews and joins over WebRTC (seeing the teacher
// directly), the educator's Go live page plays the learner's video, and the learner's voice (a steady tone from a
// second Chromium's fake microphone) is in the class's HLS audio until the educator removes them. Then a class is
// published over WHIP the way OBS does it (a page's fetch with the stream key), plays in HLS, and its DELETE ends the
// publish while the class stays live.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { LiveClassDto, LivePlaybackAnswer, LiveStreamKeyAnswer } from '@academy/contracts';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { callApi } from '../support/api.js';
import { cachedAccessToken, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { portal } from '../support/portal.js';
import { eventually } from '@academy/service-core/testing';

const run = promisify(execFile);
const { portalUrl } = portal();
let browser: Browser;
let toneBrowser: Browser;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'academy-stage-'));
  // The learner's microphone plays a steady tone: unlike the fake beeps it raises the HLS audio's mean level.
  const tone = path.join(work, 'tone.wav');
  // Loud, and pulsed like speech (0.3 s on, 0.2 s off) so the browser's noise suppression keeps it.
  await run(process.env.FFMPEG_PATH || 'ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '10', '-af', "volume=6,volume='if(lt(mod(t,0.5),0.3),1,0)':eval=frame", '-ac', '1', '-c:a', 'pcm_s16le', tone]);
  browser = await launchBrowser({ fakeMedia: true });
  toneBrowser = await launchBrowser({ fakeMedia: true, fakeAudioFile: tone });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await toneBrowser?.close();
  await rm(work, { recursive: true, force: true });
});

const ist = (at: number) => new Date(at + 5.5 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+05:30');

/** A free demo course Aarav is enrolled in (he enrols if needed). */
async function courseForTheClass(aaravToken: string): Promise<{ courseId: string; chapterId: string }> {
  const all = (await (await fetch(`${portalUrl}/api/course/all?limit=100&price=free`)).json()) as { courses: { _id: string }[] };
  const course = all.courses[0]!;
  const purchase = await callApi(aaravToken, '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId: course._id }) });
  expect([200, 201, 409]).toContain(purchase.status);
  const detail = (await (await fetch(`${portalUrl}/api/course/${course._id}`)).json()) as { courseData: { courseContent: { chapterId: string }[] } };
  return { courseId: course._id, chapterId: detail.courseData.courseContent[0]!.chapterId };
}

async function schedule(token: string, courseId: string, chapterId: string, title: string): Promise<string> {
  const scheduled = await callApi<{ liveClass: LiveClassDto }>(token, '/api/educator/live-classes', {
    method: 'POST',
    body: JSON.stringify({ courseId, chapterId, title, startsAt: ist(Date.now() + 3600_000), durationMinutes: 60 }),
  });
  expect(scheduled.status).toBe(201);
  return scheduled.body.liveClass.id;
}

/** The newest segments of the class's audio-only rung (a signed link for `token`), each as a file. */
async function latestAudio(token: string, classId: string, count: number, after = -1): Promise<{ files: string[]; lastSequence: number }> {
  // The master playlist appears once ffmpeg has written its first segments.
  const audioUrl = await eventually(async () => {
    const playback = await callApi<LivePlaybackAnswer>(token, `/api/live-classes/${classId}/playback`);
    if (!playback.body.onAir) return undefined;
    const masterUrl = new URL(playback.body.url, portalUrl);
    const master = await fetch(masterUrl);
    const line = master.ok ? (await master.text()).split('\n').find((candidate) => /^audio\.m3u8\?/.test(candidate)) : undefined;
    return line ? new URL(line, masterUrl) : undefined;
  }, { what: 'the master playlist', timeoutMs: 45_000, intervalMs: 250 });
  return eventually(async () => {
    const playlist = await (await fetch(audioUrl)).text();
    const sequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1] ?? 0);
    const segments = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
    const lastSequence = sequence + segments.length - 1;
    if (segments.length < count || lastSequence - count < after) return undefined;
    const files: string[] = [];
    for (const segment of segments.slice(-count)) {
      const file = path.join(work, `${classId}-${Date.now()}-${files.length}.ts`);
      await writeFile(file, Buffer.from(await (await fetch(new URL(segment, audioUrl))).arrayBuffer()));
      files.push(file);
    }
    return { files, lastSequence };
  }, { what: 'new audio segments', timeoutMs: 45_000, intervalMs: 250 });
}

/** The mean level (dBFS) of some audio segments around 440 Hz (the learner's tone), by ffmpeg's volumedetect. */
async function meanVolume(files: string[]): Promise<number> {
  const { stderr } = await run(process.env.FFMPEG_PATH || 'ffmpeg', ['-hide_banner', '-i', `concat:${files.join('|')}`, '-af', 'bandpass=f=440:width_type=q:w=8,volumedetect', '-f', 'null', '-']);
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)?.[1] ?? Number.NaN);
}

const videoAdvancing = (page: Page, selector: string) =>
  page.waitForFunction(
    (css) => {
      const element = document.querySelector(css) as HTMLVideoElement | null;
      return !!element && element.videoWidth > 0 && element.currentTime > 0.5;
    },
    selector,
    { timeout: 30_000 },
  );

describe('live classes: the stage and OBS', () => {
  it('a raised hand goes on stage over WebRTC, the educator sees them, the class hears them in the HLS, and they are removed', async () => {
    const stamp = Date.now().toString(36);
    const meera = await openPage(browser);
    await signIn(meera.page, portalUrl, 'Meera Iyer');
    const meeraToken = await cachedAccessToken(meera.page);
    const aarav = await openPage(toneBrowser, { width: 390, height: 844 });
    await signIn(aarav.page, portalUrl, 'Aarav Sharma');
    const aaravToken = await cachedAccessToken(aarav.page);
    const { courseId, chapterId } = await courseForTheClass(aaravToken);
    const classId = await schedule(meeraToken, courseId, chapterId, `Stage class ${stamp}`);

    await meera.page.goto(`${portalUrl}/educator/live/${classId}`);
    await meera.page.getByRole('button', { name: 'Start the class' }).click();
    await meera.page.getByText('Live: learners are watching').waitFor({ timeout: 20_000 });

    await aarav.page.goto(`${portalUrl}/live/${classId}`);
    await aarav.page.getByRole('button', { name: 'Raise hand' }).click();
    await meera.page.getByRole('button', { name: 'Invite Aarav Sharma on stage' }).click({ timeout: 15_000 });
    await meera.page.getByText('Aarav Sharma is invited on stage').waitFor();

    // The HLS audio before the learner speaks: the teacher's fake beeps only.
    const beforeAudio = await latestAudio(aaravToken, classId, 3);
    const before = await meanVolume(beforeAudio.files);

    await aarav.page.getByText('The teacher has invited you on stage to speak.').waitFor({ timeout: 15_000 });
    await aarav.page.getByRole('button', { name: 'Preview my camera and microphone' }).click();
    await aarav.page.getByRole('button', { name: 'Join the stage' }).click();
    const joinedAt = Date.now();
    await aarav.page.getByText('You are on stage: the class can hear you.').waitFor({ timeout: 20_000 });
    await videoAdvancing(aarav.page, '[data-stage-teacher]');
    const learnerSeesTeacherMs = Date.now() - joinedAt;

    // The educator's page plays the learner's video.
    await meera.page.getByText('On stage: Aarav Sharma').waitFor({ timeout: 20_000 });
    await videoAdvancing(meera.page, '.stage-panel__video');
    const educatorSeesLearnerMs = Date.now() - joinedAt;
    // First frames over WebRTC from the stage, against Janus (a rough speaker-latency figure: signalling included).
    console.log(`stage: the learner saw the teacher ${learnerSeesTeacherMs} ms and the educator saw the learner ${educatorSeesLearnerMs} ms after "Join the stage"`);

    // The class hears the learner's tone through the HLS audio rung (mixed with the teacher's by Janus's audio bridge):
    // segments written after the learner joined (the HLS is a few seconds behind).
    const { files, lastSequence } = await latestAudio(aaravToken, classId, 3, beforeAudio.lastSequence + 6);
    const during = await meanVolume(files);

    await meera.page.getByRole('button', { name: 'Remove Aarav Sharma from stage' }).click();
    await aarav.page.getByText('You are on stage').waitFor({ state: 'detached', timeout: 15_000 });
    const after = await meanVolume((await latestAudio(aaravToken, classId, 3, lastSequence + 6)).files);
    console.log(`stage: HLS audio mean level ${before} dB before, ${during} dB with the learner on stage, ${after} dB after`);
    expect(during).toBeGreaterThan(before + 6);
    expect(during).toBeGreaterThan(after + 6);
    const stage = await callApi<{ stageUserId: string | null }>(aaravToken, `/api/live-classes/${classId}/stage`);
    expect(stage.body.stageUserId).toBeNull();

    await meera.page.getByRole('button', { name: 'End the class' }).click();
    await meera.page.getByText('The class has ended').waitFor();
    await Promise.all([meera.context.close(), aarav.context.close()]);
  });

  it('OBS publishes over WHIP with the stream key: 201 with the answer and a resource, the HLS plays, DELETE ends the publish only', async () => {
    const stamp = Date.now().toString(36);
    const meera = await openPage(browser);
    await signIn(meera.page, portalUrl, 'Meera Iyer');
    const meeraToken = await cachedAccessToken(meera.page);
    const aarav = await openPage(browser);
    await signIn(aarav.page, portalUrl, 'Aarav Sharma');
    const aaravToken = await cachedAccessToken(aarav.page);
    const { courseId, chapterId } = await courseForTheClass(aaravToken);
    const classId = await schedule(meeraToken, courseId, chapterId, `OBS class ${stamp}`);

    // The key as the Go live page shows it.
    await meera.page.goto(`${portalUrl}/educator/live/${classId}`);
    await meera.page.getByText('Teach from OBS instead').click();
    await meera.page.getByRole('button', { name: 'Show the server and stream key' }).click();
    const shownKey = await meera.page.getByLabel('Stream key (Bearer token)').inputValue();
    const key = await callApi<LiveStreamKeyAnswer>(meeraToken, `/api/educator/live-classes/${classId}/stream-key`);
    expect(shownKey).toBe(key.body.streamKey);
    expect(await meera.page.getByLabel('Server').inputValue()).toBe(`${portalUrl}${key.body.whipPath}`);

    // An encoder's WHIP exchange, from a page with the fake camera: one offer with every candidate, Bearer key.
    const obs = await openPage(browser);
    await obs.page.goto(`${portalUrl}/`);
    const answer = await obs.page.evaluate(async ({ url, token }) => {
      const media = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
      const connection = new RTCPeerConnection();
      for (const track of media.getTracks()) connection.addTransceiver(track, { direction: 'sendonly' });
      await connection.setLocalDescription(await connection.createOffer());
      await new Promise<void>((resolve) => {
        if (connection.iceGatheringState === 'complete') return resolve();
        connection.addEventListener('icegatheringstatechange', () => connection.iceGatheringState === 'complete' && resolve());
      });
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/sdp', Authorization: `Bearer ${token}` }, body: connection.localDescription!.sdp });
      const sdp = await response.text();
      if (response.status === 201) await connection.setRemoteDescription({ type: 'answer', sdp });
      (window as unknown as { whip: RTCPeerConnection }).whip = connection;
      return { status: response.status, location: response.headers.get('Location'), type: response.headers.get('Content-Type'), sdp };
    }, { url: key.body.whipPath, token: key.body.streamKey });
    expect(answer).toMatchObject({ status: 201, type: expect.stringMatching(/^application\/sdp/), location: expect.stringMatching(new RegExp(`^${key.body.whipPath}/[0-9a-f]{24}$`)) });
    expect(answer.sdp).toMatch(/^v=0/);
    await obs.page.waitForFunction(() => (window as unknown as { whip: RTCPeerConnection }).whip.connectionState === 'connected', undefined, { timeout: 20_000 });

    // The first publish started the class; the learner's room plays it.
    const started = await callApi<{ liveClass: LiveClassDto }>(meeraToken, `/api/educator/live-classes/${classId}`);
    expect(started.body.liveClass.status).toBe('live');
    await aarav.page.goto(`${portalUrl}/live/${classId}`);
    await aarav.page.waitForFunction(() => ((document.querySelector('[data-live-video]') as HTMLVideoElement | null)?.currentTime ?? 0) > 1, undefined, { timeout: 45_000 });

    // DELETE on the resource ends the publish; the class stays live until the educator ends it.
    const stopped = await obs.page.evaluate(async ({ location, token }) => (await fetch(location, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })).status, { location: answer.location!, token: key.body.streamKey });
    expect(stopped).toBe(200);
    expect((await callApi<{ liveClass: LiveClassDto }>(meeraToken, `/api/educator/live-classes/${classId}`)).body.liveClass.status).toBe('live');
    expect((await callApi(meeraToken, `/api/educator/live-classes/${classId}/end`, { method: 'POST', body: '{}' })).status).toBe(200);
    await Promise.all([meera.context.close(), aarav.context.close(), obs.context.close()]);
  });
});
