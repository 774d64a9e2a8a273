import { Injectable } from '@nestjs/common';
import { JobHandler, type JobProcessor } from '@academy/service-core';
import type { Job } from 'bullmq';

export const PROGRESS_QUEUE = 'progress';

/** Every job of the progress queue; each has exactly one handler (checked when the worker starts). */
export enum ProgressJob {
  HealthPing = 'health-ping',
}

export interface HealthPingResult {
  pong: true;
  worker: number;
  receivedAt: string;
}

/** Answers health pings so `/health/queue` proves a worker is really consuming this queue. */
@Injectable()
@JobHandler(ProgressJob.HealthPing)
export class HealthPingJob implements JobProcessor<{ sentAt: number }, HealthPingResult> {
  async handle(_job: Job<{ sentAt: number }, HealthPingResult>): Promise<HealthPingResult> {
    return { pong: true, worker: process.pid, receivedAt: new Date().toISOString() };
  }
}

export const progressJobHandlers = [HealthPingJob];
