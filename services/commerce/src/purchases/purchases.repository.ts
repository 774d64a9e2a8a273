import type { LearnerPurchase } from '@academy/contracts';
import { cursorTimestampSql } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { DataSource, In, type DeepPartial, type EntityManager } from 'typeorm';
import { returnedRows } from '../returned-rows.js';
import { Purchase } from './purchase.entity.js';

/** A purchase the payer sees in their list, with the refund that matters for it (snake_case, as read). */
export interface PayerPurchaseRow {
  id: string;
  /** The learner (the payer's child when a parent paid). */
  user_id: string;
  student_name: string;
  course_id: string;
  course_title: string;
  amount_paise: number;
  refunded_paise: string;
  status: LearnerPurchase['status'];
  created_at: Date;
  paid_at: Date | null;
  refund_status: NonNullable<LearnerPurchase['refund']>['status'] | null;
  refund_amount_paise: string | null;
  refund_created_at: Date | null;
  refund_processed_at: Date | null;
}

/** What a processed refund changed on its purchase. */
export interface RefundedPurchaseRow {
  id: string;
  educator_id: string;
  course_id: string;
  /** Paise this refund added to `refunded_paise` (never past the price). */
  counted: string;
  status: string;
}

export interface PaidSaleRow {
  student_name: string;
  student_image_url: string;
  course_title: string;
  paid_at: Date;
}

export interface SaleRow extends PaidSaleRow {
  id: string;
  course_id: string;
  amount_paise: string | number;
  status: 'paid' | 'refunded';
  refunded_at: Date | null;
  cursor_at: string;
}

/** A settled purchase whose order is still to be searched for other captured payments. */
export interface SettledOrderRow {
  id: string;
  razorpay_order_id: string;
  razorpay_payment_id: string | null;
}

/** What a payment attempt records: the Razorpay payment and its latest status. */
export interface AttemptedPayment {
  id: string;
  order_id: string;
  status: string;
  error_description?: string | null;
}

/** An educator's paid sales, newest first ($1 educator id). */
export const PAID_SALES_SQL = `SELECT "student_name", "student_image_url", "course_title", "paid_at"
   FROM "commerce"."purchases"
  WHERE "educator_id" = $1 AND "status" = 'paid' ORDER BY "paid_at" DESC, "id" DESC`;
/** The newest $2 of them, for the dashboard. */
export const LATEST_PAID_SALES_SQL = `${PAID_SALES_SQL} LIMIT $2`;
/**
 * Students Enrolled, one page: paid and refunded sales newest first, refunded ones with the date of the refund that completed it (partial refunds add up)
 * ($1 educator id, $2/$3 the previous page's last (paid_at, id) or null, $4 rows).
 */
export const SALES_PAGE_SQL = `SELECT p."id", p."student_name", p."student_image_url", p."course_id", p."course_title", p."paid_at", p."status", p."amount_paise",
        (SELECT max(r."processed_at") FROM "commerce"."refunds" r
          WHERE p."status" = 'refunded' AND r."purchase_id" = p."id" AND r."razorpay_payment_id" = p."razorpay_payment_id" AND r."status" = 'processed'
        ) AS "refunded_at", ${cursorTimestampSql('p."paid_at"')} AS "cursor_at"
   FROM "commerce"."purchases" p
  WHERE p."educator_id" = $1 AND p."status" IN ('paid', 'refunded') AND p."paid_at" IS NOT NULL
    AND ($2::timestamptz IS NULL OR (p."paid_at", p."id") < ($2::timestamptz, $3::uuid))
    AND ($5::uuid IS NULL OR p."course_id" = $5::uuid)
    AND ($6::text IS NULL OR p."student_name" ILIKE '%' || $6 || '%' OR p."course_title" ILIKE '%' || $6 || '%')
  ORDER BY p."paid_at" DESC, p."id" DESC LIMIT $4`;

/**
 * commerce.purchases and commerce.payment_attempts (one row per Razorpay payment of a purchase's order). Methods
 * taking an EntityManager run inside the caller's transaction.
 */
@Injectable()
export class PurchasesRepository {
  constructor(private readonly dataSource: DataSource) {}

  byId(id: string): Promise<Purchase | null> {
    return this.dataSource.getRepository(Purchase).findOne({ where: { id } });
  }

  byIdOrFail(id: string): Promise<Purchase> {
    return this.dataSource.getRepository(Purchase).findOneByOrFail({ id });
  }

  byOrderId(orderId: string): Promise<Purchase | null> {
    return this.dataSource.getRepository(Purchase).findOne({ where: { razorpayOrderId: orderId } });
  }

  /** Serialises purchases of one learner for one course until the transaction ends. */
  async lockLearnerCourse(manager: EntityManager, learnerId: string, courseId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`purchase|${learnerId}|${courseId}`]);
  }

  /** The learner's paid and pending purchases of the course (one read: the advisory lock is held meanwhile). */
  openOf(manager: EntityManager, learnerId: string, courseId: string): Promise<Purchase[]> {
    return manager.getRepository(Purchase).find({ where: { userId: learnerId, courseId, status: In(['paid', 'pending']) } });
  }

  /** Closes a pending purchase's order (`expired`, with why). */
  async close(manager: EntityManager, purchaseId: string, reason: string): Promise<void> {
    await manager.query(`UPDATE "commerce"."purchases" SET "status" = 'expired', "failure_reason" = $2, "updated_at" = now() WHERE "id" = $1`, [
      purchaseId,
      reason,
    ]);
  }

  async insert(manager: EntityManager, fields: DeepPartial<Purchase>): Promise<Purchase> {
    const purchases = manager.getRepository(Purchase);
    const purchase = purchases.create(fields);
    await purchases.insert(purchase);
    return purchase;
  }

  /** Attaches the order unless one is attached already; returns it, or null when another call attached one first. */
  async attachOrder(purchaseId: string, orderId: string, expiresAt: Date): Promise<string | null> {
    const attached = returnedRows<{ razorpay_order_id: string }>(
      await this.dataSource.query(
        `UPDATE "commerce"."purchases" SET "razorpay_order_id" = $2, "order_expires_at" = $3, "updated_at" = now()
          WHERE "id" = $1 AND "razorpay_order_id" IS NULL RETURNING "razorpay_order_id"`,
        [purchaseId, orderId, expiresAt],
      ),
    );
    return attached[0]?.razorpay_order_id ?? null;
  }

  async orderIdOf(purchaseId: string): Promise<string | null> {
    const [row] = (await this.dataSource.query(`SELECT "razorpay_order_id" FROM "commerce"."purchases" WHERE "id" = $1`, [purchaseId])) as {
      razorpay_order_id: string | null;
    }[];
    return row?.razorpay_order_id ?? null;
  }

  /** The payment that settled the purchase, if any. */
  async paymentIdOf(purchaseId: string): Promise<string | null> {
    const [row] = (await this.dataSource.query(`SELECT "razorpay_payment_id" FROM "commerce"."purchases" WHERE "id" = $1`, [purchaseId])) as {
      razorpay_payment_id: string | null;
    }[];
    return row?.razorpay_payment_id ?? null;
  }

  async traceParentOfOrder(orderId: string): Promise<string | null> {
    const [row] = (await this.dataSource.query(`SELECT "trace_parent" FROM "commerce"."purchases" WHERE "razorpay_order_id" = $1`, [orderId])) as Array<{
      trace_parent: string | null;
    }>;
    return row?.trace_parent ?? null;
  }

  /** Makes an open (or closed) purchase paid; returns when, or undefined when it was paid already. */
  async markPaid(manager: EntityManager, purchaseId: string, paymentId: string | null): Promise<Date | undefined> {
    const updated = returnedRows<{ paid_at: Date }>(
      await manager.query(
        `UPDATE "commerce"."purchases" SET "status" = 'paid', "razorpay_payment_id" = COALESCE($2, "razorpay_payment_id"), "paid_at" = now(), "failure_reason" = NULL,
                "updated_at" = now()
          WHERE "id" = $1 AND "status" IN ('pending', 'failed', 'expired') RETURNING "paid_at"`,
        [purchaseId, paymentId],
      ),
    );
    return updated[0]?.paid_at;
  }

  async markEnrolled(purchaseId: string): Promise<void> {
    await this.dataSource.query(`UPDATE "commerce"."purchases" SET "enrolled_at" = now() WHERE "id" = $1 AND "enrolled_at" IS NULL`, [purchaseId]);
  }

  /** One row per Razorpay payment of the order, holding its latest known status. */
  async recordAttempt(purchaseId: string, payment: AttemptedPayment, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO "commerce"."payment_attempts" ("razorpay_payment_id", "purchase_id", "razorpay_order_id", "status", "error_description")
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("razorpay_payment_id") DO UPDATE SET "status" = EXCLUDED."status",
         "error_description" = COALESCE(EXCLUDED."error_description", "payment_attempts"."error_description"), "updated_at" = now()`,
      [payment.id, purchaseId, payment.order_id, payment.status, payment.error_description?.slice(0, 500) ?? null],
    );
  }

  /** A failed payment of the order's purchase (a webhook's), unless that payment is recorded already. */
  async recordFailedAttempt(manager: EntityManager, paymentId: string, orderId: string, errorDescription: string): Promise<void> {
    await manager.query(
      `INSERT INTO "commerce"."payment_attempts" ("razorpay_payment_id", "purchase_id", "razorpay_order_id", "status", "error_description")
       SELECT $1, "id", $2, 'failed', $3 FROM "commerce"."purchases" WHERE "razorpay_order_id" = $2
       ON CONFLICT ("razorpay_payment_id") DO NOTHING`,
      [paymentId, orderId, errorDescription],
    );
  }

  /** Pending for longer than `pendingForMs`, or closed (failed/expired) within `closedWithinMs`: a captured payment may have arrived late. */
  async dueForReconciliation(pendingForMs: number, closedWithinMs: number, limit: number): Promise<Purchase[]> {
    const stale: { id: string }[] = await this.dataSource.query(
      `(SELECT "id", "created_at" FROM "commerce"."purchases" WHERE "status" = 'pending' AND "created_at" < now() - make_interval(secs => $1)
         ORDER BY "created_at" LIMIT $2)
       UNION ALL
       (SELECT "id", "created_at" FROM "commerce"."purchases" WHERE "status" IN ('failed', 'expired') AND "razorpay_order_id" IS NOT NULL
          AND "created_at" > now() - make_interval(secs => $3) ORDER BY "created_at" DESC LIMIT $2)`,
      [pendingForMs / 1000, limit, closedWithinMs / 1000],
    );
    return stale.length ? this.dataSource.getRepository(Purchase).find({ where: { id: In(stale.map((row) => row.id)) } }) : [];
  }

  /** A pending purchase that no payment came for. */
  async expireUnpaid(purchaseId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "commerce"."purchases" SET "status" = 'expired', "failure_reason" = 'No payment before the order expired',
              "updated_at" = now() WHERE "id" = $1 AND "status" = 'pending'`,
      [purchaseId],
    );
  }

  /** Paid purchases whose enrolment progress has not confirmed yet. */
  async paidAwaitingEnrolment(limit: number): Promise<string[]> {
    const rows = (await this.dataSource.query(`SELECT "id" FROM "commerce"."purchases" WHERE "status" = 'paid' AND "enrolled_at" IS NULL LIMIT $1`, [
      limit,
    ])) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** Settled purchases whose order stopped taking payments (at `expire_by`, else `closedWithinMs` after payment) and was not searched yet. */
  awaitingSecondPaymentCheck(closedWithinMs: number, limit: number): Promise<SettledOrderRow[]> {
    return this.dataSource.query(
      `SELECT "id", "razorpay_order_id", "razorpay_payment_id" FROM "commerce"."purchases"
        WHERE "status" IN ('paid', 'refunded') AND "razorpay_order_id" IS NOT NULL AND "extra_payments_checked_at" IS NULL
          AND COALESCE("order_expires_at", "paid_at" + make_interval(secs => $1)) < now()
        ORDER BY "paid_at" LIMIT $2`,
      [closedWithinMs / 1000, limit],
    );
  }

  async markSecondPaymentsChecked(purchaseId: string): Promise<void> {
    await this.dataSource.query(`UPDATE "commerce"."purchases" SET "extra_payments_checked_at" = now() WHERE "id" = $1`, [purchaseId]);
  }

  /** The purchase a Razorpay payment paid (its settling payment or any attempt), or null when not ours. */
  async purchaseIdOfPayment(paymentId: string): Promise<string | null> {
    const [purchase] = (await this.dataSource.query(
      `SELECT "id" FROM "commerce"."purchases" WHERE "razorpay_payment_id" = $1
       UNION SELECT "purchase_id" FROM "commerce"."payment_attempts" WHERE "razorpay_payment_id" = $1 LIMIT 1`,
      [paymentId],
    )) as { id: string }[];
    return purchase?.id ?? null;
  }

  /** The purchase of each of these payments that is ours. */
  async purchaseIdsByPayment(paymentIds: readonly string[]): Promise<Map<string, string>> {
    const ours = (await this.dataSource.query(
      `SELECT "razorpay_payment_id" AS payment_id, "id" AS purchase_id FROM "commerce"."purchases" WHERE "razorpay_payment_id" = ANY($1)
       UNION SELECT "razorpay_payment_id", "purchase_id" FROM "commerce"."payment_attempts" WHERE "razorpay_payment_id" = ANY($1)`,
      [paymentIds],
    )) as { payment_id: string; purchase_id: string }[];
    return new Map(ours.map((row) => [row.payment_id, row.purchase_id]));
  }

  /**
   * Adds a processed refund of the purchase's settling payment to `refunded_paise` (never past the price) and makes
   * the purchase `refunded` once the whole price is; the row stays locked until the caller's transaction ends.
   * Undefined when the purchase is not paid by that payment.
   */
  async addRefunded(manager: EntityManager, purchaseId: string, paymentId: string, amountPaise: number): Promise<RefundedPurchaseRow | undefined> {
    const [refunded] = returnedRows<RefundedPurchaseRow>(
      await manager.query(
        `UPDATE "commerce"."purchases" p SET "refunded_paise" = LEAST(p."amount_paise", p."refunded_paise" + $3),
                "status" = CASE WHEN p."refunded_paise" + $3 >= p."amount_paise" THEN 'refunded' ELSE p."status" END, "updated_at" = now()
           FROM (SELECT "refunded_paise" AS "before" FROM "commerce"."purchases" WHERE "id" = $1 FOR UPDATE) b
          WHERE p."id" = $1 AND p."status" = 'paid' AND p."razorpay_payment_id" = $2
          RETURNING p."id", p."educator_id", p."course_id", p."refunded_paise" - b."before" AS "counted", p."status"`,
        [purchaseId, paymentId, amountPaise],
      ),
    );
    return refunded;
  }

  /** The purchases the payer paid for (their own, or a child's), newest first, each with the refund that matters. */
  async ofPayer(payerId: string): Promise<PayerPurchaseRow[]> {
    return (await this.dataSource.query(
      `SELECT p."id", p."user_id", p."student_name", p."course_id", p."course_title", p."amount_paise", p."refunded_paise", p."status", p."created_at", p."paid_at",
              r."status" AS refund_status, r."amount_paise" AS refund_amount_paise, r."created_at" AS refund_created_at,
              r."processed_at" AS refund_processed_at
         FROM "commerce"."purchases" p
         -- The refund the learner asked for, else the latest one made in Razorpay's dashboard (partial refunds add up in refunded_paise).
         LEFT JOIN LATERAL (
           SELECT * FROM "commerce"."refunds" r
            WHERE r."purchase_id" = p."id" AND r."razorpay_payment_id" = p."razorpay_payment_id"
            ORDER BY (r."reason" <> 'dashboard') DESC, r."created_at" DESC LIMIT 1) r ON true
        WHERE p."payer_id" = $1
        ORDER BY p."created_at" DESC
        LIMIT 500`,
      [payerId],
    )) as PayerPurchaseRow[];
  }

  /**
   * The educator's newest paid sales. Every paid purchase has `paid_at` (markPaid sets it), so the order walks
   * purchases_educator_paid_idx and a limited read stops after `limit` rows however many sales there are.
   */
  latestPaidSales(educatorId: string, limit: number): Promise<PaidSaleRow[]> {
    return this.dataSource.query<PaidSaleRow[]>(LATEST_PAID_SALES_SQL, [educatorId, limit]);
  }

  /** One keyset page of the educator's paid and refunded sales (`after`: the previous page's last row), `limit` rows. */
  salesPage(
    educatorId: string,
    page: { after: { at: string; id: string } | undefined; limit: number; courseId: string | null; likePattern: string | null },
  ): Promise<SaleRow[]> {
    return this.dataSource.query(SALES_PAGE_SQL, [educatorId, page.after?.at ?? null, page.after?.id ?? null, page.limit, page.courseId, page.likePattern]);
  }
}
