import type { ObjectStorage } from '@academy/service-core';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { makePoster, probeVideo, transcodeToHls, VideoProcessingError, type TranscodeOptions } from './ffmpeg.js';
import type { VideosRepository } from './videos.repository.js';

const CONTENT_TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t', jpg: 'image/jpeg' };

/** The folder of one video's files in the bucket: renditions under `<attempt>/`, captions beside them. */
export const videoFolder = (videoId: string) => `videos/${videoId}/`;

/** Segments name their key relative to the variant playlist (`/api/videos/<id>/<rung>/index.m3u8` → `/api/videos/<id>/key`). */
export const KEY_URI = '../key';

/**
 * Makes a video Ready: source from the bucket to a temporary folder, duration and size from ffprobe, the encrypted
 * HLS ladder and a poster, every file uploaded under a folder of this attempt's own, and only then the row switched
 * to Ready (with that folder). A failed or killed attempt leaves its folder unreferenced; the next one removes it.
 */
export async function processVideo(
  storage: ObjectStorage,
  videos: VideosRepository,
  videoId: string,
  attemptId: string,
  onProgress: (percent: number) => Promise<void> = async () => undefined,
  preset: TranscodeOptions['preset'] = 'veryfast',
): Promise<'ready' | 'gone'> {
  const video = await videos.find(videoId);
  if (!video) return 'gone';
  const prefix = `${videoFolder(videoId)}${attemptId}/`;
  // Leftovers of attempts that died mid-way: every rendition folder but the one a Ready row points at.
  for (const object of await storage.list(videoFolder(videoId))) {
    const folder = object.key.split('/').slice(0, 3).join('/') + '/';
    if (object.key.split('/').length > 3 && folder !== video.renditionPrefix) await storage.deletePrefix(folder);
  }
  const work = await mkdtemp(path.join(tmpdir(), 'academy-video-'));
  try {
    const source = path.join(work, 'source');
    const stored = await storage.stream(video.sourceKey);
    if (!stored) throw new VideoProcessingError('The uploaded file is missing: upload the video again');
    await pipeline(stored.body, createWriteStream(source));
    const probed = await probeVideo(source);
    const output = path.join(work, 'hls');
    await mkdir(output);
    let reported = -1;
    const result = await transcodeToHls({
      source,
      outputDir: output,
      probed,
      key: video.aesKey,
      keyUri: KEY_URI,
      preset,
      onProgress: (percent) => {
        // Every 5 points is enough for the educator's progress bar.
        if (percent >= reported + 5) {
          reported = percent;
          void onProgress(percent).catch(() => undefined);
        }
      },
    });
    await makePoster(source, probed, path.join(output, 'poster.jpg'));
    for (const file of [...result.files, 'poster.jpg']) {
      const extension = file.slice(file.lastIndexOf('.') + 1);
      await storage.put(`${prefix}${file}`, await readFile(path.join(output, file)), {
        contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
        cacheControl: 'private, max-age=3600',
      });
    }
    const previous = await videos.markReady(videoId, {
      renditionPrefix: prefix,
      renditions: result.rungs.map((rung) => rung.name),
      posterKey: `${prefix}poster.jpg`,
      durationSeconds: probed.durationSeconds,
    });
    if (previous) await storage.deletePrefix(previous).catch(() => undefined);
    return 'ready';
  } catch (error) {
    await storage.deletePrefix(prefix).catch(() => undefined);
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
