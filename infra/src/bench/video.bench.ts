// Benchmark: lecture video on a phone's data link. One run on this machine:
// 1. a 720p source (ffmpeg test pattern with a little moving noise, so the encoder has work like a camera's) goes
//    through the worker's own transcoding (transcodeToHls + makePoster from catalogue): speed as a multiple of real
//    time for the whole ladder, with the machine's load before and after;
// 2. the encrypted renditions are served over HTTP and played in headless Chromium by hls.js with the player's
//    configuration, under CDP network throttling: time to first frame on 1.6 Mbps / 150 ms (a fresh page and cache
//    each try), then a long play at 1.6 Mbps that drops to 400 kbps mid-way: which rung it plays before and after,
//    and every stall (video time not advancing while playing);
// 3. bytes sent for 10 minutes of 360p, from that rendition's real segment sizes.
// Writes bench/results/video.{json,md}.
import { HLS_LADDER, KEY_URI, makePoster, probeVideo, SEGMENT_SECONDS, transcodeToHls } from '@academy/catalogue/video-transcoding';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CDPSession, Page } from 'playwright-core';
import { repoRoot } from '../paths.js';
import { launchBrowser } from '../testing/browser/index.js';
import { markdownTable, median, ms, progress, runStamp, writeResults } from './results.js';

const BENCH = 'video';
const SOURCE_SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 100);
const TTFF_TRIES = Number(process.env.BENCH_VIDEO_TTFF_TRIES ?? 3);
/** Seconds of play on the fast link before it drops, and after (long enough to play past the buffer hls.js had). */
const BEFORE_DROP_SECONDS = 25;
const AFTER_DROP_SECONDS = 60;
const LINKS = {
  mobile: { kbps: 1600, latencyMs: 150 },
  slow: { kbps: 400, latencyMs: 150 },
} as const;
const TARGETS = { firstFrameMaxMs: 2000, longestStallMaxMs: 1000, transcodeSpeedMin: 1 };
/** Player size on a 1280 px screen: what hls.js caps the rung to (capLevelToPlayerSize, as the portal's player). */
const PLAYER = { width: 854, height: 480 };

/** CPU seconds used by this process's finished children (ffmpeg), from /proc; null elsewhere. */
function childCpuSeconds(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    // After "pid (comm) ": field 16 cutime and 17 cstime are at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) / ticks;
  } catch {
    return null;
  }
}

function uptime(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average: ${loadavg().map((value) => value.toFixed(2)).join(', ')}`;
  }
}

/** The page: hls.js as the player configures it, and what it records (all in page time, ms). */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>video bench</title></head>
<body style="margin:0"><video width="${PLAYER.width}" height="${PLAYER.height}" muted playsinline></video>
<script>
window.bench = { levels: [], loading: [], waits: [], samples: [], fragments: [] };
window.loadPlayer = () => new Promise((resolve, reject) => {
  const script = document.createElement('script');
  const started = performance.now();
  script.src = '/hls.min.js';
  script.onload = () => resolve(performance.now() - started);
  script.onerror = reject;
  document.head.appendChild(script);
});
window.play = (src) => new Promise((resolve) => {
  const video = document.querySelector('video');
  const started = performance.now();
  const hls = new Hls({ capLevelToPlayerSize: true });
  window.hls = hls;
  hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => bench.levels.push({ at: performance.now(), height: hls.levels[data.level].height }));
  hls.on(Hls.Events.LEVEL_SWITCHING, (_event, data) => bench.loading.push({ at: performance.now(), height: hls.levels[data.level].height }));
  hls.on(Hls.Events.FRAG_LOADED, (_event, data) => bench.fragments.push({ at: performance.now(), level: data.frag.level, bytes: data.frag.stats.total }));
  let firstFrame = null;
  const done = () => {
    if (firstFrame !== null) return;
    firstFrame = performance.now() - started;
    resolve(firstFrame);
  };
  if (video.requestVideoFrameCallback) video.requestVideoFrameCallback(done);
  video.addEventListener('timeupdate', () => { if (video.currentTime > 0) done(); });
  video.addEventListener('waiting', () => { if (firstFrame !== null) bench.waits.push({ start: performance.now(), end: null }); });
  video.addEventListener('playing', () => { const open = bench.waits.find((wait) => wait.end === null); if (open) open.end = performance.now(); });
  setInterval(() => bench.samples.push({ at: performance.now(), time: video.currentTime, paused: video.paused, ended: video.ended }), 100);
  hls.loadSource(src);
  hls.attachMedia(video);
  video.play().catch(() => {});
});
window.now = () => performance.now();
</script></body></html>`;

/** Serves the page, hls.js (gzip, as the edge serves the player's chunk) and the encrypted renditions with their key. */
function serve(hlsDir: string, key: Buffer): Promise<Server> {
  const hlsJs = gzipSync(readFileSync(path.join(repoRoot, 'node_modules/hls.js/dist/hls.min.js')));
  const types: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t' };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bench.local');
    response.setHeader('Cache-Control', 'no-store');
    if (url.pathname === '/') return void response.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE);
    if (url.pathname === '/hls.min.js') return void response.writeHead(200, { 'Content-Type': 'text/javascript', 'Content-Encoding': 'gzip' }).end(hlsJs);
    if (url.pathname === '/v/key') return void response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(key);
    const file = path.join(hlsDir, url.pathname.replace(/^\/v\//, ''));
    if (!url.pathname.startsWith('/v/') || !file.startsWith(hlsDir) || url.pathname.includes('..')) return void response.writeHead(404).end();
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'Content-Type': types[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function throttle(session: CDPSession, link: { kbps: number; latencyMs: number }): Promise<void> {
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: link.latencyMs,
    downloadThroughput: (link.kbps * 1000) / 8,
    uploadThroughput: (link.kbps * 1000) / 8,
  });
}

interface Sample {
  at: number;
  time: number;
  paused: boolean;
  ended: boolean;
}

/** Stretches where the video's time stood still while it was meant to play (after the first frame). */
function frozenStretches(samples: Sample[]): { start: number; durationMs: number }[] {
  const stretches: { start: number; durationMs: number }[] = [];
  let since: Sample | null = null;
  for (let i = 1; i < samples.length; i += 1) {
    const sample = samples[i]!;
    const previous = samples[i - 1]!;
    const stuck = !sample.paused && !sample.ended && sample.time > 0 && sample.time === previous.time;
    if (stuck && since === null) since = previous;
    if (!stuck && since !== null) {
      stretches.push({ start: since.at, durationMs: sample.at - since.at });
      since = null;
    }
  }
  if (since !== null) stretches.push({ start: since.at, durationMs: samples.at(-1)!.at - since.at });
  return stretches;
}

async function openBenchPage(page: Page, origin: string): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(`${origin}/`);
  return session;
}

interface Transcoded {
  probed: Awaited<ReturnType<typeof probeVideo>>;
  hlsDir: string;
  key: Buffer;
  rungNames: string[];
  seconds: number;
  speed: number;
  ffmpegCpuSeconds: number | null;
  speedOnFreeCores: number | null;
  loadBefore: string;
  loadAfter: string;
}

/** 1. A 720p source through the worker's own transcoding, timed with the machine's load around it. */
async function transcodeSource(work: string): Promise<Transcoded> {
  progress(BENCH, `making a ${SOURCE_SECONDS} s 720p source`);
  const source = path.join(work, 'source.mp4');
  execFileSync(process.env.FFMPEG_PATH || 'ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${SOURCE_SECONDS},noise=alls=8:allf=t`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${SOURCE_SECONDS}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-shortest', source]);
  const probed = await probeVideo(source);
  const hlsDir = path.join(work, 'hls');
  mkdirSync(hlsDir);
  const key = randomBytes(16);
  const loadBefore = uptime();
  progress(BENCH, `transcoding the ladder (${loadBefore})`);
  const cpuBefore = childCpuSeconds();
  const transcodeStarted = performance.now();
  const output = await transcodeToHls({ source, outputDir: hlsDir, probed, key, keyUri: KEY_URI });
  await makePoster(source, probed, path.join(hlsDir, 'poster.jpg'));
  const seconds = (performance.now() - transcodeStarted) / 1000;
  const loadAfter = uptime();
  const speed = probed.durationSeconds / seconds;
  const cpuAfter = childCpuSeconds();
  const ffmpegCpuSeconds = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  // What the same work would take with every core to itself (x264 spreads over all of them): an estimate.
  const speedOnFreeCores = ffmpegCpuSeconds ? probed.durationSeconds / (ffmpegCpuSeconds / cpus().length) : null;
  progress(BENCH, `transcoded ${probed.durationSeconds.toFixed(1)} s in ${seconds.toFixed(1)} s (${speed.toFixed(2)}× real time; ${loadAfter})`);
  return { probed, hlsDir, key, rungNames: output.rungs.map((rung) => rung.name), seconds, speed, ffmpegCpuSeconds, speedOnFreeCores, loadBefore, loadAfter };
}

/** 3. Real segment sizes per rung (bytes on the wire for the video itself; playlists and key are under 1 KB each). */
function measureRungs(hlsDir: string, rungNames: string[]) {
  return rungNames.map((name) => {
    const rung = HLS_LADDER.find((candidate) => candidate.name === name)!;
    const folder = path.join(hlsDir, name);
    const playlist = readFileSync(path.join(folder, 'index.m3u8'), 'utf8');
    const seconds = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    const segments = readdirSync(folder).filter((file) => file.endsWith('.ts'));
    const bytes = segments.reduce((sum, file) => sum + statSync(path.join(folder, file)).size, 0);
    return { name, targetKbps: rung.videoKbps + rung.audioKbps, segments: segments.length, seconds, bytes, kbps: (bytes * 8) / seconds / 1000 };
  });
}

type Browser = Awaited<ReturnType<typeof launchBrowser>>;

/** 2a. Time to first frame on 1.6 Mbps / 150 ms, a fresh page each try. */
async function measureFirstFrames(browser: Browser, origin: string, master: string): Promise<{ firstFrames: number[]; playerScriptMs: number }> {
  const firstFrames: number[] = [];
  let playerScriptMs = 0;
  for (let attempt = 0; attempt < TTFF_TRIES; attempt += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const session = await openBenchPage(page, origin);
    await throttle(session, LINKS.mobile);
    // The player's hls.js chunk over the same link (the portal loads it when the lecture opens, before Play).
    playerScriptMs = Number(await page.evaluate('loadPlayer()'));
    firstFrames.push(Number(await page.evaluate(`play(${JSON.stringify(master)})`)));
    progress(BENCH, `first frame ${attempt + 1}/${TTFF_TRIES}: ${ms(firstFrames.at(-1)!)}`);
    await context.close();
  }
  return { firstFrames, playerScriptMs };
}

interface Recorded {
  levels: { at: number; height: number }[];
  loading: { at: number; height: number }[];
  waits: { start: number; end: number | null }[];
  samples: Sample[];
  fragments: { at: number; level: number; bytes: number }[];
}

/** 2b. Long play: 1.6 Mbps, then 400 kbps; what hls.js fetched and played, as the page recorded it. */
async function playThroughDrop(browser: Browser, origin: string, master: string) {
  progress(BENCH, `playing ${BEFORE_DROP_SECONDS} s on 1.6 Mbps, then ${AFTER_DROP_SECONDS} s on 400 kbps`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const session = await openBenchPage(page, origin);
  await throttle(session, LINKS.mobile);
  await page.evaluate('loadPlayer()');
  const firstFrameMs = Number(await page.evaluate(`play(${JSON.stringify(master)})`));
  await page.waitForTimeout(BEFORE_DROP_SECONDS * 1000);
  const dropAt = Number(await page.evaluate('now()'));
  await throttle(session, LINKS.slow);
  await page.waitForTimeout(AFTER_DROP_SECONDS * 1000);
  const heights = (await page.evaluate('hls.levels.map((level) => level.height)')) as number[];
  const recorded = (await page.evaluate('bench')) as Recorded;
  const endAt = Number(await page.evaluate('now()'));
  await context.close();
  return { firstFrameMs, dropAt, endAt, heights, recorded };
}

/** What the drop did: the rung before, the first lower fragment fetched and played, stalls and waits. */
function analyseDrop({ firstFrameMs, dropAt, endAt, heights, recorded }: Awaited<ReturnType<typeof playThroughDrop>>) {
  const heightAt = (at: number) => recorded.levels.filter((level) => level.at <= at).at(-1)?.height ?? null;
  // The rung being fetched decides what plays once the buffer (up to 30 s) has played out: the step down is the
  // first fragment fetched after the drop from a rung below the one playing at the drop.
  const beforeDrop = heightAt(dropAt);
  const lowestBefore = Math.min(...recorded.fragments.filter((fragment) => fragment.at <= dropAt).map((fragment) => heights[fragment.level] ?? Infinity));
  const stepDownFragment = recorded.fragments.find((fragment) => fragment.at > dropAt && beforeDrop !== null && (heights[fragment.level] ?? Infinity) < beforeDrop) ?? null;
  const stepDown = stepDownFragment ? { at: stepDownFragment.at, height: heights[stepDownFragment.level]! } : null;
  const playedStepDown = recorded.levels.find((level) => level.at > dropAt && beforeDrop !== null && level.height < beforeDrop) ?? null;
  const stalls = frozenStretches(recorded.samples).filter((stretch) => stretch.durationMs >= 200);
  const waits = recorded.waits.map((wait) => ({ start: wait.start, durationMs: (wait.end ?? endAt) - wait.start }));
  return {
    dropAt,
    recorded,
    stepDown,
    summary: {
      firstFrameMs,
      heightBeforeDrop: beforeDrop,
      stepDownAfterMs: stepDown ? stepDown.at - dropAt : null,
      heightAfterStepDown: stepDown?.height ?? null,
      lowestFetchedBeforeDrop: Number.isFinite(lowestBefore) ? lowestBefore : null,
      playedStepDownAfterMs: playedStepDown ? playedStepDown.at - dropAt : null,
      playedHeightAfterStepDown: playedStepDown?.height ?? null,
      loadingSwitches: recorded.loading.map((level) => ({ atMs: level.at - dropAt, height: level.height })),
      heightAtEnd: heightAt(endAt),
      fragmentHeightsAfterDrop: recorded.fragments.filter((fragment) => fragment.at > dropAt).map((fragment) => heights[fragment.level] ?? 0),
      stalls: stalls.map((stall) => ({ atMs: stall.start - dropAt, durationMs: stall.durationMs })),
      waitingEvents: waits.map((wait) => ({ atMs: wait.start - dropAt, durationMs: wait.durationMs })),
      longestStallMs: Math.max(0, ...stalls.map((stall) => stall.durationMs), ...waits.map((wait) => wait.durationMs)),
      playedSeconds: recorded.samples.at(-1)?.time ?? 0,
    },
  };
}

type Rungs = ReturnType<typeof measureRungs>;
type Drop = ReturnType<typeof analyseDrop>;

/** The results page: targets, the rung table and what the drop did. */
function videoMarkdown(stamp: ReturnType<typeof runStamp>, transcoded: Transcoded, rungs: Rungs, frames: { firstFrames: number[]; playerScriptMs: number }, drop: Drop): string {
  const { probed, loadBefore, loadAfter, speed, speedOnFreeCores, ffmpegCpuSeconds } = transcoded;
  const transcodeSeconds = transcoded.seconds;
  const { firstFrames, playerScriptMs } = frames;
  const { dropAt, recorded, stepDown } = drop;
  const { heightBeforeDrop: beforeDrop, heightAtEnd: afterDrop, longestStallMs, playedSeconds, fragmentHeightsAfterDrop: fragmentHeights } = drop.summary;
  const dropFirstFrame = drop.summary.firstFrameMs;
  const playedStepDown = drop.summary.playedStepDownAfterMs === null ? null : { at: dropAt + drop.summary.playedStepDownAfterMs, height: drop.summary.playedHeightAfterStepDown! };
  const stalls = drop.summary.stalls;
  const waits = drop.summary.waitingEvents;
  const rung360 = rungs.find((rung) => rung.name === '360p')!;
  const tenMinutes360pBytes = (rung360.bytes / rung360.seconds) * 600;
  const summary = { drop: drop.summary };
  const output = { rungs: transcoded.rungNames.map((name) => ({ name })) };
  const ttff = median(firstFrames);
  const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
  return `# Lecture video on a phone's data link

One run, ${stamp.date}, Node ${stamp.node}, ${cpus().length} CPUs. **The machine is shared with other engineers' builds and
tests and was loaded**: \`${loadBefore}\` before transcoding, \`${loadAfter}\` after. Every figure below is from this one run;
compare the ratios (they share the run's conditions) more than the absolutes.

Source: ${probed.durationSeconds.toFixed(0)} s, ${probed.width}×${probed.height}, 30 fps ffmpeg test pattern with light moving noise
(so the encoder works about as hard as on a camera picture). Transcoded by the video worker's own functions
(\`transcodeToHls\`, \`makePoster\`): rungs ${output.rungs.map((rung) => rung.name).join(', ')}, ${SEGMENT_SECONDS} s segments, AES-128.
Played in headless Chromium (${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}) by hls.js with the player's configuration
(\`capLevelToPlayerSize\`, player ${PLAYER.width}×${PLAYER.height}), from a local HTTP server, throttled with CDP
\`Network.emulateNetworkConditions\` (cache disabled).

## Results

| measure | target | this run | |
|---|---|---|---|
| time to first frame, 1.6 Mbps / 150 ms (median of ${firstFrames.length}) | ≤ ${TARGETS.firstFrameMaxMs} ms | ${ms(ttff)} (tries: ${firstFrames.map(ms).join(', ')}) | ${verdict(ttff <= TARGETS.firstFrameMaxMs)} |
| drop 1.6 Mbps → 400 kbps mid-play: steps down | a lower rung | playing ${beforeDrop ?? '?'}p at the drop; first ${stepDown ? `${stepDown.height}p segment fetched ${ms(stepDown.at - dropAt)} after it` : 'lower segment: none'}; ${playedStepDown ? `playing ${playedStepDown.height}p ${ms(playedStepDown.at - dropAt)} after it (the buffer played out first)` : 'still playing the buffer at the end'}; at the end ${afterDrop ?? '?'}p | ${verdict(stepDown !== null)} |
| longest stall after the first frame (time not advancing while playing, or waiting) | ≤ ${TARGETS.longestStallMaxMs} ms | ${ms(longestStallMs)} (${stalls.length} stretches ≥ 200 ms; ${waits.length} waiting events) | ${verdict(longestStallMs <= TARGETS.longestStallMaxMs)} |
| transcoding speed, whole ladder + poster | ≥ ${TARGETS.transcodeSpeedMin}× real time | ${speed.toFixed(2)}× (${probed.durationSeconds.toFixed(0)} s in ${transcodeSeconds.toFixed(1)} s wall time on the loaded machine) | ${verdict(speed >= TARGETS.transcodeSpeedMin)} |
| the same, from ffmpeg's CPU time over ${cpus().length} free cores (estimate) | — | ${speedOnFreeCores ? `${speedOnFreeCores.toFixed(2)}× (${ffmpegCpuSeconds!.toFixed(0)} CPU-seconds)` : 'not measured'} | |
| bytes sent for 10 minutes of 360p | — | ${(tenMinutes360pBytes / 1e6).toFixed(1)} MB (${rung360.kbps.toFixed(0)} kbps) | |

Ratios within this run: first frame is ${(ttff / TARGETS.firstFrameMaxMs).toFixed(2)} of its budget; the longest stall
${(longestStallMs / TARGETS.longestStallMaxMs).toFixed(2)} of its budget; transcoding ${speed.toFixed(2)}× real time; 10 minutes of
360p cost ${(rungs.find((rung) => rung.name === '240p') ? (rung360.kbps / rungs.find((rung) => rung.name === '240p')!.kbps).toFixed(2) : '?')}× the bytes of 240p.
The player's hls.js chunk (gzip) took ${ms(playerScriptMs)} on the same link; the portal loads it when a lecture is opened, before Play,
so it is not inside the first-frame time above (it is for a learner who presses Play at once).

## Rungs (real segment sizes)

${markdownTable(['rung', 'target (video + audio)', 'segments', 'seconds', 'bytes', 'actual kbps', '10 minutes'],
  rungs.map((rung) => [rung.name, `${rung.targetKbps} kbps`, rung.segments, rung.seconds.toFixed(1), rung.bytes.toLocaleString('en-IN'), rung.kbps.toFixed(0), `${((rung.bytes / rung.seconds) * 600 / 1e6).toFixed(1)} MB`]))}

## The drop

Play started on 1.6 Mbps (first frame ${ms(dropFirstFrame)}); after ${BEFORE_DROP_SECONDS} s the link fell to 400 kbps for ${AFTER_DROP_SECONDS} s.
Rung fetched, as hls.js switched it (ms from the drop): ${recorded.loading.map((level) => `${Math.round(level.at - dropAt)}: ${level.height}p`).join(', ') || 'none'}.
Rung playing (ms from the drop): ${recorded.levels.map((level) => `${Math.round(level.at - dropAt)}: ${level.height}p`).join(', ') || 'none'}.
Segments fetched after the drop, by rung height: ${fragmentHeights.join(', ') || 'none'}. Video time reached ${playedSeconds.toFixed(1)} s.
Stalls (ms from the drop, duration): ${summary.drop.stalls.map((stall) => `${Math.round(stall.atMs)}: ${ms(stall.durationMs)}`).join(', ') || 'none'}.

Ladder of the worker (\`hls-ladder.ts\`): ${HLS_LADDER.map((rung) => `${rung.name} ${rung.videoKbps}+${rung.audioKbps} kbps`).join(', ')}.

Run: \`npm run bench -- video\` (\`BENCH_VIDEO_SECONDS\`, \`BENCH_VIDEO_TTFF_TRIES\` change the source length and tries).
`;
}

async function main(): Promise<void> {
  const stamp = runStamp();
  const work = mkdtempSync(path.join(tmpdir(), 'academy-video-bench-'));
  const server: { current: Server | null } = { current: null };
  const browser = await launchBrowser();
  try {
    const transcoded = await transcodeSource(work);
    const rungs = measureRungs(transcoded.hlsDir, transcoded.rungNames);
    server.current = await serve(transcoded.hlsDir, transcoded.key);
    const origin = `http://127.0.0.1:${(server.current.address() as AddressInfo).port}`;
    const master = `${origin}/v/master.m3u8`;
    const frames = await measureFirstFrames(browser, origin, master);
    const drop = analyseDrop(await playThroughDrop(browser, origin, master));
    const rung360 = rungs.find((rung) => rung.name === '360p')!;
    const { probed } = transcoded;
    const summary = {
      ...stamp,
      machine: { cpus: cpus().length, loadBefore: transcoded.loadBefore, loadAfter: transcoded.loadAfter },
      source: { seconds: probed.durationSeconds, width: probed.width, height: probed.height, segmentSeconds: SEGMENT_SECONDS },
      transcoding: { seconds: transcoded.seconds, speed: transcoded.speed, ffmpegCpuSeconds: transcoded.ffmpegCpuSeconds, speedOnFreeCores: transcoded.speedOnFreeCores, rungs: transcoded.rungNames },
      rungs,
      bytesFor10Minutes360p: (rung360.bytes / rung360.seconds) * 600,
      firstFrameMs: { tries: frames.firstFrames, median: median(frames.firstFrames), playerScriptMs: frames.playerScriptMs, link: LINKS.mobile },
      drop: drop.summary,
      targets: TARGETS,
    };
    writeResults(BENCH, summary, videoMarkdown(stamp, transcoded, rungs, frames, drop));
    progress(BENCH, `wrote bench/results/${BENCH}.md`);
  } finally {
    await browser.close();
    server.current?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
