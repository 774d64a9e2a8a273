import { Injectable } from '@nestjs/common';
import { answerHealthPing, JobHandler, type HealthPingResult, type JobProcessor } from '@academy/service-core';
import type { Job } from 'bullmq';

export const PROGRESS_QUEUE = 'progress';

/** Every job of the progress queue; each has exactly one handler (checked when the worker starts). */
export enum ProgressJob {
  HealthPing = 'health-ping',
}

/** Answers health pings so `/health/queue` proves a worker is really consuming this queue. */
@Injectable()
@JobHandler(ProgressJob.HealthPing)
export class HealthPingJob implements JobProcessor<{ sentAt: number }, HealthPingResult> {
  async handle(_job: Job<{ sentAt: number }, HealthPingResult>): Promise<HealthPingResult> {
    return answerHealthPing();
  }
}

export const progressJobHandlers = [HealthPingJob];
