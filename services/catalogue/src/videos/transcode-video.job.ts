import { JobHandler, OBJECT_STORAGE, type JobProcessor, type ObjectStorage } from '@academy/service-core';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { VideoProcessingError } from './ffmpeg.js';
import { processVideo } from './video-processing.js';
import { VideoJob, type TranscodeVideoData } from './video-queue.js';
import { VideosRepository } from './videos.repository.js';

/**
 * Transcodes one uploaded video (processVideo). A file ffmpeg cannot use fails at once with its reason; anything
 * else (bucket down, worker killed) is retried, and the last failed attempt records the reason for the educator.
 */
@Injectable()
@JobHandler(VideoJob.Transcode)
export class TranscodeVideoJob implements JobProcessor<TranscodeVideoData, string> {
  private readonly logger = new Logger(TranscodeVideoJob.name);

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly videos: VideosRepository,
  ) {}

  async handle(job: Job<TranscodeVideoData, string>): Promise<string> {
    const { videoId } = job.data;
    const attemptId = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
    try {
      return await processVideo(this.storage, this.videos, videoId, attemptId, (percent) => this.videos.setProgress(videoId, percent));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof VideoProcessingError) {
        await this.videos.markFailed(videoId, message);
        throw new UnrecoverableError(message);
      }
      const attempts = job.opts.attempts ?? 1;
      this.logger.warn(`video ${videoId}: attempt ${job.attemptsMade + 1} of ${attempts} failed: ${message}`);
      if (job.attemptsMade + 1 >= attempts) await this.videos.markFailed(videoId, `Processing failed: ${message}`);
      throw error;
    }
  }
}
