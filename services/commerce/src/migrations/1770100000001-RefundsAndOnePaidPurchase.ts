import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One learner never holds two paid purchases of one course; refunds (of a second captured payment,
 * or asked for by the learner, or made in Razorpay's dashboard) are recorded, one per Razorpay payment.
 */
export class RefundsAndOnePaidPurchase1770100000001 implements MigrationInterface {
  name = 'RefundsAndOnePaidPurchase1770100000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "commerce"."purchases" DROP CONSTRAINT "purchases_status_check"`);
    await runner.query(
      `ALTER TABLE "commerce"."purchases" ADD CONSTRAINT "purchases_status_check" CHECK ("status" IN ('pending', 'paid', 'failed', 'expired', 'refunded'))`,
    );
    await runner.query(
      `CREATE UNIQUE INDEX "purchases_one_paid_idx" ON "commerce"."purchases" ("user_id", "course_id") WHERE "status" = 'paid'`,
    );
    await runner.query(`
      CREATE TABLE "commerce"."refunds" (
        "id" uuid PRIMARY KEY,
        "purchase_id" uuid NOT NULL REFERENCES "commerce"."purchases" ("id") ON DELETE CASCADE,
        "razorpay_payment_id" text NOT NULL,
        "razorpay_refund_id" text UNIQUE,
        "amount_paise" bigint NOT NULL CHECK ("amount_paise" > 0),
        "reason" text NOT NULL CHECK ("reason" IN ('duplicate_payment', 'learner_request', 'dashboard')),
        "status" text NOT NULL DEFAULT 'requested' CHECK ("status" IN ('requested', 'pending', 'processed', 'failed')),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "processed_at" timestamptz,
        "access_revoked_at" timestamptz
      )`);
    // Full refunds only: one per payment, so asking twice (double click, retry, webhook) never refunds twice.
    await runner.query(`CREATE UNIQUE INDEX "refunds_one_per_payment_idx" ON "commerce"."refunds" ("razorpay_payment_id")`);
    await runner.query(`CREATE INDEX "refunds_purchase_idx" ON "commerce"."refunds" ("purchase_id")`);
    await runner.query(`CREATE INDEX "refunds_pending_idx" ON "commerce"."refunds" ("created_at") WHERE "status" IN ('requested', 'pending')`);
    // The negative side of the earnings ledger: one entry per processed refund of a purchase's payment.
    await runner.query(`
      CREATE TABLE "commerce"."earnings_reversals" (
        "refund_id" uuid PRIMARY KEY REFERENCES "commerce"."refunds" ("id"),
        "purchase_id" uuid NOT NULL,
        "educator_id" text NOT NULL,
        "course_id" uuid NOT NULL,
        "amount_paise" bigint NOT NULL CHECK ("amount_paise" < 0),
        "day" date NOT NULL,
        "recorded_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "commerce"."earnings_reversals"`);
    await runner.query(`DROP TABLE "commerce"."refunds"`);
    await runner.query(`DROP INDEX "commerce"."purchases_one_paid_idx"`);
  }
}
