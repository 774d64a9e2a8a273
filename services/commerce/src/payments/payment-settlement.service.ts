import { OutboxWriter } from '@academy/service-core';
import { priceAfterDiscountPaise } from '@academy/contracts';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CatalogueClient, ProgressClient } from '../clients/service-clients.js';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';
import type { Purchase } from '../purchases/purchase.entity.js';
import { PurchasesRepository } from '../purchases/purchases.repository.js';
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

export const SECOND_PAYMENT_MESSAGE = 'You already own this course: this second payment is being refunded';
export const EXPIRED_ORDER_MESSAGE = 'This order had expired and the course costs a different amount now: your payment is being refunded';

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
    private readonly purchases: PurchasesRepository,
    private readonly outbox: OutboxWriter,
    private readonly razorpay: RazorpayGateway,
    private readonly progress: ProgressClient,
    private readonly catalogue: CatalogueClient,
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
    const purchase = await this.purchases.byOrderId(data.orderId);
    if (!purchase) throw new Refusal('No purchase matches this order');
    if (data.purchaseId !== undefined && purchase.id !== data.purchaseId) throw new Refusal('This payment is not for this purchase');
    if (data.userId !== undefined && purchase.payerId !== data.userId) throw new Refusal('This purchase belongs to another account');

    const otherPaymentOfPurchase = purchase.razorpayPaymentId !== null && purchase.razorpayPaymentId !== data.paymentId;
    if (purchase.status === 'refunded' && !otherPaymentOfPurchase) throw new Refusal('This purchase was refunded');
    if (purchase.status === 'paid' || purchase.status === 'refunded') {
      // Another payment of an order already settled (two tabs, two payment apps): refunded, never lost.
      if (otherPaymentOfPurchase) return this.refundSecondPayment(purchase, await this.confirmedPayment(data.paymentId, purchase));
    } else {
      const payment = await this.confirmedPayment(data.paymentId, purchase);
      if (await this.paidAfterOrderClosed(purchase, payment)) {
        // An order closed (price changed, replaced, expired) takes a payment only at the course's price today.
        await this.refunds.refund(purchase.id, payment.id, payment.amount, 'expired_order');
        throw new Refusal(EXPIRED_ORDER_MESSAGE);
      }
      const becamePaid = await this.markPaidUnlessAlreadyOwned(purchase, payment.id);
      // Two payments of one order verified at once: the one the purchase records settles it, the other is refunded.
      const settledBy = becamePaid ? await this.purchases.paymentIdOf(purchase.id) : null;
      if (settledBy !== payment.id) return this.refundSecondPayment(purchase, payment);
    }
    await this.enrol(purchase);
    return { success: true, message: 'Payment verified', purchaseId: purchase.id, courseId: purchase.courseId };
  }

  /** A captured payment that would charge the learner twice for one course: refunded at once, recorded, once. */
  private async refundSecondPayment(purchase: Purchase, payment: GatewayPayment): Promise<VerifyPaymentResult> {
    await this.refunds.refund(purchase.id, payment.id, payment.amount, 'duplicate_payment');
    return { success: true, message: SECOND_PAYMENT_MESSAGE, purchaseId: purchase.id, courseId: purchase.courseId };
  }

  /**
   * Whether the payment was made after its order closed: after its `expire_by`, or after commerce closed the
   * purchase (`expired`: the price changed, another payer took over, or it was abandoned). Such a payment enrols only
   * when it is the course's price today (then it is as good as a new order); otherwise it is refunded.
   */
  private async paidAfterOrderClosed(purchase: Purchase, payment: GatewayPayment): Promise<boolean> {
    // Razorpay's created_at is in whole seconds: a payment counts as made before commerce closed the purchase only
    // when its whole second is; one made before or at `expire_by` (also whole seconds) was made in time.
    const paidAtSeconds = payment.created_at ?? Math.floor(Date.now() / 1000);
    const beforeClosing = purchase.status !== 'expired' || (paidAtSeconds + 1) * 1000 <= purchase.updatedAt.getTime();
    const beforeExpiry = purchase.orderExpiresAt === null || paidAtSeconds * 1000 <= purchase.orderExpiresAt.getTime();
    if (beforeClosing && beforeExpiry) return false;
    // A closed order's coupon use was given back (to someone else, perhaps): its price is not honoured late.
    if (purchase.couponCode !== null) return true;
    const course = await this.catalogue.course(purchase.courseId).catch((error: unknown) => {
      if (error instanceof NotFoundException) return null; // the course is gone: nothing to enrol in at any price
      throw error;
    });
    if (!course || !course.isPublished) return true;
    return priceAfterDiscountPaise(course.coursePrice, course.discount) !== payment.amount;
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
    manager?: EntityManager,
  ): Promise<void> {
    await this.purchases.recordAttempt(purchaseId, payment, manager);
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
      const paidAt = await this.purchases.markPaid(manager, purchase.id, paymentId);
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
    await this.purchases.markEnrolled(purchase.id);
    this.logger.log(`purchase ${purchase.id} enrolled`);
  }
}
