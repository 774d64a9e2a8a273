import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ProgressClient } from '../clients/service-clients.js';
import { EarningsService } from '../earnings/earnings.service.js';
import { RazorpayGateway, type GatewayRefund } from '../razorpay/razorpay-gateway.js';
import { ReceiptsService } from '../receipts/receipts.service.js';

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

/** What a processed refund did to its purchase. */
export interface RefundOutcome {
  purchaseId: string;
  /** The purchase is now refunded in full (access ends); false for a partial refund. */
  full: boolean;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray((result as unknown[])[0]) ? (result as T[][])[0]! : (result as T[]));

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
    private readonly razorpay: RazorpayGateway,
    private readonly earnings: EarningsService,
    private readonly progress: ProgressClient,
    private readonly receipts: ReceiptsService,
  ) {}

  /** Records the refund commerce will ask for (once per payment) without asking Razorpay yet. */
  async reserve(purchaseId: string, paymentId: string, amountPaise: number, reason: Exclude<RefundReason, 'dashboard'>): Promise<RefundRow> {
    await this.dataSource.query(
      `INSERT INTO "commerce"."refunds" ("id", "purchase_id", "razorpay_payment_id", "amount_paise", "reason")
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT ("razorpay_payment_id") WHERE "reason" <> 'dashboard' DO NOTHING`,
      [randomUUID(), purchaseId, paymentId, amountPaise, reason],
    );
    return this.byPayment(paymentId);
  }

  /** Asks Razorpay for a reserved refund (idempotent by the row's id). */
  async ask(row: RefundRow): Promise<RefundRow> {
    if (row.status !== 'requested') return row;
    const refund = await this.razorpay.refundPayment(row.razorpay_payment_id, Number(row.amount_paise), row.id, { purchaseId: row.purchase_id, reason: row.reason });
    await this.dataSource.query(
      `UPDATE "commerce"."refunds" SET "razorpay_refund_id" = $2, "status" = $3,
              "processed_at" = CASE WHEN $3 = 'processed' THEN now() END
        WHERE "id" = $1 AND "status" = 'requested'`,
      [row.id, refund.id, refund.status === 'processed' ? 'processed' : 'pending'],
    );
    this.logger.log(`payment ${row.razorpay_payment_id} of purchase ${row.purchase_id}: refund ${refund.id} (${row.reason})`);
    return this.byPayment(row.razorpay_payment_id);
  }

  async refund(purchaseId: string, paymentId: string, amountPaise: number, reason: Exclude<RefundReason, 'dashboard'>): Promise<RefundRow> {
    return this.ask(await this.reserve(purchaseId, paymentId, amountPaise, reason));
  }

  /** The refund commerce asked for of this payment. */
  async byPayment(paymentId: string): Promise<RefundRow> {
    const [row] = (await this.dataSource.query(
      `SELECT * FROM "commerce"."refunds" WHERE "razorpay_payment_id" = $1 AND "reason" <> 'dashboard'`,
      [paymentId],
    )) as RefundRow[];
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
      await this.dataSource.query(`DELETE FROM "commerce"."refunds" WHERE "id" = $1 AND "status" = 'requested'`, [row.id]);
      return 'certificate';
    }
    return this.ask(row);
  }

  /**
   * Razorpay says a refund is processed (refund.processed / payment.refunded webhook, or reconciliation). A refund
   * made in Razorpay's dashboard is recorded here first, with its own amount. When it refunds the payment that paid a
   * purchase, one transaction adds its amount to the purchase's `refunded_paise`, writes the negative ledger entry of
   * that amount and its credit note, and makes the purchase `refunded` once the whole price is refunded. Returns
   * what happened to the purchase, or null when nothing changed (already done, or a second payment's refund).
   */
  async processed(refund: { id: string; payment_id: string; amount: number }): Promise<RefundOutcome | null> {
    const [purchase] = (await this.dataSource.query(
      `SELECT "id" FROM "commerce"."purchases" WHERE "razorpay_payment_id" = $1
       UNION SELECT "purchase_id" FROM "commerce"."payment_attempts" WHERE "razorpay_payment_id" = $1 LIMIT 1`,
      [refund.payment_id],
    )) as { id: string }[];
    if (!purchase) return null; // not a payment of this academy's purchases
    return this.dataSource.transaction(async (manager) => {
      // Ours (asked by commerce, its Razorpay id possibly not written yet), or one already recorded under this id.
      let [row] = rowsOf<{ id: string; purchase_id: string; amount_paise: string }>(
        await manager.query(
          `UPDATE "commerce"."refunds" SET "status" = 'processed', "processed_at" = now(), "razorpay_refund_id" = COALESCE("razorpay_refund_id", $2)
            WHERE ("razorpay_refund_id" = $2
                   OR ("razorpay_payment_id" = $1 AND "razorpay_refund_id" IS NULL AND "reason" <> 'dashboard' AND "amount_paise" = $3))
              AND "status" <> 'processed'
            RETURNING "id", "purchase_id", "amount_paise"`,
          [refund.payment_id, refund.id, refund.amount],
        ),
      );
      if (!row) {
        // Made in the dashboard and not seen before (else it is processed already: nothing to do).
        [row] = rowsOf<{ id: string; purchase_id: string; amount_paise: string }>(
          await manager.query(
            `INSERT INTO "commerce"."refunds" ("id", "purchase_id", "razorpay_payment_id", "razorpay_refund_id", "amount_paise", "reason", "status", "processed_at")
             VALUES ($1, $2, $3, $4, $5, 'dashboard', 'processed', now()) ON CONFLICT ("razorpay_refund_id") DO NOTHING
             RETURNING "id", "purchase_id", "amount_paise"`,
            [randomUUID(), purchase.id, refund.payment_id, refund.id, refund.amount],
          ),
        );
      }
      if (!row) return null;
      const amount = Number(row.amount_paise);
      const [refunded] = rowsOf<{ id: string; educator_id: string; course_id: string; counted: string; status: string }>(
        await manager.query(
          `UPDATE "commerce"."purchases" p SET "refunded_paise" = LEAST(p."amount_paise", p."refunded_paise" + $3),
                  "status" = CASE WHEN p."refunded_paise" + $3 >= p."amount_paise" THEN 'refunded' ELSE p."status" END, "updated_at" = now()
             FROM (SELECT "refunded_paise" AS "before" FROM "commerce"."purchases" WHERE "id" = $1 FOR UPDATE) b
            WHERE p."id" = $1 AND p."status" = 'paid' AND p."razorpay_payment_id" = $2
            RETURNING p."id", p."educator_id", p."course_id", p."refunded_paise" - b."before" AS "counted", p."status"`,
          [row.purchase_id, refund.payment_id, amount],
        ),
      );
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
      `SELECT "id", "razorpay_payment_id", "razorpay_refund_id", "status", "purchase_id", "amount_paise", "reason" FROM "commerce"."refunds"
        WHERE "status" IN ('requested', 'pending') ORDER BY "created_at" LIMIT $1`,
      [limit],
    )) as RefundRow[];
    const refunded: string[] = [];
    for (const row of rows) {
      try {
        if (row.status === 'requested') {
          // A learner's request that stopped before Razorpay was asked: access ends first, as on the first try.
          if (row.reason === 'learner_request' && (await this.progress.endForRefund(row.purchase_id, row.id)) === 'certificate') {
            await this.dataSource.query(`DELETE FROM "commerce"."refunds" WHERE "id" = $1 AND "status" = 'requested'`, [row.id]);
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
    // Recorded: under its Razorpay id, or as the refund commerce asked for of that payment (same amount) whose
    // Razorpay id was not written yet.
    const known = (await this.dataSource.query(
      `SELECT "razorpay_refund_id", "razorpay_payment_id", "amount_paise" FROM "commerce"."refunds"
        WHERE "razorpay_refund_id" = ANY($1) OR ("razorpay_payment_id" = ANY($2) AND "razorpay_refund_id" IS NULL AND "reason" <> 'dashboard')`,
      [refunds.map((refund) => refund.id), paymentIds],
    )) as { razorpay_refund_id: string | null; razorpay_payment_id: string; amount_paise: string }[];
    const recordedIds = new Set(known.map((row) => row.razorpay_refund_id).filter((id): id is string => id !== null));
    const askedWithoutId = new Set(known.filter((row) => row.razorpay_refund_id === null).map((row) => `${row.razorpay_payment_id}|${Number(row.amount_paise)}`));
    const purchaseOf = new Map(ours.map((row) => [row.payment_id, row.purchase_id]));
    return refunds
      .filter((refund) => purchaseOf.has(refund.payment_id) && !recordedIds.has(refund.id) && !askedWithoutId.has(`${refund.payment_id}|${refund.amount}`))
      .map((refund) => ({ ...refund, purchaseId: purchaseOf.get(refund.payment_id)! }));
  }
}
