import type { ReceiptKind, ReceiptRef } from '@academy/contracts';
import { Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ProgressClient } from '../clients/service-clients.js';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';
import { financialYear, gstInclusiveSplit, receiptNumber } from './receipt-rules.js';
import { ReceiptsRepository, type ReceiptRow } from './receipts.repository.js';

/**
 * Numbered receipts: one per paid purchase (series RECEIPT_SERIES) and one credit note per processed refund
 * (series `<RECEIPT_SERIES>-CN`), numbered per Indian financial year without gaps. `issue` runs inside the caller's
 * transaction (the one that makes the purchase paid or refunded), so a number exists exactly when that change does.
 */
@Injectable()
export class ReceiptsService {
  constructor(
    private readonly receipts: ReceiptsRepository,
    @InjectCommerceConfig() private readonly config: CommerceConfig,
    private readonly progress: ProgressClient,
  ) {}

  /**
   * Which of these learners (other than the payer) are linked to the payer now: progress is asked each time, so a
   * removed link takes a parent's access to that child's receipts away at once. 503 when progress cannot say.
   */
  async linkedLearners(payerId: string, learnerIds: readonly string[]): Promise<Set<string>> {
    const others = [...new Set(learnerIds.filter((id) => id !== payerId))];
    try {
      const answers = await Promise.all(others.map(async (id) => [id, (await this.progress.parentLink(payerId, id)).linked] as const));
      return new Set(answers.filter(([, linked]) => linked).map(([id]) => id));
    } catch {
      throw new ServiceUnavailableException('Your children cannot be checked right now; please try again in a moment');
    }
  }

  series(kind: ReceiptKind): string {
    return kind === 'payment' ? this.config.RECEIPT_SERIES : `${this.config.RECEIPT_SERIES}-CN`;
  }

  /** Issues the purchase's receipt of this kind once (free purchases get none); returns its number. */
  async issue(manager: EntityManager, entry: { kind: ReceiptKind; purchaseId: string; refundId?: string; amountPaise: number; at: Date }): Promise<string | null> {
    if (entry.amountPaise <= 0) return null;
    // One receipt per paid purchase, one credit note per processed refund (partial refunds each get theirs).
    const existing = await this.receipts.numberOf(
      manager,
      entry.kind === 'payment' ? { kind: 'payment', purchaseId: entry.purchaseId } : { kind: 'refund', refundId: entry.refundId },
    );
    if (existing) return existing;
    const purchase = await this.receipts.purchaseToReceipt(manager, entry.purchaseId);
    if (!purchase) throw new Error(`no purchase ${entry.purchaseId} to issue a receipt for`);

    const series = this.series(entry.kind);
    const year = financialYear(entry.at);
    // Taken in the caller's transaction: concurrent payments take turns, a rollback gives the number back.
    const sequence = await this.receipts.nextSequence(manager, series, year);
    const number = receiptNumber(series, year, sequence);
    const rate = this.config.RECEIPT_GST_RATE_PERCENT;
    // GST is on what was paid (the net after any coupon); a credit note shows no coupon lines.
    const { taxablePaise, taxPaise } = gstInclusiveSplit(entry.amountPaise, rate);
    const withCoupon = entry.kind === 'payment' && purchase.coupon_code !== null && Number(purchase.discount_paise) > 0;
    await this.receipts.insert(manager, {
      number,
      series,
      financialYear: year,
      sequence,
      kind: entry.kind,
      purchaseId: entry.purchaseId,
      refundId: entry.refundId ?? null,
      // The receipt belongs to, and names, whoever paid (a parent, for a child's course).
      userId: purchase.payer_id,
      payerName: purchase.payer_name || purchase.payer_email || purchase.payer_id,
      payerEmail: purchase.payer_email,
      courseId: purchase.course_id,
      courseTitle: purchase.course_title,
      razorpayPaymentId: purchase.razorpay_payment_id,
      amountPaise: entry.amountPaise,
      taxablePaise,
      taxPaise,
      taxRatePercent: rate,
      sellerName: this.config.RECEIPT_SELLER_NAME,
      sellerAddress: this.config.RECEIPT_SELLER_ADDRESS,
      sellerGstin: this.config.RECEIPT_SELLER_GSTIN,
      issuedAt: entry.at,
      listPricePaise: withCoupon ? purchase.list_price_paise : null,
      discountPaise: withCoupon ? purchase.discount_paise : 0,
      couponCode: withCoupon ? purchase.coupon_code : null,
    });
    return number;
  }

  /** The user's receipts by purchase (the purchase list). */
  async refsOfUser(userId: string): Promise<Map<string, ReceiptRef[]>> {
    const rows = await this.receipts.refsOfUser(userId);
    const byPurchase = new Map<string, ReceiptRef[]>();
    for (const row of rows) {
      const list = byPurchase.get(row.purchase_id) ?? [];
      list.push({ kind: row.kind, number: row.number, issuedAt: new Date(row.issued_at).toISOString() });
      byPurchase.set(row.purchase_id, list);
    }
    return byPurchase;
  }

  /** The receipt, for its owner only: anyone else is told it does not exist. */
  /** The receipt of the purchase, or a credit note: the one numbered `number`, else the latest. */
  async ownReceipt(userId: string, purchaseId: string, kind: ReceiptKind, number?: string): Promise<ReceiptRow> {
    const row = await this.receipts.ofPurchase(purchaseId, kind, number);
    if (!row || row.user_id !== userId) throw new NotFoundException('Receipt not found');
    // A child's receipt only while the child is still linked to the parent who paid.
    if (row.learner_id !== userId && !(await this.linkedLearners(userId, [row.learner_id])).has(row.learner_id)) throw new NotFoundException('Receipt not found');
    return row;
  }
}
