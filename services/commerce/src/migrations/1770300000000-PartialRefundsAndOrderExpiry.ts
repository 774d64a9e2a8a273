import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds are recorded as Razorpay makes them: several per payment (partial refunds made in the dashboard), each
 * with its amount, keyed by Razorpay's refund id; a refund commerce asks for itself (the learner's, a double
 * charge's, an expired order's) is still one per payment. A purchase keeps the paise refunded so far and becomes
 * `refunded` only when that reaches its price. Each processed refund gets its own credit note. Orders carry the
 * instant they stop taking payments, and each paid purchase's order is checked once for a second captured payment.
 */
export class PartialRefundsAndOrderExpiry1770300000000 implements MigrationInterface {
  name = 'PartialRefundsAndOrderExpiry1770300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "commerce"."refunds_one_per_payment_idx"`);
    await runner.query(`ALTER TABLE "commerce"."refunds" DROP CONSTRAINT "refunds_reason_check"`);
    await runner.query(
      `ALTER TABLE "commerce"."refunds" ADD CONSTRAINT "refunds_reason_check" CHECK ("reason" IN ('duplicate_payment', 'learner_request', 'dashboard', 'expired_order'))`,
    );
    // What commerce asks Razorpay for: at most one per payment, so a retry or a second click never refunds twice.
    await runner.query(
      `CREATE UNIQUE INDEX "refunds_ours_one_per_payment_idx" ON "commerce"."refunds" ("razorpay_payment_id") WHERE "reason" <> 'dashboard'`,
    );
    await runner.query(`CREATE INDEX "refunds_payment_idx" ON "commerce"."refunds" ("razorpay_payment_id")`);
    await runner.query(`ALTER TABLE "commerce"."purchases" ADD COLUMN "refunded_paise" bigint NOT NULL DEFAULT 0 CHECK ("refunded_paise" >= 0)`);
    await runner.query(`ALTER TABLE "commerce"."purchases" ADD COLUMN "order_expires_at" timestamptz`);
    await runner.query(`ALTER TABLE "commerce"."purchases" ADD COLUMN "extra_payments_checked_at" timestamptz`);
    // Purchases already refunded were refunded in full.
    await runner.query(`UPDATE "commerce"."purchases" SET "refunded_paise" = "amount_paise" WHERE "status" = 'refunded'`);
    await runner.query(
      `CREATE INDEX "purchases_extra_payments_idx" ON "commerce"."purchases" ("paid_at") WHERE "extra_payments_checked_at" IS NULL AND "razorpay_order_id" IS NOT NULL AND "status" IN ('paid', 'refunded')`,
    );
    await runner.query(`ALTER TABLE "commerce"."receipts" DROP CONSTRAINT "receipts_one_per_kind"`);
    await runner.query(`CREATE UNIQUE INDEX "receipts_one_payment_receipt_idx" ON "commerce"."receipts" ("purchase_id") WHERE "kind" = 'payment'`);
    await runner.query(`CREATE UNIQUE INDEX "receipts_one_credit_note_per_refund_idx" ON "commerce"."receipts" ("refund_id") WHERE "kind" = 'refund'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "commerce"."receipts_one_credit_note_per_refund_idx"`);
    await runner.query(`DROP INDEX "commerce"."receipts_one_payment_receipt_idx"`);
    await runner.query(`ALTER TABLE "commerce"."receipts" ADD CONSTRAINT "receipts_one_per_kind" UNIQUE ("purchase_id", "kind")`);
    await runner.query(`DROP INDEX "commerce"."purchases_extra_payments_idx"`);
    await runner.query(`ALTER TABLE "commerce"."purchases" DROP COLUMN "extra_payments_checked_at"`);
    await runner.query(`ALTER TABLE "commerce"."purchases" DROP COLUMN "order_expires_at"`);
    await runner.query(`ALTER TABLE "commerce"."purchases" DROP COLUMN "refunded_paise"`);
    await runner.query(`DROP INDEX "commerce"."refunds_payment_idx"`);
    await runner.query(`DROP INDEX "commerce"."refunds_ours_one_per_payment_idx"`);
    await runner.query(`ALTER TABLE "commerce"."refunds" DROP CONSTRAINT "refunds_reason_check"`);
    await runner.query(
      `ALTER TABLE "commerce"."refunds" ADD CONSTRAINT "refunds_reason_check" CHECK ("reason" IN ('duplicate_payment', 'learner_request', 'dashboard'))`,
    );
    await runner.query(`CREATE UNIQUE INDEX "refunds_one_per_payment_idx" ON "commerce"."refunds" ("razorpay_payment_id")`);
  }
}
