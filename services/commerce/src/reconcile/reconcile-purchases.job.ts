import { JobHandler, type JobProcessor } from '@academy/service-core';
import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';
import { PaymentSettlementService } from '../payments/payment-settlement.service.js';
import { PurchasesRepository } from '../purchases/purchases.repository.js';
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
    private readonly purchases: PurchasesRepository,
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
    const stale = await this.purchases.dueForReconciliation(reconcileAfterMs, this.config.RECONCILE_CLOSED_WITHIN_MS, BATCH);
    for (const purchase of stale) {
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
          await this.purchases.expireUnpaid(purchase.id);
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

    for (const id of await this.purchases.paidAwaitingEnrolment(BATCH)) {
      const purchase = await this.purchases.byIdOrFail(id);
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
    const due = await this.purchases.awaitingSecondPaymentCheck(this.config.RECONCILE_CLOSED_WITHIN_MS, BATCH);
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
        await this.purchases.markSecondPaymentsChecked(purchase.id);
      } catch (error) {
        this.logger.warn(`purchase ${purchase.id}: second payments not checked: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return found;
  }
}
