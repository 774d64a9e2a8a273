import { REFUND_BLOCKED, type LearnerPurchase, type RefundRequestAnswer } from '@academy/contracts';
import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProgressClient } from '../clients/service-clients.js';
import { EarningsService } from '../earnings/earnings.service.js';
import { PurchasesRepository, type PayerPurchaseRow } from '../purchases/purchases.repository.js';
import { RazorpayGateway, type GatewayRefund } from '../razorpay/razorpay-gateway.js';
import { ReceiptsService } from '../receipts/receipts.service.js';
import { refundIneligibility } from './refund-eligibility.js';
import { RefundsRepository, type DashboardRefund, type RefundReason, type RefundRow } from './refunds.repository.js';

/** What a processed refund did to its purchase. */
export interface RefundOutcome {
  purchaseId: string;
  /** The purchase is now refunded in full (access ends); false for a partial refund. */
  full: boolean;
}

const CERTIFICATES_UNKNOWN = 'Refund eligibility cannot be checked right now; please try again later';

/**
 * Refunds of Razorpay payments. Commerce asks for at most one refund per payment (a learner's request, a double
 * charge, a payment for an expired order; partial unique index): the row is written first and its id is the
 * `X-Refund-Idempotency` key, so a retry after a crash or a second click asks Razorpay with the same key and gets the
 * same refund back. Refunds made in Razorpay's dashboard arrive by webhook or reconciliation, any number per payment
 * and of any amount (partial refunds), keyed by Razorpay's refund id.
 */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger(RefundsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly refunds: RefundsRepository,
    private readonly purchases: PurchasesRepository,
    private readonly razorpay: RazorpayGateway,
    private readonly earnings: EarningsService,
    private readonly progress: ProgressClient,
    private readonly receipts: ReceiptsService,
  ) {}

  /** Records the refund commerce will ask for (once per payment) without asking Razorpay yet. */
  async reserve(purchaseId: string, paymentId: string, amountPaise: number, reason: Exclude<RefundReason, 'dashboard'>): Promise<RefundRow> {
    await this.refunds.reserve(purchaseId, paymentId, amountPaise, reason);
    return this.byPayment(paymentId);
  }

  /** Asks Razorpay for a reserved refund (idempotent by the row's id). */
  async ask(row: RefundRow): Promise<RefundRow> {
    if (row.status !== 'requested') return row;
    const refund = await this.razorpay.refundPayment(row.razorpay_payment_id, Number(row.amount_paise), row.id, { purchaseId: row.purchase_id, reason: row.reason });
    await this.refunds.recordAsked(row.id, refund.id, refund.status === 'processed' ? 'processed' : 'pending');
    this.logger.log(`payment ${row.razorpay_payment_id} of purchase ${row.purchase_id}: refund ${refund.id} (${row.reason})`);
    return this.byPayment(row.razorpay_payment_id);
  }

  async refund(purchaseId: string, paymentId: string, amountPaise: number, reason: Exclude<RefundReason, 'dashboard'>): Promise<RefundRow> {
    return this.ask(await this.reserve(purchaseId, paymentId, amountPaise, reason));
  }

  /** The refund commerce asked for of this payment. */
  async byPayment(paymentId: string): Promise<RefundRow> {
    const row = await this.refunds.askedOfPayment(paymentId);
    if (!row) throw new Error(`no refund recorded for payment ${paymentId}`);
    return row;
  }

  /**
   * A learner's refund: access ends first (progress refuses when a certificate was issued, under the same lock that
   * issuing one takes), then Razorpay is asked. 'certificate' when refused: nothing is refunded and the row goes.
   */
  async requestForLearner(purchase: { id: string; razorpayPaymentId: string; amountPaise: number }): Promise<RefundRow | 'certificate'> {
    const row = await this.reserve(purchase.id, purchase.razorpayPaymentId, purchase.amountPaise, 'learner_request');
    if (row.status !== 'requested') return row;
    if ((await this.progress.endForRefund(purchase.id, row.id)) === 'certificate') {
      await this.refunds.dropRequested(row.id);
      return 'certificate';
    }
    return this.ask(row);
  }

  /** The purchases the payer paid for (their own, or a child's), newest first, each with its refund and whether a refund may be asked for now. */
  async purchasesOfPayer(payerId: string): Promise<LearnerPurchase[]> {
    const rows = await this.purchases.ofPayer(payerId);
    const receipts = await this.receipts.refsOfUser(payerId);
    // A parent sees a child's name and receipts only while the child is linked (asked of progress now, not remembered).
    const linkedChildren = await this.receipts.linkedLearners(payerId, rows.map((row) => row.user_id));
    // A certificate earned by the learner (the caller, or the child a parent paid for) ends the refund window.
    const learners = [...new Set(rows.filter((row) => row.status === 'paid').map((row) => row.user_id))];
    const certifiedByLearner = new Map<string, Set<string> | null>(
      await Promise.all(learners.map(async (learnerId) => [learnerId, await this.certificateCourses(learnerId).catch(() => null)] as const)),
    );
    return rows.map((row) => this.toLearnerPurchase(row, payerId, { receipts, linkedChildren, certifiedByLearner }));
  }

  private toLearnerPurchase(
    row: PayerPurchaseRow,
    payerId: string,
    known: { receipts: Map<string, LearnerPurchase['receipts']>; linkedChildren: Set<string>; certifiedByLearner: Map<string, Set<string> | null> },
  ): LearnerPurchase {
    const { receipts, linkedChildren, certifiedByLearner } = known;
    const refund = row.refund_status
      ? {
          status: row.refund_status,
          amountPaise: Number(row.refund_amount_paise),
          requestedAt: new Date(row.refund_created_at!).toISOString(),
          processedAt: row.refund_processed_at ? new Date(row.refund_processed_at).toISOString() : null,
        }
      : null;
    const blocked =
      refund && refund.status !== 'requested'
        ? null
        : refundIneligibility({
            status: row.status,
            amountPaise: Number(row.amount_paise),
            paidAt: row.paid_at ? new Date(row.paid_at) : null,
            refundedPaise: Number(row.refunded_paise),
            certificateIssued: certifiedByLearner.get(row.user_id)?.has(row.course_id) ?? false,
          });
    const unknown = row.status === 'paid' && certifiedByLearner.get(row.user_id) === null && !blocked && !refund;
    return {
      purchaseId: row.id,
      courseId: row.course_id,
      courseTitle: row.course_title,
      amountPaise: Number(row.amount_paise),
      refundedPaise: Number(row.refunded_paise),
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
      refund,
      refundable: !refund && !blocked && !unknown,
      refundBlockedReason: refund && refund.status !== 'requested' ? null : unknown ? CERTIFICATES_UNKNOWN : blocked,
      receipts: row.user_id === payerId || linkedChildren.has(row.user_id) ? (receipts.get(row.id) ?? []) : [],
      learner:
        row.user_id === payerId
          ? null
          : { id: row.user_id, name: linkedChildren.has(row.user_id) ? row.student_name || 'Your child' : null, linked: linkedChildren.has(row.user_id) },
    };
  }

  private async certificateCourses(userId: string): Promise<Set<string>> {
    try {
      return new Set(await this.progress.certificateCourseIds(userId));
    } catch (error) {
      this.logger.warn(`certificates of ${userId} unknown: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }

  /**
   * The payer asks for the 7-day refund of a purchase: 404 for another account's purchase (the payer, a parent for
   * a child, asks), the refund already asked for when there is one, 400 when it may not be refunded.
   */
  async requestByPayer(payerId: string, purchaseId: string): Promise<Omit<RefundRequestAnswer, 'success'>> {
    const purchase = await this.purchases.byId(purchaseId);
    // Another account's purchase answers as an unknown one.
    if (!purchase || purchase.payerId !== payerId) throw new NotFoundException('Purchase not found');
    const existing = await this.refunds.requestOfPayment(purchase.id, purchase.razorpayPaymentId);
    if (existing && existing.status !== 'requested') {
      return { message: 'Refund already requested', refund: { status: existing.status, amountPaise: Number(existing.amount_paise) } };
    }
    // Paid, not free, within the window, nothing refunded yet. Whether a certificate was issued is decided by progress
    // when access ends, atomically with issuing one (requestForLearner).
    const reason = refundIneligibility(purchase);
    if (reason) throw new BadRequestException(reason);
    const row = await this.requestForLearner({ id: purchase.id, razorpayPaymentId: purchase.razorpayPaymentId!, amountPaise: purchase.amountPaise });
    if (row === 'certificate') throw new BadRequestException(REFUND_BLOCKED.certificate);
    return { message: 'Refund requested', refund: { status: row.status, amountPaise: Number(row.amount_paise) } };
  }

  /**
   * Razorpay says a refund is processed (refund.processed / payment.refunded webhook, or reconciliation). A refund
   * made in Razorpay's dashboard is recorded here first, with its own amount. When it refunds the payment that paid a
   * purchase, one transaction adds its amount to the purchase's `refunded_paise`, writes the negative ledger entry of
   * that amount and its credit note, and makes the purchase `refunded` once the whole price is refunded. Returns
   * what happened to the purchase, or null when nothing changed (already done, or a second payment's refund).
   */
  async processed(refund: { id: string; payment_id: string; amount: number }): Promise<RefundOutcome | null> {
    const purchaseId = await this.purchases.purchaseIdOfPayment(refund.payment_id);
    if (!purchaseId) return null; // not a payment of this academy's purchases
    return this.dataSource.transaction(async (manager) => {
      // Ours (asked by commerce, its Razorpay id possibly not written yet), or one already recorded under this id;
      // else made in the dashboard and not seen before (else it is processed already: nothing to do).
      const row =
        (await this.refunds.markProcessed(manager, refund)) ?? (await this.refunds.insertProcessedFromDashboard(manager, { ...refund, purchaseId }));
      if (!row) return null;
      const refunded = await this.purchases.addRefunded(manager, row.purchase_id, refund.payment_id, Number(row.amount_paise));
      if (!refunded) return null;
      const counted = Number(refunded.counted);
      const full = refunded.status === 'refunded';
      if (counted > 0) {
        await this.earnings.reverse(manager, {
          refundId: row.id,
          purchaseId: refunded.id,
          educatorId: refunded.educator_id,
          courseId: refunded.course_id,
          amountPaise: counted,
          endsEnrolment: full,
        });
        await this.receipts.issue(manager, { kind: 'refund', purchaseId: refunded.id, refundId: row.id, amountPaise: counted, at: new Date() });
      }
      this.logger.log(`purchase ${refunded.id}: ${full ? 'refunded in full' : `${counted} paise refunded`} (${refund.id})`);
      return { purchaseId: refunded.id, full };
    });
  }

  /** Refund processed, then access ends (progress revokes, idempotent by refund id); retried by reconciliation. */
  async complete(refund: { id: string; payment_id: string; amount: number }): Promise<void> {
    await this.processed(refund);
    await this.revokeOwedAccess(50);
  }

  /** Purchases refunded whose enrolment progress has not revoked yet. */
  async revokeOwedAccess(limit: number): Promise<number> {
    const owed = await this.refunds.owingRevocation(limit);
    let revoked = 0;
    for (const row of owed) {
      try {
        await this.progress.revoke(row.purchase_id, row.razorpay_refund_id ?? row.id);
        await this.refunds.markAccessRevoked(row.id);
        revoked += 1;
      } catch (error) {
        this.logger.warn(`purchase ${row.purchase_id}: access not revoked yet: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return revoked;
  }

  /** Reconciliation: refunds still pending are asked about; returns those that completed a purchase refund. */
  async reconcilePending(limit: number): Promise<string[]> {
    const rows = await this.refunds.unfinished(limit);
    const refunded: string[] = [];
    for (const row of rows) {
      try {
        if (row.status === 'requested') {
          // A learner's request that stopped before Razorpay was asked: access ends first, as on the first try.
          if (row.reason === 'learner_request' && (await this.progress.endForRefund(row.purchase_id, row.id)) === 'certificate') {
            await this.refunds.dropRequested(row.id);
            continue;
          }
          await this.ask(row);
          continue;
        }
        const refund = await this.razorpay.fetchRefund(row.razorpay_refund_id!);
        if (refund.status !== 'processed') continue;
        const outcome = await this.processed(refund);
        if (outcome?.full) refunded.push(outcome.purchaseId);
      } catch (error) {
        this.logger.warn(`refund of ${row.razorpay_payment_id} not reconciled: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await this.revokeOwedAccess(limit);
    return refunded;
  }

  /**
   * Reconciliation of refunds made in Razorpay's dashboard whose webhooks never arrived: lists the account's
   * refunds created within `withinMs` (page by page) and, for those of our purchases' payments not recorded yet,
   * completes the processed ones (same path as the webhook) and records the pending ones (then `reconcilePending`
   * follows them). Returns the purchases it refunded.
   */
  async reconcileDashboardRefunds(withinMs: number, pageSize = 100, maxPages = 50): Promise<string[]> {
    const fromUnix = Math.floor((Date.now() - withinMs) / 1000);
    const refunded: string[] = [];
    for (let page = 0; page < maxPages; page += 1) {
      const refunds = await this.razorpay.listRefunds(fromUnix, page * pageSize, pageSize);
      const unknown = await this.unrecordedOfOurs(refunds);
      for (const refund of unknown) {
        try {
          if (refund.status === 'processed') {
            const outcome = await this.processed(refund);
            if (outcome?.full) refunded.push(outcome.purchaseId);
          } else if (refund.status === 'pending') {
            await this.refunds.insertPendingFromDashboard(refund);
          }
        } catch (error) {
          this.logger.warn(`dashboard refund ${refund.id} not reconciled: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (refunds.length < pageSize) break;
    }
    if (refunded.length > 0) await this.revokeOwedAccess(refunded.length);
    return refunded;
  }

  /** The refunds of payments of our purchases that no refund row records yet, each with its purchase. */
  private async unrecordedOfOurs(refunds: GatewayRefund[]): Promise<(GatewayRefund & DashboardRefund)[]> {
    if (refunds.length === 0) return [];
    const paymentIds = [...new Set(refunds.map((refund) => refund.payment_id))];
    const purchaseOf = await this.purchases.purchaseIdsByPayment(paymentIds);
    // Recorded: under its Razorpay id, or as the refund commerce asked for of that payment (same amount) whose
    // Razorpay id was not written yet.
    const known = await this.refunds.known(
      refunds.map((refund) => refund.id),
      paymentIds,
    );
    const recordedIds = new Set(known.map((row) => row.razorpay_refund_id).filter((id): id is string => id !== null));
    const askedWithoutId = new Set(known.filter((row) => row.razorpay_refund_id === null).map((row) => `${row.razorpay_payment_id}|${Number(row.amount_paise)}`));
    return refunds
      .filter((refund) => purchaseOf.has(refund.payment_id) && !recordedIds.has(refund.id) && !askedWithoutId.has(`${refund.payment_id}|${refund.amount}`))
      .map((refund) => ({ ...refund, purchaseId: purchaseOf.get(refund.payment_id)! }));
  }
}
