import type { ReceiptKind, ReceiptRef } from '@academy/contracts';
import { Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { ProgressClient } from '../clients/service-clients.js';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';
import { financialYear, gstInclusiveSplit, receiptNumber } from './receipt-rules.js';

export interface ReceiptRow {
  number: string;
  kind: ReceiptKind;
  purchase_id: string;
  user_id: string;
  payer_name: string;
  payer_email: string;
  course_title: string;
  razorpay_payment_id: string | null;
  amount_paise: string;
  /** Payments with a coupon: the price before it, what it took off and the code (null/0 otherwise). */
  list_price_paise: string | null;
  discount_paise: string;
  coupon_code: string | null;
  taxable_paise: string;
  tax_paise: string;
  tax_rate_percent: string;
  seller_name: string;
  seller_address: string;
  seller_gstin: string;
  issued_at: Date;
  /** Who the course was for (the purchase's learner), from the purchase. */
  learner_id: string;
  learner_name: string;
}

/** TypeORM answers a data-modifying query with RETURNING as rows or as [rows, count] depending on the verb. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray((result as unknown[])[0]) ? (result as T[][])[0]! : (result as T[]));

/**
 * Numbered receipts: one per paid purchase (series RECEIPT_SERIES) and one credit note per processed refund
 * (series `<RECEIPT_SERIES>-CN`), numbered per Indian financial year without gaps. `issue` runs inside the caller's
 * transaction (the one that makes the purchase paid or refunded), so a number exists exactly when that change does.
 */
@Injectable()
export class ReceiptsService {
  constructor(
    private readonly dataSource: DataSource,
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
    const [existing] = (await manager.query(
      entry.kind === 'payment'
        ? `SELECT "number" FROM "commerce"."receipts" WHERE "purchase_id" = $1 AND "kind" = 'payment'`
        : `SELECT "number" FROM "commerce"."receipts" WHERE "refund_id" = $1 AND "kind" = 'refund'`,
      [entry.kind === 'payment' ? entry.purchaseId : entry.refundId],
    )) as { number: string }[];
    if (existing) return existing.number;
    const [purchase] = (await manager.query(
      `SELECT "payer_id", "payer_name", "payer_email", "course_id", "course_title", "razorpay_payment_id", "list_price_paise", "discount_paise", "coupon_code"
         FROM "commerce"."purchases" WHERE "id" = $1`,
      [entry.purchaseId],
    )) as {
      payer_id: string;
      payer_name: string;
      payer_email: string;
      course_id: string;
      course_title: string;
      razorpay_payment_id: string | null;
      list_price_paise: string | null;
      discount_paise: string;
      coupon_code: string | null;
    }[];
    if (!purchase) throw new Error(`no purchase ${entry.purchaseId} to issue a receipt for`);

    const series = this.series(entry.kind);
    const year = financialYear(entry.at);
    // The counter row is locked until this transaction ends: concurrent payments take turns, a rollback gives the number back.
    const [counter] = rowsOf<{ last_number: number }>(
      await manager.query(
        `INSERT INTO "commerce"."receipt_sequences" ("series", "financial_year", "last_number") VALUES ($1, $2, 1)
         ON CONFLICT ("series", "financial_year") DO UPDATE SET "last_number" = "receipt_sequences"."last_number" + 1
         RETURNING "last_number"`,
        [series, year],
      ),
    );
    const sequence = counter!.last_number;
    const number = receiptNumber(series, year, sequence);
    const rate = this.config.RECEIPT_GST_RATE_PERCENT;
    // GST is on what was paid (the net after any coupon); a credit note shows no coupon lines.
    const { taxablePaise, taxPaise } = gstInclusiveSplit(entry.amountPaise, rate);
    const withCoupon = entry.kind === 'payment' && purchase.coupon_code !== null && Number(purchase.discount_paise) > 0;
    await manager.query(
      `INSERT INTO "commerce"."receipts" ("id", "number", "series", "financial_year", "sequence", "kind", "purchase_id", "refund_id", "user_id",
              "payer_name", "payer_email", "course_id", "course_title", "razorpay_payment_id", "amount_paise", "taxable_paise", "tax_paise",
              "tax_rate_percent", "seller_name", "seller_address", "seller_gstin", "issued_at", "list_price_paise", "discount_paise", "coupon_code")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)`,
      [
        randomUUID(),
        number,
        series,
        year,
        sequence,
        entry.kind,
        entry.purchaseId,
        entry.refundId ?? null,
        // The receipt belongs to, and names, whoever paid (a parent, for a child's course).
        purchase.payer_id,
        purchase.payer_name || purchase.payer_email || purchase.payer_id,
        purchase.payer_email,
        purchase.course_id,
        purchase.course_title,
        purchase.razorpay_payment_id,
        entry.amountPaise,
        taxablePaise,
        taxPaise,
        rate,
        this.config.RECEIPT_SELLER_NAME,
        this.config.RECEIPT_SELLER_ADDRESS,
        this.config.RECEIPT_SELLER_GSTIN,
        entry.at,
        withCoupon ? purchase.list_price_paise : null,
        withCoupon ? purchase.discount_paise : 0,
        withCoupon ? purchase.coupon_code : null,
      ],
    );
    return number;
  }

  /** The user's receipts by purchase (the purchase list). */
  async refsOfUser(userId: string): Promise<Map<string, ReceiptRef[]>> {
    const rows = (await this.dataSource.query(
      `SELECT "purchase_id", "kind", "number", "issued_at" FROM "commerce"."receipts" WHERE "user_id" = $1 ORDER BY "issued_at", "kind"`,
      [userId],
    )) as { purchase_id: string; kind: ReceiptKind; number: string; issued_at: Date }[];
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
    const [row] = (await this.dataSource.query(
      `SELECT r.*, p."user_id" AS "learner_id", p."student_name" AS "learner_name"
         FROM "commerce"."receipts" r JOIN "commerce"."purchases" p ON p."id" = r."purchase_id"
        WHERE r."purchase_id" = $1 AND r."kind" = $2 AND ($3::text IS NULL OR r."number" = $3)
        ORDER BY r."issued_at" DESC, r."sequence" DESC LIMIT 1`,
      [purchaseId, kind, number ?? null],
    )) as ReceiptRow[];
    if (!row || row.user_id !== userId) throw new NotFoundException('Receipt not found');
    // A child's receipt only while the child is still linked to the parent who paid.
    if (row.learner_id !== userId && !(await this.linkedLearners(userId, [row.learner_id])).has(row.learner_id)) throw new NotFoundException('Receipt not found');
    return row;
  }
}
