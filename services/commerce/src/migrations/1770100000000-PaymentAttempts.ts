import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every payment attempt Razorpay reports for an order is recorded (a failed one leaves the purchase
 * open for another try on the same order).
 */
export class PaymentAttempts1770100000000 implements MigrationInterface {
  name = 'PaymentAttempts1770100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "commerce"."payment_attempts" (
        "razorpay_payment_id" text PRIMARY KEY,
        "purchase_id" uuid NOT NULL REFERENCES "commerce"."purchases" ("id") ON DELETE CASCADE,
        "razorpay_order_id" text NOT NULL,
        "status" text NOT NULL,
        "error_description" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX "payment_attempts_purchase_idx" ON "commerce"."payment_attempts" ("purchase_id", "created_at")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "commerce"."payment_attempts"`);
  }
}
