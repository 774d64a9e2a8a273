import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePurchasesAndOutbox1760000000000 implements MigrationInterface {
  name = 'CreatePurchasesAndOutbox1760000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE SCHEMA IF NOT EXISTS "commerce"');
    await runner.query(`
      CREATE TABLE "commerce"."purchases" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" text NOT NULL,
        "course_id" uuid NOT NULL,
        "educator_id" text NOT NULL,
        "amount_paise" integer NOT NULL CHECK ("amount_paise" >= 0),
        "currency" text NOT NULL DEFAULT 'INR',
        "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'paid', 'failed', 'expired')),
        "razorpay_order_id" text,
        "razorpay_payment_id" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "purchases_razorpay_order_id_key" UNIQUE ("razorpay_order_id")
      )`);
    await runner.query('CREATE INDEX "purchases_educator_status_idx" ON "commerce"."purchases" ("educator_id", "status")');
    await runner.query('CREATE INDEX "purchases_user_course_idx" ON "commerce"."purchases" ("user_id", "course_id")');
    await runner.query(`
      CREATE TABLE "commerce"."outbox" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "queue" text NOT NULL,
        "name" text NOT NULL,
        "payload" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "dispatched_at" timestamptz,
        "attempts" integer NOT NULL DEFAULT 0
      )`);
    await runner.query(
      'CREATE INDEX "outbox_pending_idx" ON "commerce"."outbox" ("created_at") WHERE "dispatched_at" IS NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "commerce"."outbox"');
    await runner.query('DROP TABLE "commerce"."purchases"');
  }
}
