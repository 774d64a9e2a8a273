import { LIVE_CLASS_RECORDED_EVENT, type LiveClassRecordedEvent } from '@academy/contracts';
import { JobHandler, OBJECT_STORAGE, OutboxWriter, type JobProcessor, type ObjectStorage } from '@academy/service-core';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DataSource, type EntityManager } from 'typeorm';
import { CourseCache } from '../courses/course-cache.js';
import { processVideo } from '../videos/video-processing.js';
import { VideosRepository } from '../videos/videos.repository.js';
import { LiveClassesRepository } from './live-classes.repository.js';
import { LiveJob } from './live-packager.js';

const run = promisify(execFile);

export interface RecordLiveClassData {
  classId: string;
  /** Where Janus wrote the class's `.mjr` files (each publish of the class leaves one audio and one video file). */
  recordingsDir: string;
}

/** The start (µs) in a recording's name. */
const stampOf = (name: string) => /-(\d+)-(?:audio|video)-\d+\.mjr$/.exec(name)?.[1] ?? '';

/**
 * The (audio, video) pairs of each publish, oldest first. Janus names them `<publisher>-<start µs>-audio-0.mjr` /
 * `-video-1.mjr`, each file with its own start (usually some microseconds apart): an audio file goes with its
 * publisher's video file that started nearest to it, within a second.
 */
export function recordingPairs(files: string[]): Array<{ audio: string | null; video: string }> {
  const parsed = files
    .filter((file) => !file.startsWith(STAGE_PREFIX)) // the learner on stage is recorded apart, mixed in below
    .map((name) => ({ name, match: /^(.*)-(\d+)-(audio|video)-\d+\.mjr$/.exec(name) }))
    .filter((entry): entry is { name: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ name, match }) => ({ name, publisher: match[1]!, start: BigInt(match[2]!), kind: match[3] as 'audio' | 'video' }));
  const pairs = parsed
    .filter((entry) => entry.kind === 'video')
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))
    .map((video) => ({ video, audio: null as string | null, distance: PAIR_WITHIN_US }));
  for (const audio of parsed.filter((entry) => entry.kind === 'audio')) {
    for (const pair of pairs) {
      const distance = audio.start > pair.video.start ? audio.start - pair.video.start : pair.video.start - audio.start;
      if (pair.video.publisher === audio.publisher && distance < pair.distance) Object.assign(pair, { audio: audio.name, distance });
    }
  }
  return pairs.map((pair) => ({ audio: pair.audio, video: pair.video.name }));
}
const PAIR_WITHIN_US = 1_000_000n;

export const STAGE_PREFIX = 'stage-';

/**
 * The learners' stage audio heard during each publish of the educator: the files that started between that publish's
 * start and the next one's, with their delay (ms) from the publish's start.
 */
export function stageAudioPerPart(files: string[], pairs: Array<{ video: string }>): Array<Array<{ file: string; delayMs: number }>> {
  const starts = pairs.map((pair) => Number(stampOf(pair.video) || 0));
  const stage = files
    .map((file) => ({ file, start: Number(new RegExp(`^${STAGE_PREFIX}(\\d+)-audio-\\d+\\.mjr$`).exec(file)?.[1] ?? Number.NaN) }))
    .filter((entry) => Number.isFinite(entry.start));
  return starts.map((start, index) => {
    const next = starts[index + 1] ?? Number.POSITIVE_INFINITY;
    return stage.filter((entry) => entry.start >= start && entry.start < next).map((entry) => ({ file: entry.file, delayMs: Math.round((entry.start - start) / 1000) }));
  });
}

/**
 * After the class: Janus's recording → `janus-pp-rec` → one MP4 → the lecture video pipeline (ladder, key, poster),
 * then a lecture at the end of the class's chapter. Until it is there, the class has no recording lecture, which
 * the pages show as "Recording is being prepared".
 */
@Injectable()
@JobHandler(LiveJob.Record)
export class RecordLiveClassJob implements JobProcessor<RecordLiveClassData, { lectureId: string } | { skipped: string }> {
  private readonly logger = new Logger(RecordLiveClassJob.name);

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly classes: LiveClassesRepository,
    private readonly videos: VideosRepository,
    private readonly dataSource: DataSource,
    private readonly courseCache: CourseCache,
    private readonly outbox: OutboxWriter,
  ) {}

  async handle(job: Job<RecordLiveClassData>): Promise<{ lectureId: string } | { skipped: string }> {
    const liveClass = await this.classes.find(job.data.classId);
    if (!liveClass) return { skipped: 'class gone' };
    // A run after the lecture was made (the job added again): progress was told in the lecture's own transaction.
    if (liveClass.recordingLectureId) return { lectureId: liveClass.recordingLectureId };
    const files = await readdir(job.data.recordingsDir).catch(() => [] as string[]);
    const pairs = recordingPairs(files);
    if (pairs.length === 0) return { skipped: 'no recording' };
    const work = await mkdtemp(path.join(tmpdir(), 'academy-recording-'));
    try {
      const mp4 = await this.joinRecording(job.data.recordingsDir, pairs, work, stageAudioPerPart(files, pairs));
      // The same video id on a retry (from the job id), so a second attempt reuses the row and its folder.
      const videoId = liveClass.id;
      const sourceKey = `uploads/videos/${videoId}`;
      const body = await readFile(mp4);
      await this.videos.createIfMissing({ id: videoId, educatorId: liveClass.educatorId, sourceKey, sourceName: `${liveClass.title}.mp4`, sourceBytes: body.length });
      await this.storage.put(sourceKey, body, { contentType: 'video/mp4' });
      await this.videos.setSourceBytes(videoId, body.length);
      await this.videos.restartProcessing(videoId);
      await processVideo(this.storage, this.videos, videoId, `live-${Date.now().toString(36)}`, (percent) => job.updateProgress(percent), 'superfast');
      const lectureId = await this.addLecture(liveClass, videoId);
      await this.courseCache.invalidate().catch(() => undefined);
      this.logger.log(`class ${liveClass.id}: recording is lecture ${lectureId}`);
      return { lectureId };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** Each publish's audio and video muxed to MP4 (with the stage's audio mixed in), then joined in order. */
  private async joinRecording(dir: string, pairs: Array<{ audio: string | null; video: string }>, work: string, stage: Array<Array<{ file: string; delayMs: number }>> = []): Promise<string> {
    const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
    const parts: string[] = [];
    for (const [index, pair] of pairs.entries()) {
      const video = path.join(work, `${index}.webm`);
      await run('janus-pp-rec', [path.join(dir, pair.video), video]);
      const inputs = ['-i', video];
      if (pair.audio) {
        const audio = path.join(work, `${index}.opus`);
        await run('janus-pp-rec', [path.join(dir, pair.audio), audio]);
        inputs.push('-i', audio);
      }
      const part = path.join(work, `${index}.mp4`);
      // Only an intermediate for the lecture's ladder (encoded next): the fastest preset at a high quality.
      const encode = ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-r', '30', '-c:a', 'aac', '-ar', '48000', '-ac', '2', part];
      const mixed = pair.audio ? await this.withStage(ffmpeg, dir, work, index, inputs, stage[index] ?? [], encode) : false;
      if (!mixed) await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...inputs, ...encode]);
      parts.push(part);
    }
    if (parts.length === 1) return parts[0]!;
    const list = path.join(work, 'parts.txt');
    await writeFile(list, parts.map((part) => `file '${part}'`).join('\n'));
    const joined = path.join(work, 'recording.mp4');
    await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', joined]);
    return joined;
  }

  /**
   * The part with the stage learners' audio mixed into the educator's, each delayed to when they joined. False when
   * there is none or it fails: the part is then made from the educator alone (the lecture never waits on the stage).
   */
  private async withStage(ffmpeg: string, dir: string, work: string, index: number, inputs: string[], stage: Array<{ file: string; delayMs: number }>, encode: string[]): Promise<boolean> {
    if (stage.length === 0) return false;
    try {
      const stageInputs: string[] = [];
      for (const [number, entry] of stage.entries()) {
        const audio = path.join(work, `${index}-stage-${number}.opus`);
        await run('janus-pp-rec', [path.join(dir, entry.file), audio]);
        stageInputs.push('-i', audio);
      }
      const delays = stage.map((entry, number) => `[${number + 2}:a]adelay=${Math.max(0, entry.delayMs)}:all=1[s${number}]`);
      const mix = `[1:a]${stage.map((_, number) => `[s${number}]`).join('')}amix=inputs=${stage.length + 1}:duration=first:normalize=0[a]`;
      await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...inputs, ...stageInputs, '-filter_complex', [...delays, mix].join(';'), '-map', '0:v', '-map', '[a]', ...encode]);
      return true;
    } catch (error) {
      this.logger.warn(`the stage's audio could not be mixed into part ${index}: ${(error as Error).message}`);
      return false;
    }
  }

  private async addLecture(liveClass: { id: string; chapterId: string; title: string }, videoId: string): Promise<string> {
    const duration = (await this.videos.find(videoId))?.durationSeconds ?? 60;
    const lectureId = randomUUID();
    // One transaction: the class never points at a lecture that is not there, nor a lecture appears without its class knowing.
    await this.dataSource.transaction(async (manager) => {
      await this.classes.addRecordingLecture(manager, liveClass.chapterId, { lectureId, title: `Live class: ${liveClass.title}`, durationMinutes: Math.max(1, Math.ceil(duration / 60)), videoId });
      await this.attachRecording(manager, liveClass.id, lectureId);
    });
    return lectureId;
  }

  /**
   * The class's recording is this lecture. The doubts asked in the class go under it at their seconds, which progress
   * (their owner) does on `live_class.recorded`, written here in the caller's transaction: told once, with the lecture.
   */
  async attachRecording(manager: EntityManager, classId: string, lectureId: string): Promise<void> {
    await this.classes.setRecordingLecture(manager, classId, lectureId);
    await this.outbox.add<Omit<LiveClassRecordedEvent, 'eventId'>>(manager, { topic: LIVE_CLASS_RECORDED_EVENT, key: classId, payload: { classId, lectureId } });
  }
}
