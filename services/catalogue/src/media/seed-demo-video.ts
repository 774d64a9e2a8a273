// The paid demo lectures' video, made the way an educator's upload is: a source in the bucket's uploads folder, a
// row in catalogue.videos, then processVideo (what the video worker runs) for the encrypted HLS ladder and poster.
// Idempotent: a Ready video whose files are in the bucket is left alone, so only the first start transcodes.
import type { ObjectStorage } from '@academy/service-core';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DataSource } from 'typeorm';
import { DEMO_EDUCATOR, DEMO_PAID_VIDEO_ID } from '../seed/demo-courses.js';
import { processVideo, videoFolder } from '../videos/video-processing.js';
import { VideosRepository } from '../videos/videos.repository.js';

const SOURCE_KEY = `uploads/videos/${DEMO_PAID_VIDEO_ID}`;
const CAPTIONS_KEY = `${videoFolder(DEMO_PAID_VIDEO_ID)}captions.vtt`;
/** Seconds of the demo source: 640×360, so the ladder has two rungs (240p, 360p) to switch between. */
const DEMO_SECONDS = 12;

/** English captions of the demo clip, so the player's CC button has something to show. */
export const DEMO_CAPTIONS = `WEBVTT

00:00.000 --> 00:04.000
Welcome to the lecture.

00:04.000 --> 00:08.000
Watch the pattern move across the screen.

00:08.000 --> 00:12.000
Pause any time and ask a doubt.
`;

export type DemoVideoOutcome = 'ready' | 'transcoded' | 'no-ffmpeg';

/** A small test-pattern source made with ffmpeg (nothing binary committed). */
async function makeDemoSource(): Promise<Buffer> {
  const work = await mkdtemp(path.join(tmpdir(), 'academy-demo-video-'));
  try {
    const file = path.join(work, 'demo.mp4');
    await promisify(execFile)(process.env.FFMPEG_PATH || 'ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=15:duration=${DEMO_SECONDS}`,
      '-f', 'lavfi', '-i', `sine=frequency=440:duration=${DEMO_SECONDS}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', '-shortest', file,
    ]);
    return await readFile(file);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function ffmpegInstalled(): Promise<boolean> {
  try {
    await promisify(execFile)(process.env.FFMPEG_PATH || 'ffmpeg', ['-version']);
    return true;
  } catch {
    return false;
  }
}

/** Makes the paid demo video Ready (once) and gives it captions. */
export async function seedDemoVideo(storage: ObjectStorage, dataSource: DataSource): Promise<DemoVideoOutcome> {
  const videos = new VideosRepository(dataSource);
  await videos.createIfMissing({ id: DEMO_PAID_VIDEO_ID, educatorId: DEMO_EDUCATOR.id, sourceKey: SOURCE_KEY, sourceName: 'demo-lecture.mp4', sourceBytes: 0 });
  if (!(await storage.head(CAPTIONS_KEY))) await storage.put(CAPTIONS_KEY, DEMO_CAPTIONS, { contentType: 'text/vtt; charset=utf-8' });
  await videos.setCaptions(DEMO_PAID_VIDEO_ID, CAPTIONS_KEY);
  const video = (await videos.find(DEMO_PAID_VIDEO_ID))!;
  // Ready and still in the bucket (a fresh bucket next to an old database needs the files again).
  if (video.status === 'ready' && video.posterKey && (await storage.head(video.posterKey))) return 'ready';
  if (!(await ffmpegInstalled())) return 'no-ffmpeg';
  if (!(await storage.head(SOURCE_KEY))) {
    const source = await makeDemoSource();
    await storage.put(SOURCE_KEY, source, { contentType: 'video/mp4' });
    await videos.setSourceBytes(DEMO_PAID_VIDEO_ID, source.length);
  }
  await videos.restartProcessing(DEMO_PAID_VIDEO_ID);
  await processVideo(storage, videos, DEMO_PAID_VIDEO_ID, `seed-${Date.now().toString(36)}`);
  return 'transcoded';
}
