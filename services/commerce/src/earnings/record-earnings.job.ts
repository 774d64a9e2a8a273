import { JobHandler, type JobProcessor } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { EarningsJob, type PurchasePaidEvent } from '../queue/commerce-jobs.js';
import { EarningsService } from './earnings.service.js';

/** `purchase.paid` (from the outbox) → the aggregates, once per purchase id. */
@Injectable()
@JobHandler(EarningsJob.PurchasePaid)
export class RecordEarningsJob implements JobProcessor<PurchasePaidEvent & { eventId: string }, { recorded: boolean }> {
  constructor(private readonly earnings: EarningsService) {}

  async handle(job: Job<PurchasePaidEvent & { eventId: string }, { recorded: boolean }>): Promise<{ recorded: boolean }> {
    return { recorded: await this.earnings.record(job.data) };
  }
}
