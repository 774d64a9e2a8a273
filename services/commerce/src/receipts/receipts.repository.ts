import type { ReceiptKind } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { returnedRows } from '../returned-rows.js';

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

/** What a receipt copies from its purchase. */
export interface ReceiptPurchaseRow {
  payer_id: string;
  payer_name: string;
  payer_email: string;
  course_id: string;
  course_title: string;
  razorpay_payment_id: string | null;
  list_price_paise: string | null;
  discount_paise: string;
  coupon_code: string | null;
}

/** A receipt as issued, numbered. */
export interface NewReceipt {
  number: string;
  series: string;
  financialYear: string;
  sequence: number;
  kind: ReceiptKind;
  purchaseId: string;
  refundId: string | null;
  userId: string;
  payerName: string;
  payerEmail: string;
  courseId: string;
  courseTitle: string;
  razorpayPaymentId: string | null;
  amountPaise: number;
  taxablePaise: number;
  taxPaise: number;
  taxRatePercent: number;
  sellerName: string;
  sellerAddress: string;
  sellerGstin: string;
  issuedAt: Date;
  listPricePaise: string | null;
  discountPaise: string | number;
  couponCode: string | null;
}

/** A receipt in the purchase list. */
export interface ReceiptRefRow {
  purchase_id: string;
  kind: ReceiptKind;
  number: string;
  issued_at: Date;
}

/**
 * commerce.receipts and commerce.receipt_sequences (the last number of each series and financial year). Writes run
 * inside the caller's transaction, the one that makes the purchase paid or refunded.
 */
@Injectable()
export class ReceiptsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The number of the purchase's payment receipt, or of the refund's credit note, if issued. */
  async numberOf(manager: EntityManager, of: { kind: 'payment'; purchaseId: string } | { kind: 'refund'; refundId: string | undefined }): Promise<string | undefined> {
    const [existing] = (await manager.query(
      of.kind === 'payment'
        ? `SELECT "number" FROM "commerce"."receipts" WHERE "purchase_id" = $1 AND "kind" = 'payment'`
        : `SELECT "number" FROM "commerce"."receipts" WHERE "refund_id" = $1 AND "kind" = 'refund'`,
      [of.kind === 'payment' ? of.purchaseId : of.refundId],
    )) as { number: string }[];
    return existing?.number;
  }

  async purchaseToReceipt(manager: EntityManager, purchaseId: string): Promise<ReceiptPurchaseRow | undefined> {
    const [purchase] = (await manager.query(
      `SELECT "payer_id", "payer_name", "payer_email", "course_id", "course_title", "razorpay_payment_id", "list_price_paise", "discount_paise", "coupon_code"
         FROM "commerce"."purchases" WHERE "id" = $1`,
      [purchaseId],
    )) as ReceiptPurchaseRow[];
    return purchase;
  }

  /**
   * The next number of the series in the financial year. The counter row is locked until the transaction ends:
   * concurrent payments take turns, a rollback gives the number back.
   */
  async nextSequence(manager: EntityManager, series: string, financialYear: string): Promise<number> {
    const [counter] = returnedRows<{ last_number: number }>(
      await manager.query(
        `INSERT INTO "commerce"."receipt_sequences" ("series", "financial_year", "last_number") VALUES ($1, $2, 1)
         ON CONFLICT ("series", "financial_year") DO UPDATE SET "last_number" = "receipt_sequences"."last_number" + 1
         RETURNING "last_number"`,
        [series, financialYear],
      ),
    );
    return counter!.last_number;
  }

  async insert(manager: EntityManager, receipt: NewReceipt): Promise<void> {
    await manager.query(
      `INSERT INTO "commerce"."receipts" ("id", "number", "series", "financial_year", "sequence", "kind", "purchase_id", "refund_id", "user_id",
              "payer_name", "payer_email", "course_id", "course_title", "razorpay_payment_id", "amount_paise", "taxable_paise", "tax_paise",
              "tax_rate_percent", "seller_name", "seller_address", "seller_gstin", "issued_at", "list_price_paise", "discount_paise", "coupon_code")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)`,
      [
        randomUUID(),
        receipt.number,
        receipt.series,
        receipt.financialYear,
        receipt.sequence,
        receipt.kind,
        receipt.purchaseId,
        receipt.refundId,
        receipt.userId,
        receipt.payerName,
        receipt.payerEmail,
        receipt.courseId,
        receipt.courseTitle,
        receipt.razorpayPaymentId,
        receipt.amountPaise,
        receipt.taxablePaise,
        receipt.taxPaise,
        receipt.taxRatePercent,
        receipt.sellerName,
        receipt.sellerAddress,
        receipt.sellerGstin,
        receipt.issuedAt,
        receipt.listPricePaise,
        receipt.discountPaise,
        receipt.couponCode,
      ],
    );
  }

  /** The user's receipts, oldest first. */
  async refsOfUser(userId: string): Promise<ReceiptRefRow[]> {
    return (await this.dataSource.query(
      `SELECT "purchase_id", "kind", "number", "issued_at" FROM "commerce"."receipts" WHERE "user_id" = $1 ORDER BY "issued_at", "kind"`,
      [userId],
    )) as ReceiptRefRow[];
  }

  /** The purchase's receipt of this kind numbered `number`, else its latest, with the purchase's learner. */
  async ofPurchase(purchaseId: string, kind: ReceiptKind, number: string | undefined): Promise<ReceiptRow | undefined> {
    const [row] = (await this.dataSource.query(
      `SELECT r.*, p."user_id" AS "learner_id", p."student_name" AS "learner_name"
         FROM "commerce"."receipts" r JOIN "commerce"."purchases" p ON p."id" = r."purchase_id"
        WHERE r."purchase_id" = $1 AND r."kind" = $2 AND ($3::text IS NULL OR r."number" = $3)
        ORDER BY r."issued_at" DESC, r."sequence" DESC LIMIT 1`,
      [purchaseId, kind, number ?? null],
    )) as ReceiptRow[];
    return row;
  }
}
