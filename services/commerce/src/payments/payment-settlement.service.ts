import { OutboxWriter } from '@academy/service-core';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ProgressClient } from '../clients/service-clients.js';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';
import { Purchase } from '../purchases/purchase.entity.js';
import { EarningsJob, type PurchasePaidEvent } from '../queue/commerce-jobs.js';
import { GatewayError, RazorpayGateway, type GatewayPayment } from '../razorpay/razorpay-gateway.js';
import { isValidPaymentSignature } from '../razorpay/signatures.js';
import { ReceiptsService } from '../receipts/receipts.service.js';
import { RefundsService } from '../refunds/refunds.service.js';

export type VerificationSource = 'checkout' | 'webhook' | 'reconcile';

/** Data of a `verify-payment` job. */
export interface VerifyPaymentData {
  orderId: string;
  paymentId: string;
  source: VerificationSource;
  /** Checkout only: the HMAC Checkout returned, and who asked (the payer). */
  signature?: string;
  purchaseId?: string;
  userId?: string;
}

export interface VerifyPaymentResult {
  success: boolean;
  message: string;
  purchaseId?: string;
  courseId?: string;
}

/** A refusal that retrying cannot change (the job completes with `success: false`). */
class Refusal extends Error {}


/**
 * Completes a purchase exactly once (pending, or failed/expired when a late payment was captured), whoever asks (Checkout's verify, a webhook, the reconciliation job):
 * checks, confirms with Razorpay, marks paid + outbox event in one transaction, then has progress enrol
 * (idempotent by purchase id). Refusals resolve with `success: false`; transient errors throw (the job retries).
 */
@Injectable()
export class PaymentSettlementService {
  private readonly logger = new Logger(PaymentSettlementService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly razorpay: RazorpayGateway,
    private readonly progress: ProgressClient,
    private readonly refunds: RefundsService,
    private readonly receipts: ReceiptsService,
    @InjectCommerceConfig() private readonly config: CommerceConfig,
  ) {}

  async verify(data: VerifyPaymentData): Promise<VerifyPaymentResult> {
    try {
      return await this.settle(data);
    } catch (error) {
      if (error instanceof Refusal) return { success: false, message: error.message, purchaseId: data.purchaseId };
      throw error;
    }
  }

  private async settle(data: VerifyPaymentData): Promise<VerifyPaymentResult> {
    if (data.source === 'checkout') {
      if (!data.signature || !isValidPaymentSignature(data.orderId, data.paymentId, data.signature, this.config.RAZORPAY_KEY_SECRET)) {
        throw new Refusal('Payment signature is invalid');
      }
    }
    const purchase = await this.dataSource.getRepository(Purchase).findOne({ where: { razorpayOrderId: data.orderId } });
    if (!purchase) throw new Refusal('No purchase matches this order');
    if (data.purchaseId !== undefined && purchase.id !== data.purchaseId) throw new Refusal('This payment is not for this purchase');
    if (data.userId !== undefined && purchase.payerId !== data.userId) throw new Refusal('This purchase belongs to another account');

    if (purchase.status === 'refunded') throw new Refusal('This purchase was refunded');
    const secondPaymentOfOrder = purchase.status === 'paid' && purchase.razorpayPaymentId !== null && purchase.razorpayPaymentId !== data.paymentId;
    if (purchase.status !== 'paid' || secondPaymentOfOrder) {
      const payment = await this.confirmedPayment(data.paymentId, purchase);
      const becamePaid = !secondPaymentOfOrder && (await this.markPaidUnlessAlreadyOwned(purchase, payment.id));
      if (!becamePaid) {
        // The learner already holds a paid purchase of this course: this captured payment is a double charge.
        await this.refunds.refund(purchase.id, payment.id, payment.amount, 'duplicate_payment');
        return {
          success: true,
          message: 'You already own this course: this second payment is being refunded',
          purchaseId: purchase.id,
          courseId: purchase.courseId,
        };
      }
    }
    await this.enrol(purchase);
    return { success: true, message: 'Payment verified', purchaseId: purchase.id, courseId: purchase.courseId };
  }

  /**
   * Asks Razorpay: the payment must be for this order and of this amount. Only a captured payment makes a purchase
   * paid: an authorized one (an order without automatic capture) is captured here first, idempotently.
   */
  private async confirmedPayment(paymentId: string, purchase: Purchase): Promise<GatewayPayment> {
    let payment: GatewayPayment;
    try {
      payment = await this.razorpay.fetchPayment(paymentId);
    } catch (error) {
      if (error instanceof GatewayError && error.isPermanent) throw new Refusal('Razorpay does not know this payment');
      throw error;
    }
    if (payment.order_id !== purchase.razorpayOrderId) throw new Refusal('This payment was made for another order');
    if (payment.amount !== purchase.amountPaise || payment.currency !== purchase.currency) {
      throw new Refusal('The amount paid does not match the price of this course');
    }
    await this.recordAttempt(purchase.id, payment);
    if (payment.status === 'failed') throw new Refusal('The payment failed; you can try again');
    if (payment.status === 'authorized') {
      payment = await this.razorpay.capturePayment(payment.id, payment.amount, payment.currency);
      await this.recordAttempt(purchase.id, payment);
    }
    if (payment.status !== 'captured') throw new Refusal(`The payment is ${payment.status}, not completed`);
    return payment;
  }

  /** One row per Razorpay payment of the order, holding its latest known status. */
  async recordAttempt(
    purchaseId: string,
    payment: Pick<GatewayPayment, 'id' | 'order_id' | 'status' | 'error_description'>,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO "commerce"."payment_attempts" ("razorpay_payment_id", "purchase_id", "razorpay_order_id", "status", "error_description")
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("razorpay_payment_id") DO UPDATE SET "status" = EXCLUDED."status",
         "error_description" = COALESCE(EXCLUDED."error_description", "payment_attempts"."error_description"), "updated_at" = now()`,
      [payment.id, purchaseId, payment.order_id, payment.status, payment.error_description?.slice(0, 500) ?? null],
    );
  }

  /** False when the one-paid-purchase-per-course index refuses: the learner already bought this course. */
  private async markPaidUnlessAlreadyOwned(purchase: Purchase, paymentId: string): Promise<boolean> {
    try {
      await this.markPaid(purchase, paymentId);
      return true;
    } catch (error) {
      const code = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
      if (code?.code === '23505' && code.constraint === 'purchases_one_paid_idx') return false;
      throw error;
    }
  }

  /** One transaction: the purchase becomes paid and the `purchase.paid` event is written, once. */
  async markPaid(purchase: Purchase, paymentId: string | null, inTransaction?: EntityManager): Promise<void> {
    const run = <T>(work: (manager: EntityManager) => Promise<T>) =>
      inTransaction ? work(inTransaction) : this.dataSource.transaction(work);
    await run(async (manager) => {
      const updated: { paid_at: Date }[] = await manager.query(
        `UPDATE "commerce"."purchases" SET "status" = 'paid', "razorpay_payment_id" = COALESCE($2, "razorpay_payment_id"), "paid_at" = now(), "failure_reason" = NULL,
                "updated_at" = now()
          WHERE "id" = $1 AND "status" IN ('pending', 'failed', 'expired') RETURNING "paid_at"`,
        [purchase.id, paymentId],
      ).then((result: [{ paid_at: Date }[], number] | { paid_at: Date }[]) => (Array.isArray(result[0]) ? result[0] : result) as { paid_at: Date }[]);
      const paidAt = updated[0]?.paid_at;
      if (!paidAt) return; // someone else completed it first
      await this.outbox.add<PurchasePaidEvent>(manager, {
        topic: EarningsJob.PurchasePaid,
        key: purchase.id,
        payload: {
          purchaseId: purchase.id,
          educatorId: purchase.educatorId,
          courseId: purchase.courseId,
          amountPaise: purchase.amountPaise,
          paidAt: new Date(paidAt).toISOString(),
        },
      });
      // The receipt's number is taken in this transaction: paid and numbered together, or neither.
      await this.receipts.issue(manager, { kind: 'payment', purchaseId: purchase.id, amountPaise: purchase.amountPaise, at: new Date(paidAt) });
    });
  }

  /** Progress enrols once per purchase id, however often it is asked. */
  async enrol(purchase: Pick<Purchase, 'id' | 'userId' | 'courseId' | 'studentName' | 'studentEmail' | 'studentImageUrl'>): Promise<void> {
    await this.progress.enrol({
      purchaseId: purchase.id,
      userId: purchase.userId,
      courseId: purchase.courseId,
      name: purchase.studentName,
      email: purchase.studentEmail,
      imageUrl: purchase.studentImageUrl,
    });
    await this.dataSource.query(
      `UPDATE "commerce"."purchases" SET "enrolled_at" = now() WHERE "id" = $1 AND "enrolled_at" IS NULL`,
      [purchase.id],
    );
    this.logger.log(`purchase ${purchase.id} enrolled`);
  }
}
