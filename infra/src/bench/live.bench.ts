// Benchmark: a live class on this machine, end to end (`npm run bench -- live`). The portal with its own Janus,
// the educator on the Go live page in Chromium, whose camera is a clock drawn in every frame (live/drawn-clock.ts);
// then:
// 1. join to first frame: a signed-in learner opens the live room until the video's time advances (BENCH_LIVE_JOINS,
//    default 10, after one warm-up join);
// 2. glass-to-glass for the HLS audience: the clock read back from the frames the live room shows, and in a page
//    with hls.js and the same settings, also the delay from EXT-X-PROGRAM-DATE-TIME (hls.js's playingDate);
// 3. glass-to-glass for speakers: a second peer connection in Chromium subscribing to the educator's Janus feed,
//    the clock read back from its frames, and its time to first frame;
// 4. the class runs BENCH_LIVE_CLASS_SECONDS (default 600) in all, then ends: the time until its recording is a
//    lecture, and that time per minute of class, extrapolated to one hour.
// Writes the "Join and latency" and "Recording" sections of bench/results/live.md (other sections kept).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { repoRoot } from '../paths.js';
import { cachedAccessToken, launchBrowser, openPage, signIn, type WatchedPage } from '../testing/browser/index.js';
import { CLOCK_READER_SOURCE } from './live/drawn-clock.js';
import { api, goLive, until } from './live/live-class-setup.js';
import { roomPublisher, subscribe } from './live/janus-subscriber.js';
import { writeLiveResults } from './live/live-results.js';
import { markdownTable, median, ms, percentile, progress, runStamp, startBenchPortal } from './results.js';

const BENCH = 'live';
const JOINS = Number(process.env.BENCH_LIVE_JOINS ?? 10);
const SAMPLE_SECONDS = Number(process.env.BENCH_LIVE_SAMPLE_SECONDS ?? 30);
const CLASS_SECONDS = Number(process.env.BENCH_LIVE_CLASS_SECONDS ?? 600);
const TARGETS = { joinMedianMs: 3000, hlsGlassMs: 5000, speakerGlassMs: 500, recordingOneHourMinutes: 10 };
/** The live room's hls.js settings that decide latency (mfe-learner/src/live/LiveRoomPage.tsx). */
const LIVE_HLS = { lowLatencyMode: true, liveSyncDurationCount: 1, liveMaxLatencyDurationCount: 4, maxLiveSyncPlaybackRate: 1.5, backBufferLength: 10, capLevelToPlayerSize: true };

const load = (): string => os.loadavg().map((value) => value.toFixed(2)).join(', ');

/** Records, in the page, when a video's time first advances (ms since the navigation started). */
const FIRST_ADVANCE_SCRIPT = `document.addEventListener('timeupdate', (event) => {
  if (window.__firstAdvance === undefined && event.target.currentTime > 0) window.__firstAdvance = performance.now();
}, true);`;

async function samplesAfter(page: Page, seconds: number): Promise<{ samples: number[]; rejected: number; pdt?: number[] }> {
  await page.waitForTimeout(seconds * 1000);
  return page.evaluate<{ samples: number[]; rejected: number; pdt?: number[] }>('({ samples: window.__clockSamples, rejected: window.__clockRejected, pdt: window.__pdtSamples })');
}

/** A page on the portal's origin (so the signed playlist links work) playing the class with hls.js directly. */
function pdtPlayerHtml(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>live bench</title><script src="/__bench/hls.min.js"></script></head>
<body style="margin:0"><video width="640" height="360" muted playsinline autoplay></video></body></html>`;
}

/** Page source: answers Janus's offer in a peer connection that shows the video (and notes its first frame). */
function subscriberAnswer(offerSdp: string): string {
  return `(async () => {
    const video = document.querySelector('video');
    const connection = new RTCPeerConnection();
    window.connection = connection;
    connection.ontrack = (event) => {
      if (event.track.kind !== 'video') return;
      video.srcObject = new MediaStream([event.track]);
      video.play().catch(() => undefined);
      video.requestVideoFrameCallback(() => { window.__firstFrameAt = Date.now(); });
    };
    await connection.setRemoteDescription({ type: 'offer', sdp: ${JSON.stringify(offerSdp)} });
    await connection.setLocalDescription(await connection.createAnswer());
    await new Promise((resolve) => {
      if (connection.iceGatheringState === 'complete') return resolve();
      connection.addEventListener('icegatheringstatechange', () => connection.iceGatheringState === 'complete' && resolve());
    });
    return connection.localDescription.sdp;
  })()`;
}

const summarise = (values: number[]) => ({ count: values.length, median: median(values), p95: percentile(values, 95) });

interface Run {
  portalUrl: string;
  janusUrl: string;
  db: pg.Client;
  browser: Browser;
  learner: WatchedPage;
  learnerToken: string;
  classId: string;
}

/** Going live → the master playlist and a rung with a segment in it (the packager's start-up). */
async function firstSegments(run: Run): Promise<number> {
  return until('the first live segments', 180_000, async () => {
    const playback = await api<{ url: string }>(run.portalUrl, run.learnerToken, `/api/live-classes/${run.classId}/playback`);
    if (playback.status !== 200) return null;
    const master = await fetch(`${run.portalUrl}${playback.body.url}`);
    if (!master.ok) return null;
    const rung = (await master.text()).split('\n').find((line) => /^[^#].*\.m3u8/.test(line));
    const media = rung ? await fetch(new URL(rung, `${run.portalUrl}${playback.body.url}`)) : null;
    return media?.ok && /#EXTINF/.test(await media.text()) ? Date.now() : null;
  });
}

/** 1. A learner opens the live room until its video's time advances: one warm-up, then JOINS measured. */
async function measureJoins(run: Run): Promise<{ joins: number[]; failures: number }> {
  const joins: number[] = [];
  let failures = 0;
  for (let index = 0; index <= JOINS; index += 1) {
    const page = await run.learner.context.newPage();
    try {
      await page.goto(`${run.portalUrl}/live/${run.classId}`);
      const at = await page.waitForFunction(() => (globalThis as unknown as { __firstAdvance?: number }).__firstAdvance, undefined, { timeout: index === 0 ? 120_000 : 45_000 });
      const joinMs = (await at.jsonValue()) as number;
      if (index > 0) joins.push(joinMs);
      progress(BENCH, `${index === 0 ? 'warm-up join' : `join ${index}`}: ${ms(joinMs)}`);
    } catch (error) {
      if (index === 0) throw error;
      failures += 1;
      progress(BENCH, `join ${index} failed: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      await page.close();
    }
  }
  return { joins, failures };
}

/** A page on the portal's origin playing the class with hls.js directly, noting playingDate's delay per frame. */
async function openPdtPage(run: Run): Promise<Page> {
  const playback = await api<{ url: string }>(run.portalUrl, run.learnerToken, `/api/live-classes/${run.classId}/playback`);
  const page = await run.learner.context.newPage();
  const hlsJs = readFileSync(path.join(repoRoot, 'node_modules/hls.js/dist/hls.min.js'));
  await page.route(`${run.portalUrl}/__bench/**`, (route) =>
    route.request().url().endsWith('hls.min.js') ? route.fulfill({ body: hlsJs, contentType: 'text/javascript' }) : route.fulfill({ body: pdtPlayerHtml(), contentType: 'text/html' }),
  );
  await page.goto(`${run.portalUrl}/__bench/player`);
  await page.evaluate(`(() => {
    const video = document.querySelector('video');
    const hls = new Hls(${JSON.stringify(LIVE_HLS)});
    hls.loadSource(${JSON.stringify(`${run.portalUrl}${playback.body.url}`)});
    hls.attachMedia(video);
    video.play().catch(() => undefined);
    window.__pdtSamples = [];
    const onFrame = () => {
      if (hls.playingDate) window.__pdtSamples.push(Date.now() - hls.playingDate.getTime());
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  })()`);
  await page.evaluate(`(${CLOCK_READER_SOURCE})(document.querySelector('video'))`);
  return page;
}

type ClockSamples = Awaited<ReturnType<typeof samplesAfter>>;

/** 2 and 3. The live room, a plain hls.js page and a WebRTC subscriber of the Janus feed read the clock at once. */
async function measureLatency(run: Run): Promise<{ room: ClockSamples; plain: ClockSamples; speaker: ClockSamples; speakerFirstFrame: number; loadDuring: string }> {
  progress(BENCH, `glass-to-glass: HLS (live room and hls.js with EXT-X-PROGRAM-DATE-TIME) and WebRTC for ${SAMPLE_SECONDS} s`);
  const room = await run.learner.context.newPage();
  await room.goto(`${run.portalUrl}/live/${run.classId}`);
  await room.waitForFunction(() => (globalThis as unknown as { __firstAdvance?: number }).__firstAdvance, undefined, { timeout: 45_000 });
  await room.evaluate(`(${CLOCK_READER_SOURCE})(document.querySelector('[data-live-video]'))`);
  const pdtPage = await openPdtPage(run);

  const janusRoom = Number((await run.db.query<{ room: string }>(`SELECT "janus_room" AS "room" FROM "catalogue"."live_classes" WHERE "id" = $1`, [run.classId])).rows[0]!.room);
  const feed = await until('the educator publishing in Janus', 20_000, () => roomPublisher(run.janusUrl, janusRoom));
  const speaker = await openPage(run.browser);
  await speaker.page.setContent('<video muted playsinline autoplay width="640" height="360"></video>');
  const subscribedAt = Date.now();
  const subscription = await subscribe(run.janusUrl, janusRoom, feed, (offer) => speaker.page.evaluate<string>(subscriberAnswer(offer)));
  const firstFrameAt = await speaker.page.waitForFunction(() => (globalThis as unknown as { __firstFrameAt?: number }).__firstFrameAt, undefined, { timeout: 20_000 });
  const speakerFirstFrame = ((await firstFrameAt.jsonValue()) as number) - subscribedAt;
  await speaker.page.evaluate(`(${CLOCK_READER_SOURCE})(document.querySelector('video'))`);
  const [roomClock, pdtClock, speakerClock] = await Promise.all([room, pdtPage, speaker.page].map((page) => samplesAfter(page, SAMPLE_SECONDS)));
  const loadDuring = load();
  await subscription.close();
  await Promise.all([room.close(), pdtPage.close(), speaker.context.close()]);
  return { room: roomClock!, plain: pdtClock!, speaker: speakerClock!, speakerFirstFrame, loadDuring };
}

/** 4. The rest of the class, its end, and the time until its recording is a lecture. */
async function measureRecording(run: Run, educator: Page, liveAt: number): Promise<{ classSeconds: number; recordingSeconds: number }> {
  const remaining = CLASS_SECONDS * 1000 - (Date.now() - liveAt);
  if (remaining > 0) {
    progress(BENCH, `the class goes on for ${Math.round(remaining / 1000)} s more (BENCH_LIVE_CLASS_SECONDS=${CLASS_SECONDS})`);
    await educator.waitForTimeout(remaining);
  }
  await educator.getByRole('button', { name: 'End the class' }).click();
  const endedAt = Date.now();
  const classSeconds = (endedAt - liveAt) / 1000;
  await educator.getByText('The class has ended').waitFor();
  await educator.context().close();
  progress(BENCH, `ended after ${classSeconds.toFixed(0)} s; waiting for the recording to become a lecture (${load()})`);
  await until('the recording becoming a lecture', 60 * 60_000, async () => {
    const answer = await api<{ liveClass: { recordingLectureId: string | null } }>(run.portalUrl, run.learnerToken, `/api/live-classes/${run.classId}/playback`);
    return answer.body?.liveClass?.recordingLectureId ?? null;
  });
  return { classSeconds, recordingSeconds: (Date.now() - endedAt) / 1000 };
}

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

function joinSection(figures: { loadBefore: string; joins: { joins: number[]; failures: number }; latency: Awaited<ReturnType<typeof measureLatency>>; firstSegmentsMs: number; date: string; node: string; cpus: number }) {
  const { latency, joins } = figures;
  const joinStats = summarise(joins.joins);
  const hlsRoom = summarise(latency.room.samples);
  const hlsPlain = summarise(latency.plain.samples);
  const pdt = summarise(latency.plain.pdt ?? []);
  const webrtc = summarise(latency.speaker.samples);
  const body = [
    `${figures.date}, Node ${figures.node}, ${figures.cpus} cores; load average before ${figures.loadBefore}, during the latency samples ${latency.loadDuring}.`,
    'The educator publishes from the Go live page in Chromium; its camera is a canvas on which every frame carries the wall clock as 32 black',
    'and white cells (24 bits of milliseconds and an 8-bit check, `infra/src/bench/live/drawn-clock.ts`). A viewer reads the cells of each frame',
    'it displays (requestVideoFrameCallback) and subtracts from its own clock: the same browser, so the same clock, and the whole path is in the',
    'figure (capture, WebRTC to Janus, RTP to ffmpeg, encoding, 1 s segments, upload to the bucket, the signed HLS route, hls.js buffering).',
    'EXT-X-PROGRAM-DATE-TIME (hls.js `playingDate`) is shown beside it: ffmpeg stamps each segment with its own clock as it writes it, so it',
    'leaves out what happens before ffmpeg (capture, Janus, the RTP jitter buffer, encoding) and reads lower than the drawn clock.',
    '',
    markdownTable(
      ['measure', 'samples', 'median', 'p95', 'target', ''],
      [
        [`join to first frame (learner opens the live room until the video's time advances; ${joins.failures} failed)`, joinStats.count, ms(joinStats.median), ms(joinStats.p95), '≤ 3000 ms median', verdict(joinStats.median <= TARGETS.joinMedianMs)],
        ['glass-to-glass, HLS, the live room at 390 px (drawn clock)', hlsRoom.count, ms(hlsRoom.median), ms(hlsRoom.p95), '≤ 5000 ms', verdict(hlsRoom.median <= TARGETS.hlsGlassMs)],
        ['glass-to-glass, HLS, hls.js page (drawn clock)', hlsPlain.count, ms(hlsPlain.median), ms(hlsPlain.p95), '≤ 5000 ms', verdict(hlsPlain.median <= TARGETS.hlsGlassMs)],
        ['same page, from EXT-X-PROGRAM-DATE-TIME', pdt.count, ms(pdt.median), ms(pdt.p95), '', ''],
        ['glass-to-glass, speakers: WebRTC subscriber of the Janus feed (drawn clock)', webrtc.count, ms(webrtc.median), ms(webrtc.p95), '≤ 500 ms', verdict(webrtc.median <= TARGETS.speakerGlassMs)],
        ['WebRTC subscriber: start to first frame', 1, ms(latency.speakerFirstFrame), '', '', ''],
        ['going live → first HLS segments listed (packager start-up)', 1, ms(figures.firstSegmentsMs), '', '', ''],
      ],
    ),
    '',
    `Frames whose check failed (a cell caught mid-change): live room ${latency.room.rejected}, hls.js page ${latency.plain.rejected}, subscriber ${latency.speaker.rejected}.`,
  ].join('\n');
  return { body, stats: { joinStats, hlsRoom, hlsPlain, pdt, webrtc } };
}

function recordingSection(recording: { classSeconds: number; recordingSeconds: number }, loadAfter: string) {
  const perClassMinute = recording.recordingSeconds / (recording.classSeconds / 60);
  const oneHourMinutes = perClassMinute; // seconds per class minute × 60 minutes ÷ 60 = minutes for an hour
  const body = [
    `A class of ${recording.classSeconds.toFixed(0)} s (BENCH_LIVE_CLASS_SECONDS), the educator's clock camera at 640×480; load average after ${loadAfter}.`,
    'From "End the class" until the class names its recording lecture (janus-pp-rec, MP4, the lecture pipeline: encrypted HLS ladder, poster, the',
    'lecture added to the chapter). One hour is extrapolated linearly from the time per minute of class (the fixed costs are counted as if',
    'they grew with the length too, so it over-states).',
    '',
    markdownTable(
      ['measure', 'value', 'target'],
      [
        ['end of class → lecture', `${recording.recordingSeconds.toFixed(0)} s`, ''],
        ['per minute of class', `${perClassMinute.toFixed(1)} s`, ''],
        ['one-hour class, extrapolated', `${oneHourMinutes.toFixed(1)} min`, `≤ ${TARGETS.recordingOneHourMinutes} min ${verdict(oneHourMinutes <= TARGETS.recordingOneHourMinutes)}`],
      ],
    ),
  ].join('\n');
  return { body, perClassMinute, oneHourMinutes };
}

async function main(): Promise<void> {
  const loadBefore = load();
  const portal = await startBenchPortal(BENCH);
  const janusUrl = portal.serviceEnv.JANUS_URL;
  if (!janusUrl) throw new Error('Janus is not available (install janus and janus-tools): the live benchmark needs it.');
  const browser = await launchBrowser({ fakeMedia: true });
  const db = new pg.Client({ connectionString: portal.databaseUrl });
  await db.connect();
  try {
    progress(BENCH, 'signing in a learner; the educator goes live from the Go live page (camera: the drawn clock)');
    const learner = await openPage(browser, { width: 390, height: 844 });
    await learner.context.addInitScript(FIRST_ADVANCE_SCRIPT);
    await signIn(learner.page, portal.portalUrl, 'Aarav Sharma');
    const learnerToken = await cachedAccessToken(learner.page);
    const { classId, educator, liveAt } = await goLive(browser, portal.portalUrl, [learnerToken], { clockCamera: true });
    const run: Run = { portalUrl: portal.portalUrl, janusUrl, db, browser, learner, learnerToken, classId };
    const firstSegmentsMs = (await firstSegments(run)) - liveAt;
    progress(BENCH, `first segments ${ms(firstSegmentsMs)} after going live (${load()})`);
    const joins = await measureJoins(run);
    const latency = await measureLatency(run);
    const recording = await measureRecording(run, educator, liveAt);
    const loadAfter = load();
    const stamp = runStamp();
    const join = joinSection({ ...stamp, loadBefore, joins, latency, firstSegmentsMs });
    const record = recordingSection(recording, loadAfter);
    const summary = {
      ...stamp, loadBefore, loadDuring: latency.loadDuring, loadAfter, joins: joins.joins, joinFailures: joins.failures, ...join.stats,
      speakerFirstFrame: latency.speakerFirstFrame, rejectedFrames: { room: latency.room.rejected, plain: latency.plain.rejected, speaker: latency.speaker.rejected },
      firstSegmentsMs, ...recording, perClassMinute: record.perClassMinute, oneHourMinutes: record.oneHourMinutes, targets: TARGETS,
    };
    writeLiveResults('rows', summary, [
      { title: 'Join and latency', body: join.body },
      { title: 'Recording to lecture', body: record.body },
    ]);
    console.log(JSON.stringify(summary, null, 2));
    progress(BENCH, 'wrote bench/results/live.md and live-rows.json');
  } finally {
    await db.end().catch(() => undefined);
    await browser.close().catch(() => undefined);
    await portal.stop();
  }
}

await main();
