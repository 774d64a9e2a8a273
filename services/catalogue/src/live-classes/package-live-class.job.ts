import { JobHandler, OBJECT_STORAGE, type JobProcessor, type ObjectStorage } from '@academy/service-core';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LiveClassesRepository } from './live-classes.repository.js';
import { LIVE_QUEUE, LiveFolderMirror, LiveJob, resumeNumber, segmentNumber, startLivePackager, type LivePackageData } from './live-packager.js';

const MIRROR_EVERY_MS = 300;
const STATUS_EVERY_MS = 2_000;
/** How long a (re)started ffmpeg may take to write its first segment once it gets a stream (it probes up to 5 s). */
const FIRST_SEGMENT_MS = 8_000;
/** A restarted ffmpeg may stop this many times in a row before a segment (then the job fails and BullMQ retries it). */
const MAX_QUICK_EXITS = 5;
/** How often the job looks for a new publish of the educator (the job's data, updated by LiveStudio). */
const PUBLISH_EVERY_MS = 600;
/** No new segment for this long while live: the stream stopped (segments come every second). */
const STALL_MS = 2_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Packages a live class while it is live: ffmpeg reads the RTP Janus forwards and writes the HLS ladder, which is
 * copied to the bucket as it appears. Ends when the class is no longer live (ffmpeg closes the playlists). When the
 * stream stops, a fresh ffmpeg waits for it and continues the same playlists. ffmpeg dying while the class is live
 * fails the job, and BullMQ runs it again (the class keeps its folder); so does a killed worker (a stalled job).
 */
@Injectable()
@JobHandler(LiveJob.Package)
export class PackageLiveClassJob implements JobProcessor<LivePackageData, { files: number }> {
  private readonly logger = new Logger(PackageLiveClassJob.name);

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly classes: LiveClassesRepository,
    @InjectQueue(LIVE_QUEUE) private readonly queue: Queue<LivePackageData>,
  ) {}

  async handle(job: Job<LivePackageData, { files: number }>): Promise<{ files: number }> {
    const workDir = await mkdtemp(path.join(tmpdir(), 'academy-live-'));
    const mirror = new LiveFolderMirror(this.storage, workDir, job.data.prefix);
    const ffmpegPath = process.env.FFMPEG_PATH || 'ffmpeg';
    // A run after a killed worker takes up the same playlists (numbering on from the job's start, a discontinuity).
    let ffmpeg = await startLivePackager(ffmpegPath, workDir, job.data, job.attemptsMade > 0 ? { startNumber: resumeNumber(Date.now() - job.timestamp), discontinuity: true } : undefined);
    let errors = '';
    let exited = false;
    const watch = (child: ChildProcess) => {
      errors = '';
      exited = false;
      child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
      child.once('exit', () => (exited = true));
    };
    watch(ffmpeg);
    let files = 0;
    let lastSegment = -1;
    let lastSegmentAt = Date.now();
    // Whether the running ffmpeg has written a segment yet, and when it started.
    let produced = false;
    let startedAt = Date.now();
    let lastPublish = job.data.publishedAt ?? 0;
    let publishCheckedAt = Date.now();
    /** A fresh ffmpeg continuing the playlists; the old one frees the ports first (its exit is not the job's end). */
    const restart = async () => {
      if (ffmpeg.exitCode === null && ffmpeg.signalCode === null) {
        const gone = new Promise((resolve) => ffmpeg.once('exit', resolve));
        ffmpeg.kill('SIGKILL');
        await gone;
      }
      ffmpeg = await startLivePackager(ffmpegPath, workDir, job.data, { startNumber: resumeNumber(Date.now() - job.timestamp, lastSegment), discontinuity: true });
      watch(ffmpeg);
      produced = false;
      startedAt = Date.now();
    };
    this.logger.log(`class ${job.data.classId}: packaging RTP from ports ${job.data.audioPort}/${job.data.videoPort} (attempt ${job.attemptsMade + 1})`);
    try {
      for (let checkedAt = 0, quickExits = 0; ; await sleep(MIRROR_EVERY_MS)) {
        if (exited) {
          // A fresh ffmpeg whose stream began without a keyframe gives up at once (VP8's size unknown): while the
          // class is live it starts again here at once, rather than failing the job and waiting for its retry.
          const live = (await this.classes.find(job.data.classId))?.status === 'live';
          if (!live || ++quickExits > MAX_QUICK_EXITS) break;
          this.logger.warn(`class ${job.data.classId}: ffmpeg stopped (${errors.trim().split('\n').at(-1) ?? ''}); started again`);
          await restart();
          continue;
        }
        files += await mirror.sync();
        const newest = await this.newestSegment(workDir);
        if (newest > lastSegment) {
          quickExits = 0;
          lastSegment = newest;
          lastSegmentAt = Date.now();
          produced = true;
        } else if (produced ? Date.now() - lastSegmentAt > STALL_MS : Date.now() - startedAt > FIRST_SEGMENT_MS) {
          // The stream stopped (the educator's network dropped): a fresh ffmpeg waits for it. One that never wrote a
          // segment is made again too: a stream that began without a keyframe can leave ffmpeg without VP8's size.
          if (produced) this.logger.warn(`class ${job.data.classId}: no segment for ${STALL_MS} ms; ffmpeg restarted to wait for the stream`);
          await restart();
        }
        if (Date.now() - publishCheckedAt >= PUBLISH_EVERY_MS) {
          publishCheckedAt = Date.now();
          const publishedAt = (await this.queue.getJob(job.id!))?.data.publishedAt ?? 0;
          if (publishedAt > lastPublish) {
            // The educator published again (a reconnect): ffmpeg's RTP input cannot take up the new publisher's
            // stream (other SSRC, sequence and timestamps), so a fresh one reads it from its first packet.
            lastPublish = publishedAt;
            this.logger.log(`class ${job.data.classId}: published again; ffmpeg restarted for the new stream`);
            await restart();
          }
        }
        if (Date.now() - checkedAt < STATUS_EVERY_MS) continue;
        checkedAt = Date.now();
        if ((await this.classes.find(job.data.classId))?.status !== 'live') break;
      }
      if (!exited) await this.finish(ffmpeg);
      files += await mirror.sync();
      const status = (await this.classes.find(job.data.classId))?.status;
      if (status === 'live') throw new Error(`ffmpeg stopped while the class is live: ${errors.trim().split('\n').slice(-3).join(' | ')}`);
      this.logger.log(`class ${job.data.classId}: live packaging ended, ${files} files`);
      return { files };
    } finally {
      if (!exited) ffmpeg.kill('SIGKILL');
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /** The highest segment number ffmpeg has written in the folder (-1 before the first). */
  private async newestSegment(dir: string): Promise<number> {
    const numbers = (await readdir(dir)).map(segmentNumber).filter((value): value is number => value !== null);
    return numbers.length ? Math.max(...numbers) : -1;
  }

  /** Asks ffmpeg to stop (it then writes the end of every playlist); killed if it does not within 5 s. */
  private async finish(ffmpeg: ChildProcess): Promise<void> {
    const done = new Promise((resolve) => ffmpeg.once('exit', resolve));
    ffmpeg.stdin?.end('q');
    await Promise.race([done, sleep(5_000)]);
    if (ffmpeg.exitCode === null) ffmpeg.kill('SIGKILL');
  }
}
