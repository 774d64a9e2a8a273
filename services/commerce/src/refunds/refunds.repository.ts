import type { RefundRequestAnswer } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { returnedRows } from '../returned-rows.js';

export type RefundReason = 'duplicate_payment' | 'learner_request' | 'dashboard' | 'expired_order';

export interface RefundRow {
  id: string;
  purchase_id: string;
  razorpay_payment_id: string;
  razorpay_refund_id: string | null;
  amount_paise: string;
  reason: RefundReason;
  status: 'requested' | 'pending' | 'processed' | 'failed';
}

/** A refund made processed by this call, or first recorded processed. */
export interface ProcessedRefundRow {
  id: string;
  purchase_id: string;
  amount_paise: string;
}

/** A processed refund whose purchase's access progress has not revoked yet. */
export interface OwedRevocationRow {
  id: string;
  purchase_id: string;
  razorpay_refund_id: string;
}

/** A refund already recorded: under its Razorpay id, or asked for by commerce with that id not written yet. */
export interface KnownRefundRow {
  razorpay_refund_id: string | null;
  razorpay_payment_id: string;
  amount_paise: string;
}

/** A refund made in Razorpay's dashboard, as Razorpay reports it, with the purchase it refunds. */
export interface DashboardRefund {
  id: string;
  payment_id: string;
  amount: number;
  purchaseId: string;
}

/**
 * commerce.refunds: at most one refund commerce asks for per payment (partial unique index on reasons other than
 * 'dashboard'), any number made in Razorpay's dashboard, keyed by Razorpay's refund id.
 */
@Injectable()
export class RefundsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records the refund commerce will ask for, unless one of this payment is recorded already. */
  async reserve(purchaseId: string, paymentId: string, amountPaise: number, reason: Exclude<RefundReason, 'dashboard'>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "commerce"."refunds" ("id", "purchase_id", "razorpay_payment_id", "amount_paise", "reason")
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT ("razorpay_payment_id") WHERE "reason" <> 'dashboard' DO NOTHING`,
      [randomUUID(), purchaseId, paymentId, amountPaise, reason],
    );
  }

  /** The refund commerce asked for of this payment, if any. */
  async askedOfPayment(paymentId: string): Promise<RefundRow | undefined> {
    const [row] = (await this.dataSource.query(`SELECT * FROM "commerce"."refunds" WHERE "razorpay_payment_id" = $1 AND "reason" <> 'dashboard'`, [
      paymentId,
    ])) as RefundRow[];
    return row;
  }

  /** Razorpay's answer to a reserved refund, recorded once. */
  async recordAsked(refundId: string, razorpayRefundId: string, status: 'processed' | 'pending'): Promise<void> {
    await this.dataSource.query(
      `UPDATE "commerce"."refunds" SET "razorpay_refund_id" = $2, "status" = $3,
              "processed_at" = CASE WHEN $3 = 'processed' THEN now() END
        WHERE "id" = $1 AND "status" = 'requested'`,
      [refundId, razorpayRefundId, status],
    );
  }

  /** Drops a reserved refund Razorpay was never asked for (a certificate was issued meanwhile). */
  async dropRequested(refundId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "commerce"."refunds" WHERE "id" = $1 AND "status" = 'requested'`, [refundId]);
  }

  /**
   * Marks processed the refund recorded under this Razorpay id, or the one commerce asked for of the payment (same
   * amount, Razorpay's id not written yet); undefined when there is none or it was processed already.
   */
  async markProcessed(manager: EntityManager, refund: { id: string; payment_id: string; amount: number }): Promise<ProcessedRefundRow | undefined> {
    const [row] = returnedRows<ProcessedRefundRow>(
      await manager.query(
        `UPDATE "commerce"."refunds" SET "status" = 'processed', "processed_at" = now(), "razorpay_refund_id" = COALESCE("razorpay_refund_id", $2)
          WHERE ("razorpay_refund_id" = $2
                 OR ("razorpay_payment_id" = $1 AND "razorpay_refund_id" IS NULL AND "reason" <> 'dashboard' AND "amount_paise" = $3))
            AND "status" <> 'processed'
          RETURNING "id", "purchase_id", "amount_paise"`,
        [refund.payment_id, refund.id, refund.amount],
      ),
    );
    return row;
  }

  /** Records a processed refund made in the dashboard; undefined when its Razorpay id is recorded already. */
  async insertProcessedFromDashboard(manager: EntityManager, refund: DashboardRefund): Promise<ProcessedRefundRow | undefined> {
    const [row] = returnedRows<ProcessedRefundRow>(
      await manager.query(
        `INSERT INTO "commerce"."refunds" ("id", "purchase_id", "razorpay_payment_id", "razorpay_refund_id", "amount_paise", "reason", "status", "processed_at")
         VALUES ($1, $2, $3, $4, $5, 'dashboard', 'processed', now()) ON CONFLICT ("razorpay_refund_id") DO NOTHING
         RETURNING "id", "purchase_id", "amount_paise"`,
        [randomUUID(), refund.purchaseId, refund.payment_id, refund.id, refund.amount],
      ),
    );
    return row;
  }

  /** Records a pending refund made in the dashboard (reconciliation follows it), unless it is recorded already. */
  async insertPendingFromDashboard(refund: DashboardRefund): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "commerce"."refunds" ("id", "purchase_id", "razorpay_payment_id", "razorpay_refund_id", "amount_paise", "reason", "status")
       VALUES ($1, $2, $3, $4, $5, 'dashboard', 'pending') ON CONFLICT DO NOTHING`,
      [randomUUID(), refund.purchaseId, refund.payment_id, refund.id, refund.amount],
    );
  }

  /** Refunds that refunded their purchase in full and whose access has not been revoked yet, oldest first. */
  async owingRevocation(limit: number): Promise<OwedRevocationRow[]> {
    return (await this.dataSource.query(
      `SELECT r."id", r."purchase_id", r."razorpay_refund_id" FROM "commerce"."refunds" r
         JOIN "commerce"."purchases" p ON p."id" = r."purchase_id" AND p."status" = 'refunded' AND p."razorpay_payment_id" = r."razorpay_payment_id"
        WHERE r."status" = 'processed' AND r."access_revoked_at" IS NULL ORDER BY r."processed_at" LIMIT $1`,
      [limit],
    )) as OwedRevocationRow[];
  }

  async markAccessRevoked(refundId: string): Promise<void> {
    await this.dataSource.query(`UPDATE "commerce"."refunds" SET "access_revoked_at" = now() WHERE "id" = $1`, [refundId]);
  }

  /** Refunds not asked for yet or not processed yet, oldest first. */
  async unfinished(limit: number): Promise<RefundRow[]> {
    return (await this.dataSource.query(
      `SELECT "id", "razorpay_payment_id", "razorpay_refund_id", "status", "purchase_id", "amount_paise", "reason" FROM "commerce"."refunds"
        WHERE "status" IN ('requested', 'pending') ORDER BY "created_at" LIMIT $1`,
      [limit],
    )) as RefundRow[];
  }

  /** Of these Razorpay refunds (and their payments), those recorded already. */
  async known(refundIds: readonly string[], paymentIds: readonly string[]): Promise<KnownRefundRow[]> {
    return (await this.dataSource.query(
      `SELECT "razorpay_refund_id", "razorpay_payment_id", "amount_paise" FROM "commerce"."refunds"
        WHERE "razorpay_refund_id" = ANY($1) OR ("razorpay_payment_id" = ANY($2) AND "razorpay_refund_id" IS NULL AND "reason" <> 'dashboard')`,
      [refundIds, paymentIds],
    )) as KnownRefundRow[];
  }

  /** The learner's own refund request of this payment (not dashboard refunds), if any. */
  async requestOfPayment(purchaseId: string, paymentId: string | null): Promise<{ status: RefundRequestAnswer['refund']['status']; amount_paise: string } | undefined> {
    const [existing] = (await this.dataSource.query(
      `SELECT "status", "amount_paise" FROM "commerce"."refunds" WHERE "purchase_id" = $1 AND "razorpay_payment_id" = $2 AND "reason" <> 'dashboard'`,
      [purchaseId, paymentId],
    )) as { status: RefundRequestAnswer['refund']['status']; amount_paise: string }[];
    return existing;
  }
}
