import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ProgressClient } from '../clients/service-clients.js';
import { EarningsService } from '../earnings/earnings.service.js';
import { RazorpayGateway, type GatewayRefund } from '../razorpay/razorpay-gateway.js';
import { ReceiptsService } from '../receipts/receipts.service.js';

export type RefundReason = 'duplicate_payment' | 'learner_request' | 'dashboard';

export interface RefundRow {
  id: string;
  purchase_id: string;
  razorpay_payment_id: string;
  razorpay_refund_id: string | null;
  amount_paise: string;
  reason: RefundReason;
  status: 'requested' | 'pending' | 'processed' | 'failed';
}

/**
 * Full refunds of one Razorpay payment, at most one per payment (unique index): the row is written first and its
 * id is the `X-Refund-Idempotency` key, so a retry after a crash or a second click asks Razorpay with the same key
 * and gets the same refund back.
 */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger(RefundsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly razorpay: RazorpayGateway,
    private readonly earnings: EarningsService,
    private readonly progress: ProgressClient,
    private readonly receipts: ReceiptsService,
  ) {}

  async refund(purchaseId: string, paymentId: string, amountPaise: number, reason: RefundReason): Promise<RefundRow> {
    await this.dataSource.query(
      `INSERT INTO "commerce"."refunds" ("id", "purchase_id", "razorpay_payment_id", "amount_paise", "reason")
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT ("razorpay_payment_id") DO NOTHING`,
      [randomUUID(), purchaseId, paymentId, amountPaise, reason],
    );
    const row = await this.byPayment(paymentId);
    if (row.status !== 'requested') return row;
    const refund = await this.razorpay.refundPayment(paymentId, Number(row.amount_paise), row.id, { purchaseId, reason });
    await this.dataSource.query(
      `UPDATE "commerce"."refunds" SET "razorpay_refund_id" = $2, "status" = $3,
              "processed_at" = CASE WHEN $3 = 'processed' THEN now() END
        WHERE "id" = $1 AND "status" = 'requested'`,
      [row.id, refund.id, refund.status === 'processed' ? 'processed' : 'pending'],
    );
    this.logger.log(`payment ${paymentId} of purchase ${purchaseId}: refund ${refund.id} (${reason})`);
    return this.byPayment(paymentId);
  }

  async byPayment(paymentId: string): Promise<RefundRow> {
    const [row] = (await this.dataSource.query(`SELECT * FROM "commerce"."refunds" WHERE "razorpay_payment_id" = $1`, [paymentId])) as RefundRow[];
    if (!row) throw new Error(`no refund recorded for payment ${paymentId}`);
    return row;
  }

  /**
   * Razorpay says a refund is processed (refund.processed / payment.refunded webhook, or reconciliation). A refund
   * made in Razorpay's dashboard is recorded here first. When it refunds the payment that paid a purchase, one
   * transaction makes the purchase `refunded` and writes the negative ledger entry; returns that purchase (to end
   * access), or null when nothing changed (already done, or a duplicate payment's refund).
   */
  async processed(refund: { id: string; payment_id: string; amount: number }): Promise<string | null> {
    const [purchase] = (await this.dataSource.query(
      `SELECT "id" FROM "commerce"."purchases" WHERE "razorpay_payment_id" = $1
       UNION SELECT "purchase_id" FROM "commerce"."payment_attempts" WHERE "razorpay_payment_id" = $1 LIMIT 1`,
      [refund.payment_id],
    )) as { id: string }[];
    if (!purchase) return null; // not a payment of this academy's purchases
    await this.dataSource.query(
      `INSERT INTO "commerce"."refunds" ("id", "purchase_id", "razorpay_payment_id", "razorpay_refund_id", "amount_paise", "reason", "status")
       VALUES ($1, $2, $3, $4, $5, 'dashboard', 'pending') ON CONFLICT ("razorpay_payment_id") DO NOTHING`,
      [randomUUID(), purchase.id, refund.payment_id, refund.id, refund.amount],
    );
    return this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `UPDATE "commerce"."refunds" SET "status" = 'processed', "processed_at" = now(), "razorpay_refund_id" = COALESCE("razorpay_refund_id", $2)
          WHERE "razorpay_payment_id" = $1 AND "status" <> 'processed' RETURNING "id", "purchase_id"`,
        [refund.payment_id, refund.id],
      ).then((result: unknown) => (Array.isArray((result as unknown[])[0]) ? (result as unknown[][])[0] : result))) as { id: string; purchase_id: string }[];
      if (!row) return null;
      const [refunded] = (await manager.query(
        `UPDATE "commerce"."purchases" SET "status" = 'refunded', "updated_at" = now()
          WHERE "id" = $1 AND "status" = 'paid' AND "razorpay_payment_id" = $2
          RETURNING "id", "educator_id", "course_id", "amount_paise"`,
        [row.purchase_id, refund.payment_id],
      ).then((result: unknown) => (Array.isArray((result as unknown[])[0]) ? (result as unknown[][])[0] : result))) as {
        id: string;
        educator_id: string;
        course_id: string;
        amount_paise: number;
      }[];
      if (!refunded) return null;
      await this.earnings.reverse(manager, {
        refundId: row.id,
        purchaseId: refunded.id,
        educatorId: refunded.educator_id,
        courseId: refunded.course_id,
        amountPaise: Number(refunded.amount_paise),
      });
      await this.receipts.issue(manager, { kind: 'refund', purchaseId: refunded.id, refundId: row.id, amountPaise: Number(refunded.amount_paise), at: new Date() });
      this.logger.log(`purchase ${refunded.id} refunded (${refund.id})`);
      return refunded.id;
    });
  }

  /** Refund processed, then access ends (progress revokes, idempotent by refund id); retried by reconciliation. */
  async complete(refund: { id: string; payment_id: string; amount: number }): Promise<void> {
    await this.processed(refund);
    await this.revokeOwedAccess(50);
  }

  /** Purchases refunded whose enrolment progress has not revoked yet. */
  async revokeOwedAccess(limit: number): Promise<number> {
    const owed = (await this.dataSource.query(
      `SELECT r."id", r."purchase_id", r."razorpay_refund_id" FROM "commerce"."refunds" r
         JOIN "commerce"."purchases" p ON p."id" = r."purchase_id" AND p."status" = 'refunded' AND p."razorpay_payment_id" = r."razorpay_payment_id"
        WHERE r."status" = 'processed' AND r."access_revoked_at" IS NULL ORDER BY r."processed_at" LIMIT $1`,
      [limit],
    )) as { id: string; purchase_id: string; razorpay_refund_id: string }[];
    let revoked = 0;
    for (const row of owed) {
      try {
        await this.progress.revoke(row.purchase_id, row.razorpay_refund_id ?? row.id);
        await this.dataSource.query(`UPDATE "commerce"."refunds" SET "access_revoked_at" = now() WHERE "id" = $1`, [row.id]);
        revoked += 1;
      } catch (error) {
        this.logger.warn(`purchase ${row.purchase_id}: access not revoked yet: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return revoked;
  }

  /** Reconciliation: refunds still pending are asked about; returns those that completed a purchase refund. */
  async reconcilePending(limit: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT "razorpay_payment_id", "razorpay_refund_id", "status", "purchase_id", "amount_paise", "reason" FROM "commerce"."refunds"
        WHERE "status" IN ('requested', 'pending') ORDER BY "created_at" LIMIT $1`,
      [limit],
    )) as RefundRow[];
    const refunded: string[] = [];
    for (const row of rows) {
      try {
        if (row.status === 'requested') {
          await this.refund(row.purchase_id, row.razorpay_payment_id, Number(row.amount_paise), row.reason);
          continue;
        }
        const refund = await this.razorpay.fetchRefund(row.razorpay_refund_id!);
        if (refund.status !== 'processed') continue;
        const purchaseId = await this.processed(refund);
        if (purchaseId) refunded.push(purchaseId);
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
            const purchaseId = await this.processed(refund);
            if (purchaseId) refunded.push(purchaseId);
          } else if (refund.status === 'pending') {
            await this.dataSource.query(
              `INSERT INTO "commerce"."refunds" ("id", "purchase_id", "razorpay_payment_id", "razorpay_refund_id", "amount_paise", "reason", "status")
               VALUES ($1, $2, $3, $4, $5, 'dashboard', 'pending') ON CONFLICT DO NOTHING`,
              [randomUUID(), refund.purchaseId, refund.payment_id, refund.id, refund.amount],
            );
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
  private async unrecordedOfOurs(refunds: GatewayRefund[]): Promise<(GatewayRefund & { purchaseId: string })[]> {
    if (refunds.length === 0) return [];
    const paymentIds = [...new Set(refunds.map((refund) => refund.payment_id))];
    const ours = (await this.dataSource.query(
      `SELECT "razorpay_payment_id" AS payment_id, "id" AS purchase_id FROM "commerce"."purchases" WHERE "razorpay_payment_id" = ANY($1)
       UNION SELECT "razorpay_payment_id", "purchase_id" FROM "commerce"."payment_attempts" WHERE "razorpay_payment_id" = ANY($1)`,
      [paymentIds],
    )) as { payment_id: string; purchase_id: string }[];
    const recorded = new Set(
      ((await this.dataSource.query(`SELECT "razorpay_payment_id" FROM "commerce"."refunds" WHERE "razorpay_payment_id" = ANY($1)`, [paymentIds])) as {
        razorpay_payment_id: string;
      }[]).map((row) => row.razorpay_payment_id),
    );
    const purchaseOf = new Map(ours.map((row) => [row.payment_id, row.purchase_id]));
    return refunds
      .filter((refund) => purchaseOf.has(refund.payment_id) && !recorded.has(refund.payment_id))
      .map((refund) => ({ ...refund, purchaseId: purchaseOf.get(refund.payment_id)! }));
  }
}
