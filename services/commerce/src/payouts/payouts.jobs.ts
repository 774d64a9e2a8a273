import { escapeHtml, JobHandler, MAILER, Mailer, type JobProcessor } from '@academy/service-core';
import { formatDate } from '@academy/contracts';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { COMMERCE_QUEUE, CommerceJob, type PayoutAccountChangedEvent } from '../queue/commerce-jobs.js';
import { indianToday, PayoutsService } from './payouts.service.js';

export interface WeeklyPayoutsData {
  /** The run's Indian day (yyyy-mm-dd); default today in India. */
  runDay?: string;
}

/** Job id of a payout's transfer: one job per payout, however many runs find it pending. */
export function transferJobId(payoutId: string): string {
  return `payout-transfer-${payoutId}`;
}

/** Repeatable (worker.module.ts): makes this week's payouts, then queues a transfer for every payout not paid yet. */
@Injectable()
@JobHandler(CommerceJob.WeeklyPayouts)
export class WeeklyPayoutsJob implements JobProcessor<WeeklyPayoutsData, { pending: number }> {
  constructor(
    private readonly payouts: PayoutsService,
    @InjectQueue(COMMERCE_QUEUE) private readonly queue: Queue,
  ) {}

  async handle(job: Job<WeeklyPayoutsData, { pending: number }>): Promise<{ pending: number }> {
    const pending = await this.payouts.runWeek(job.data.runDay ?? indianToday());
    for (const payoutId of pending) {
      await this.queue.add(CommerceJob.TransferPayout, { payoutId }, { jobId: transferJobId(payoutId), removeOnComplete: true, removeOnFail: false });
    }
    return { pending: pending.length };
  }
}

/** Moves one payout's money; retried with backoff when Razorpay fails, and marked failed after the last attempt. */
@Injectable()
@JobHandler(CommerceJob.TransferPayout)
export class TransferPayoutJob implements JobProcessor<{ payoutId: string }, { transferId: string; made: boolean }> {
  constructor(private readonly payouts: PayoutsService) {}

  async handle(job: Job<{ payoutId: string }, { transferId: string; made: boolean }>): Promise<{ transferId: string; made: boolean }> {
    const isLastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    return this.payouts.transfer(job.data.payoutId, isLastAttempt);
  }
}

export function payoutAccountChangedEmail(event: PayoutAccountChangedEvent): { to: string; subject: string; text: string; html: string } {
  const what = event.added ? 'added' : 'changed';
  const account = `account ending ${event.accountNumberLast4} (IFSC ${event.ifsc}, ${event.beneficiaryName})`;
  const text = [
    `Hello ${event.name || 'there'},`,
    '',
    `Your payout account was ${what} on ${formatDate(event.changedAt)}. Payouts now go to the bank ${account}.`,
    '',
    'If this was not you, sign in and change it back, and write to us at once.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(event.name || 'there')},</p><p>Your payout account was ${what} on ${escapeHtml(formatDate(event.changedAt))}. Payouts now go to the bank ${escapeHtml(account)}.</p><p>If this was not you, sign in and change it back, and write to us at once.</p>`;
  return { to: event.email, subject: `Your payout account was ${what}`, text, html };
}

/** `payout-account.changed` (outbox): the educator hears of every change to where their money goes. */
@Injectable()
@JobHandler(CommerceJob.PayoutAccountChanged)
export class PayoutAccountChangedMailJob implements JobProcessor<PayoutAccountChangedEvent, { sent: boolean }> {
  constructor(@Inject(MAILER) private readonly mailer: Mailer) {}

  async handle(job: Job<PayoutAccountChangedEvent, { sent: boolean }>): Promise<{ sent: boolean }> {
    if (!job.data.email) return { sent: false };
    return { sent: (await this.mailer.send(payoutAccountChangedEmail(job.data))).sent };
  }
}
