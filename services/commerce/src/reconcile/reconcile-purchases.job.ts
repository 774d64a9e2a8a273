import { JobHandler, type JobProcessor } from '@academy/service-core';
import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { DataSource, In } from 'typeorm';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';
import { PaymentSettlementService } from '../payments/payment-settlement.service.js';
import { Purchase } from '../purchases/purchase.entity.js';
import { CommerceJob } from '../queue/commerce-jobs.js';
import { RazorpayGateway } from '../razorpay/razorpay-gateway.js';
import { RefundsService } from '../refunds/refunds.service.js';

export interface ReconcileData {
  /** Overrides RECONCILE_AFTER_MS / PENDING_EXPIRY_MS (tests). */
  reconcileAfterMs?: number;
  expireAfterMs?: number;
}

export interface ReconcileResult {
  checked: number;
  completed: number;
  expired: number;
  enrolled: number;
  /** Captured payments found on orders already settled by another payment (each refunded once). */
  secondPayments: number;
}

const BATCH = 200;

/**
 * Repeatable: asks Razorpay for the payments of orders pending for too long, or failed/expired recently, and
 * completes any captured one (a lost verify and lost webhooks, even after a failed first attempt), records every
 * attempt, expires purchases abandoned, follows pending refunds, finds refunds made in Razorpay's dashboard whose
 * webhooks were lost, and retries enrolments still owed for paid purchases.
 */
@Injectable()
@JobHandler(CommerceJob.ReconcilePurchases)
export class ReconcilePurchasesJob implements JobProcessor<ReconcileData, ReconcileResult> {
  private readonly logger = new Logger(ReconcilePurchasesJob.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly razorpay: RazorpayGateway,
    private readonly settlement: PaymentSettlementService,
    private readonly refunds: RefundsService,
    @InjectCommerceConfig() private readonly config: CommerceConfig,
  ) {}

  async handle(job: Job<ReconcileData, ReconcileResult>): Promise<ReconcileResult> {
    const reconcileAfterMs = job.data.reconcileAfterMs ?? this.config.RECONCILE_AFTER_MS;
    const expireAfterMs = job.data.expireAfterMs ?? this.config.PENDING_EXPIRY_MS;
    const result: ReconcileResult = { checked: 0, completed: 0, expired: 0, enrolled: 0, secondPayments: 0 };

    // Pending for a while, or closed (failed/expired) recently: a captured payment may still have arrived late.
    const stale: { id: string }[] = await this.dataSource.query(
      `(SELECT "id", "created_at" FROM "commerce"."purchases" WHERE "status" = 'pending' AND "created_at" < now() - make_interval(secs => $1)
         ORDER BY "created_at" LIMIT $2)
       UNION ALL
       (SELECT "id", "created_at" FROM "commerce"."purchases" WHERE "status" IN ('failed', 'expired') AND "razorpay_order_id" IS NOT NULL
          AND "created_at" > now() - make_interval(secs => $3) ORDER BY "created_at" DESC LIMIT $2)`,
      [reconcileAfterMs / 1000, BATCH, this.config.RECONCILE_CLOSED_WITHIN_MS / 1000],
    );
    const purchases = stale.length
      ? await this.dataSource.getRepository(Purchase).find({ where: { id: In(stale.map((row) => row.id)) } })
      : [];
    for (const purchase of purchases) {
      result.checked += 1;
      try {
        const payments = purchase.razorpayOrderId ? await this.razorpay.fetchOrderPayments(purchase.razorpayOrderId) : [];
        // A captured payment first; else an authorized one, which settlement captures.
        const payable = payments.filter((payment) => payment.amount === purchase.amountPaise);
        const settled = payable.find((payment) => payment.status === 'captured') ?? payable.find((payment) => payment.status === 'authorized');
        for (const payment of payments) await this.settlement.recordAttempt(purchase.id, payment);
        if (settled) {
          const outcome = await this.settlement.verify({ orderId: purchase.razorpayOrderId!, paymentId: settled.id, source: 'reconcile' });
          if (outcome.success) result.completed += 1;
        } else if (
          purchase.status === 'pending' &&
          (Date.now() - purchase.createdAt.getTime() > expireAfterMs || (purchase.orderExpiresAt !== null && purchase.orderExpiresAt.getTime() < Date.now()))
        ) {
          await this.dataSource.query(
            `UPDATE "commerce"."purchases" SET "status" = 'expired', "failure_reason" = 'No payment before the order expired',
                    "updated_at" = now() WHERE "id" = $1 AND "status" = 'pending'`,
            [purchase.id],
          );
          result.expired += 1;
        }
      } catch (error) {
        this.logger.warn(`purchase ${purchase.id} not reconciled: ${error instanceof Error ? error.message : String(error)}`);
      }
    }

    result.secondPayments = await this.refundSecondPayments();

    await this.refunds.reconcilePending(BATCH);
    // Refunds made in the dashboard whose webhooks were lost (a pending one found here is followed next time).
    try {
      await this.refunds.reconcileDashboardRefunds(this.config.RECONCILE_CLOSED_WITHIN_MS);
    } catch (error) {
      this.logger.warn(`dashboard refunds not reconciled: ${error instanceof Error ? error.message : String(error)}`);
    }

    const owed = await this.dataSource.getRepository(Purchase).query(
      `SELECT "id" FROM "commerce"."purchases" WHERE "status" = 'paid' AND "enrolled_at" IS NULL LIMIT $1`,
      [BATCH],
    );
    for (const { id } of owed as { id: string }[]) {
      const purchase = await this.dataSource.getRepository(Purchase).findOneByOrFail({ id });
      try {
        await this.settlement.enrol(purchase);
        result.enrolled += 1;
      } catch (error) {
        this.logger.warn(`purchase ${id} still not enrolled: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return result;
  }

  /**
   * Each settled purchase's order is looked at once, after it stopped taking payments (its `expire_by`; an order
   * made before orders expired: RECONCILE_CLOSED_WITHIN_MS after payment): any other captured payment of that order
   * (whose webhooks and verify were lost) is refunded through settlement, like one that is verified. A Razorpay
   * failure leaves the purchase for the next run.
   */
  private async refundSecondPayments(): Promise<number> {
    const due: { id: string; razorpay_order_id: string; razorpay_payment_id: string | null }[] = await this.dataSource.query(
      `SELECT "id", "razorpay_order_id", "razorpay_payment_id" FROM "commerce"."purchases"
        WHERE "status" IN ('paid', 'refunded') AND "razorpay_order_id" IS NOT NULL AND "extra_payments_checked_at" IS NULL
          AND COALESCE("order_expires_at", "paid_at" + make_interval(secs => $1)) < now()
        ORDER BY "paid_at" LIMIT $2`,
      [this.config.RECONCILE_CLOSED_WITHIN_MS / 1000, BATCH],
    );
    let found = 0;
    for (const purchase of due) {
      try {
        const payments = await this.razorpay.fetchOrderPayments(purchase.razorpay_order_id);
        for (const payment of payments) {
          if (payment.id === purchase.razorpay_payment_id || (payment.status !== 'captured' && payment.status !== 'authorized')) continue;
          await this.settlement.recordAttempt(purchase.id, payment);
          const outcome = await this.settlement.verify({ orderId: purchase.razorpay_order_id, paymentId: payment.id, source: 'reconcile' });
          if (outcome.success) found += 1;
        }
        await this.dataSource.query(`UPDATE "commerce"."purchases" SET "extra_payments_checked_at" = now() WHERE "id" = $1`, [purchase.id]);
      } catch (error) {
        this.logger.warn(`purchase ${purchase.id}: second payments not checked: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return found;
  }
}
