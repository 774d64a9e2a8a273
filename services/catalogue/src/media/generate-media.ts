// Writes the demo media the seed refers to: course thumbnails (SVG) and lecture notes/tests (PDF).
// The demo mp4 is committed (media/lectures/test-pattern.mp4); if it is missing and ffmpeg exists, it is rebuilt.
import { PROTECTED_FILE_PREFIX } from '@academy/service-core';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO_VIDEO_URL, type DemoCourse, demoCourses, PAID_DEMO_VIDEO_URL } from '../seed/demo-courses.js';
import { minimalPdf, thumbnailSvg } from './media-files.js';

/** services/catalogue/media, from src/media or dist/media alike, unless MEDIA_DIR names another folder. */
export function mediaRootOf(configured?: string): string {
  return configured ?? fileURLToPath(new URL('../../media', import.meta.url));
}

/** services/catalogue/paid-media (files of paid lectures, served only through signed links), unless PAID_MEDIA_DIR. */
export function paidMediaRootOf(configured?: string): string {
  return configured ?? fileURLToPath(new URL('../../paid-media', import.meta.url));
}

export interface MediaRoots {
  /** Public files under /media/ (thumbnails, preview lectures). */
  media: string;
  /** Paid lectures' files under /api/files/. */
  paid: string;
}

function mediaPath(roots: MediaRoots, url: string): string {
  if (url.startsWith(PROTECTED_FILE_PREFIX)) return path.join(roots.paid, url.slice(PROTECTED_FILE_PREFIX.length));
  return path.join(roots.media, url.replace(/^\/media\//, ''));
}

function writeIfMissing(file: string, contents: () => string | Buffer): boolean {
  if (existsSync(file)) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, contents());
  return true;
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

/** Idempotent: files that already exist are left alone. */
export function generateMedia(
  mediaRoot = mediaRootOf(process.env.MEDIA_DIR),
  paidMediaRoot = paidMediaRootOf(process.env.PAID_MEDIA_DIR),
  courses: readonly DemoCourse[] = demoCourses,
): MediaReport {
  const roots: MediaRoots = { media: mediaRoot, paid: paidMediaRoot };
  let written = 0;
  for (const course of courses) {
    if (writeIfMissing(mediaPath(roots, course.thumbnailUrl), () => thumbnailSvg(course.title, course.colour))) written++;
    for (const chapter of course.chapters) {
      for (const lecture of chapter.lectures) {
        const documents: Array<[string | null, string]> = [[lecture.notesUrl, 'Lecture notes'], [lecture.testUrl, 'Practice test']];
        for (const [url, kind] of documents) {
          if (!url) continue;
          const pdf = () => minimalPdf(`${kind}: ${lecture.title}`, [
            course.title,
            `Chapter ${chapter.chapterOrder}: ${chapter.title}`,
            `Lecture ${lecture.lectureOrder}, ${lecture.durationMinutes} minutes`,
            kind === 'Practice test' ? 'Answer every question in your notebook, then check with your teacher.' : 'Read these notes after watching the lecture.',
          ]);
          if (writeIfMissing(mediaPath(roots, url), pdf)) written++;
          // Earlier versions wrote every note under the public /media/notes/: a paid one must not stay there.
          if (url.startsWith(PROTECTED_FILE_PREFIX)) rmSync(mediaPath(roots, `/media/${url.slice(PROTECTED_FILE_PREFIX.length)}`), { force: true });
        }
      }
    }
  }
  const videoFile = mediaPath(roots, DEMO_VIDEO_URL);
  const missingVideo = !existsSync(videoFile) && !buildTestPatternVideo(videoFile);
  // Paid lectures play their own copy behind the signed route; previews play the public one.
  const paidVideoFile = mediaPath(roots, PAID_DEMO_VIDEO_URL);
  if (!missingVideo && !existsSync(paidVideoFile)) {
    mkdirSync(path.dirname(paidVideoFile), { recursive: true });
    copyFileSync(videoFile, paidVideoFile);
    written++;
  }
  return { written, missingVideo };
}

// Run directly: `node dist/media/generate-media.js`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = generateMedia();
  console.log(JSON.stringify({ msg: 'demo media generated', ...report }));
}
