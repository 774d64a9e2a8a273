import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { blockingConnection, inTraceOf, tracingEnabled } from '@academy/service-core';
import { Job, Queue, QueueEvents } from 'bullmq';
import { PurchasesRepository } from '../purchases/purchases.repository.js';
import { COMMERCE_QUEUE, CommerceJob, verifyJobId } from '../queue/commerce-jobs.js';
import type { VerifyPaymentData, VerifyPaymentResult } from './payment-settlement.service.js';

const VERIFY_JOB_OPTIONS = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/**
 * The producer side of `verify-payment`: one job per payment of an order (a second payment captured on an order
 * that is paid already gets its own job, which refunds it; joining the order's finished job would lose it). A job that already finished without success
 * (failed after its retries, or refused) is replaced so a later, genuine request is not answered by an old
 * refusal; a job still waiting or running is joined.
 */
@Injectable()
export class VerificationQueue implements OnModuleDestroy {
  private events: QueueEvents | undefined;

  constructor(
    @InjectQueue(COMMERCE_QUEUE) private readonly queue: Queue,
    private readonly purchases: PurchasesRepository,
  ) {}

  /**
   * The job joins the trace of the request that created the purchase, whoever enqueues it (the checkout's call
   * or a webhook, whichever comes first): one purchase, one trace.
   */
  private async purchaseTraceparent(orderId: string): Promise<string | null> {
    if (!tracingEnabled()) return null;
    return this.purchases.traceParentOfOrder(orderId);
  }

  async enqueue(data: VerifyPaymentData): Promise<Job<VerifyPaymentData, VerifyPaymentResult>> {
    const traceparent = await this.purchaseTraceparent(data.orderId);
    return inTraceOf(traceparent, () => this.enqueueOnce(data));
  }

  private async enqueueOnce(data: VerifyPaymentData): Promise<Job<VerifyPaymentData, VerifyPaymentResult>> {
    const jobId = verifyJobId(data.orderId, data.paymentId);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const existing = (await this.queue.getJob(jobId)) as Job<VerifyPaymentData, VerifyPaymentResult> | undefined;
      if (existing) {
        const state = await existing.getState();
        const finishedBadly = state === 'failed' || (state === 'completed' && existing.returnvalue?.success !== true);
        if (!finishedBadly) return existing;
        await existing.remove().catch(() => undefined); // a concurrent caller may have replaced it already
      }
      const job = (await this.queue.add(CommerceJob.VerifyPayment, data, { ...VERIFY_JOB_OPTIONS, jobId })) as Job<
        VerifyPaymentData,
        VerifyPaymentResult
      >;
      if (job) return job;
    }
    throw new Error(`could not enqueue ${jobId}`);
  }

  /** Enqueues (or joins) the order's job and waits at most `timeoutMs` for its result. */
  async verifyAndWait(data: VerifyPaymentData, timeoutMs: number): Promise<VerifyPaymentResult> {
    const events = await this.queueEvents();
    const job = await this.enqueue(data);
    return (await job.waitUntilFinished(events, timeoutMs)) as VerifyPaymentResult;
  }

  private async queueEvents(): Promise<QueueEvents> {
    if (!this.events) {
      // The wait is a blocking XREAD: no producer command timeout on this connection (queue-defaults.ts).
      this.events = new QueueEvents(this.queue.name, { connection: blockingConnection(this.queue.opts.connection), prefix: this.queue.opts.prefix });
    }
    await this.events.waitUntilReady();
    return this.events;
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
  }
}
