import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { CoreModule, HealthPingJob, MAILER, mailerProvider, OutboxModule, QueueModule } from '@academy/service-core';
import { Queue } from 'bullmq';
import { CommerceDomainModule } from './commerce-domain.module.js';
import { commerceConfigShape, InjectCommerceConfig, type CommerceConfig } from './config/commerce-config.js';
import { commerceDatabase } from './database.js';
import { RecordEarningsJob } from './earnings/record-earnings.job.js';
import { VerifyPaymentJob } from './payments/verify-payment.job.js';
import {
  COMMERCE_QUEUE,
  CommerceJob,
  EARNINGS_QUEUE,
  EarningsJob,
  commerceOutboxRoutes,
} from './queue/commerce-jobs.js';
import { ReconcilePurchasesJob } from './reconcile/reconcile-purchases.job.js';
import { PayoutAccountChangedMailJob, TransferPayoutJob, WeeklyPayoutsJob } from './payouts/payouts.jobs.js';

/** Settlement, earnings and clients, with the outbox writer and the relay (one instance shared by both queues). */
const domain = CommerceDomainModule.with(OutboxModule.forRelay({ schema: 'commerce', routes: commerceOutboxRoutes }));

/** Mail to educators (their payout account changed). */
@Module({ providers: [mailerProvider], exports: [MAILER] })
class CommerceMailModule {}

/** Registers the repeatable reconciliation and weekly payouts (one scheduler each, however many workers start). */
@Injectable()
class ReconciliationScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(COMMERCE_QUEUE) private readonly queue: Queue,
    @InjectCommerceConfig() private readonly config: CommerceConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      CommerceJob.ReconcilePurchases,
      { every: this.config.RECONCILE_EVERY_MS },
      { name: CommerceJob.ReconcilePurchases, data: {}, opts: { removeOnComplete: 50, removeOnFail: 50 } },
    );
    await this.queue.upsertJobScheduler(
      CommerceJob.WeeklyPayouts,
      { pattern: this.config.PAYOUTS_CRON, tz: this.config.PAYOUTS_TZ },
      { name: CommerceJob.WeeklyPayouts, data: {}, opts: { removeOnComplete: 20, removeOnFail: 20 } },
    );
  }
}

/** Worker entry point's module: payment verification, reconciliation, earnings, the outbox relay. No HTTP. */
@Module({
  imports: [
    CoreModule.forRoot({ service: 'commerce-worker', http: false, database: commerceDatabase, configShape: commerceConfigShape }),
    domain,
    QueueModule.forWorker({
      imports: [domain, CommerceMailModule],
      queue: COMMERCE_QUEUE,
      jobNames: Object.values(CommerceJob),
      handlers: [HealthPingJob, VerifyPaymentJob, ReconcilePurchasesJob, WeeklyPayoutsJob, TransferPayoutJob, PayoutAccountChangedMailJob],
      // A verification mostly waits on Razorpay and progress over HTTP: at 4, 50 payments in flight queued behind
      // each other for seconds. 8 stays within the worker's pool (DB_POOL_MAX, 10) with the relay and earnings.
      concurrency: 8,
      lockSettingsFrom: (config) => {
        const lockDuration = (config as CommerceConfig).COMMERCE_JOB_LOCK_MS;
        return { lockDuration, stalledInterval: Math.max(1000, Math.floor(lockDuration / 2)) };
      },
    }),
    QueueModule.forWorker({
      imports: [domain],
      queue: EARNINGS_QUEUE,
      jobNames: Object.values(EarningsJob),
      handlers: [RecordEarningsJob],
      concurrency: 2,
    }),
  ],
  providers: [ReconciliationScheduler],
})
export class WorkerModule {}
