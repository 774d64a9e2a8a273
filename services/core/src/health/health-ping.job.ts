import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobHandler, type JobProcessor } from '../queue/job-registry.js';

/** The job name every service's queue answers, so `/health/queue` proves a worker really consumes it. */
export const HEALTH_PING_JOB = 'health-ping';

/** What a worker's health-ping job answers. */
export interface HealthPingResult {
  pong: true;
  worker: number;
  receivedAt: string;
}

/** The answer of a health-ping job: which worker process took it, and when. */
export function answerHealthPing(): HealthPingResult {
  return { pong: true, worker: process.pid, receivedAt: new Date().toISOString() };
}

/** One handler for every queue's health ping (list it with the queue's other handlers). */
@Injectable()
@JobHandler(HEALTH_PING_JOB)
export class HealthPingJob implements JobProcessor<{ sentAt: number }, HealthPingResult> {
  async handle(_job: Job<{ sentAt: number }, HealthPingResult>): Promise<HealthPingResult> {
    return answerHealthPing();
  }
}
