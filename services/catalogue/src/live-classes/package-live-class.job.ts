import { JobHandler, OBJECT_STORAGE, type JobProcessor, type ObjectStorage } from '@academy/service-core';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LiveClassesRepository } from './live-classes.repository.js';
import { LiveFolderMirror, LiveJob, startLivePackager, type LivePackageData } from './live-packager.js';

const MIRROR_EVERY_MS = 300;
const STATUS_EVERY_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Packages a live class while it is live: ffmpeg reads the RTP Janus forwards and writes the HLS ladder, which is
 * copied to the bucket as it appears. Ends when the class is no longer live (ffmpeg closes the playlists). ffmpeg
 * dying while the class is live fails the job, and BullMQ runs it again (the class keeps its folder).
 */
@Injectable()
@JobHandler(LiveJob.Package)
export class PackageLiveClassJob implements JobProcessor<LivePackageData, { files: number }> {
  private readonly logger = new Logger(PackageLiveClassJob.name);

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly classes: LiveClassesRepository,
  ) {}

  async handle(job: Job<LivePackageData, { files: number }>): Promise<{ files: number }> {
    const workDir = await mkdtemp(path.join(tmpdir(), 'academy-live-'));
    const mirror = new LiveFolderMirror(this.storage, workDir, job.data.prefix);
    const ffmpeg = await startLivePackager(process.env.FFMPEG_PATH || 'ffmpeg', workDir, job.data);
    let errors = '';
    ffmpeg.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    let exited = false;
    ffmpeg.once('exit', () => (exited = true));
    let files = 0;
    this.logger.log(`class ${job.data.classId}: packaging RTP from ports ${job.data.audioPort}/${job.data.videoPort} (attempt ${job.attemptsMade + 1})`);
    try {
      for (let checkedAt = 0; !exited; await sleep(MIRROR_EVERY_MS)) {
        files += await mirror.sync();
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

  /** Asks ffmpeg to stop (it then writes the end of every playlist); killed if it does not within 5 s. */
  private async finish(ffmpeg: import('node:child_process').ChildProcess): Promise<void> {
    const done = new Promise((resolve) => ffmpeg.once('exit', resolve));
    ffmpeg.stdin?.end('q');
    await Promise.race([done, sleep(5_000)]);
    if (ffmpeg.exitCode === null) ffmpeg.kill('SIGKILL');
  }
}
