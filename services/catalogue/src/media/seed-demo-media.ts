// Puts the demo media the seed refers to into the media bucket: course thumbnails (SVG), lecture notes/tests (PDF)
// and the public preview clip. The clip's source is committed (media/lectures/test-pattern.mp4); if it is missing and
// ffmpeg exists, it is rebuilt. Nothing is served from this folder: the services read the bucket. Paid lectures play
// an uploaded, encrypted video instead (seed-demo-video.ts).
import type { ObjectStorage } from '@academy/service-core';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_VIDEO_URL, type DemoCourse, demoCourses } from '../seed/demo-courses.js';
import { minimalPdf, thumbnailSvg } from './media-files.js';
import { storageKeyOfMediaUrl } from './media-keys.js';

/** Where earlier seeds put a plain copy of the clip for paid lectures: removed, so no paid mp4 is left to answer. */
const RETIRED_PAID_CLIP_KEY = 'paid/lectures/test-pattern.mp4';

/** The committed source of the demo clip (services/catalogue/media/lectures/test-pattern.mp4). */
export const demoClipSource = fileURLToPath(new URL('../../media/lectures/test-pattern.mp4', import.meta.url));

function keyOf(url: string): string {
  const key = storageKeyOfMediaUrl(url);
  if (!key) throw new Error(`Demo media URL ${url} has no place in the bucket`);
  return key;
}

function buildTestPatternVideo(file: string): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
  } catch {
    return false;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15:duration=5',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=5',
    '-c:v', 'libx264', '-profile:v', 'baseline', '-level', '3.0', '-pix_fmt', 'yuv420p', '-crf', '32', '-preset', 'veryslow',
    '-c:a', 'aac', '-b:a', '32k', '-ac', '1', '-movflags', '+faststart', '-shortest', file,
  ]);
  return true;
}

export interface MediaReport {
  written: number;
  missingVideo: boolean;
}

/** Idempotent: objects that already exist are left alone. */
export async function seedDemoMedia(storage: ObjectStorage, courses: readonly DemoCourse[] = demoCourses): Promise<MediaReport> {
  let written = 0;
  const putIfMissing = async (url: string, contentType: string, contents: () => string | Buffer) => {
    const key = keyOf(url);
    if (await storage.head(key)) return;
    await storage.put(key, contents(), { contentType });
    written++;
  };
  for (const course of courses) {
    await putIfMissing(course.thumbnailUrl, 'image/svg+xml', () => thumbnailSvg(course.title, course.colour));
    for (const chapter of course.chapters) {
      for (const lecture of chapter.lectures) {
        const documents: Array<[string | null, string]> = [[lecture.notesUrl, 'Lecture notes'], [lecture.testUrl, 'Practice test']];
        for (const [url, kind] of documents) {
          if (!url) continue;
          await putIfMissing(url, 'application/pdf', () =>
            minimalPdf(`${kind}: ${lecture.title}`, [
              course.title,
              `Chapter ${chapter.chapterOrder}: ${chapter.title}`,
              `Lecture ${lecture.lectureOrder}, ${lecture.durationMinutes} minutes`,
              kind === 'Practice test' ? 'Answer every question in your notebook, then check with your teacher.' : 'Read these notes after watching the lecture.',
            ]),
          );
        }
      }
    }
  }
  const missingVideo = !existsSync(demoClipSource) && !buildTestPatternVideo(demoClipSource);
  if (!missingVideo) await putIfMissing(DEMO_VIDEO_URL, 'video/mp4', () => readFileSync(demoClipSource));
  if (await storage.head(RETIRED_PAID_CLIP_KEY)) await storage.delete(RETIRED_PAID_CLIP_KEY);
  return { written, missingVideo };
}
