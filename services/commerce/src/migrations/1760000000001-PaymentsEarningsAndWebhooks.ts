import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments: what the dashboard shows is stored on the purchase when it is created (the buyer's profile
 * from the token, the course title from catalogue); webhook event ids for de-duplication; earnings aggregates
 * (a ledger keyed by purchase id plus per-educator, per-course and per-day totals); the outbox gains the generic
 * columns of @academy/service-core's outbox.
 */
export class PaymentsEarningsAndWebhooks1760000000001 implements MigrationInterface {
  name = 'PaymentsEarningsAndWebhooks1760000000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "commerce"."purchases"
        ADD COLUMN "student_name" text NOT NULL DEFAULT '',
        ADD COLUMN "student_email" text NOT NULL DEFAULT '',
        ADD COLUMN "student_image_url" text NOT NULL DEFAULT '',
        ADD COLUMN "course_title" text NOT NULL DEFAULT '',
        ADD COLUMN "failure_reason" text,
        ADD COLUMN "paid_at" timestamptz,
        ADD COLUMN "enrolled_at" timestamptz`);
    // At most one pending purchase per learner and course: a second Enroll Now reuses it.
    await runner.query(
      `CREATE UNIQUE INDEX "purchases_one_pending_idx" ON "commerce"."purchases" ("user_id", "course_id") WHERE "status" = 'pending'`,
    );
    await runner.query(
      `CREATE INDEX "purchases_educator_paid_idx" ON "commerce"."purchases" ("educator_id", "paid_at" DESC) WHERE "status" = 'paid'`,
    );
    await runner.query(`CREATE INDEX "purchases_pending_created_idx" ON "commerce"."purchases" ("created_at") WHERE "status" = 'pending'`);
    await runner.query(
      `CREATE INDEX "purchases_paid_not_enrolled_idx" ON "commerce"."purchases" ("paid_at") WHERE "status" = 'paid' AND "enrolled_at" IS NULL`,
    );

    await runner.query(`ALTER TABLE "commerce"."outbox" ADD COLUMN "key" text, ADD COLUMN "last_error" text`);

    await runner.query(`
      CREATE TABLE "commerce"."webhook_events" (
        "event_id" text PRIMARY KEY,
        "event" text NOT NULL,
        "order_id" text,
        "received_at" timestamptz NOT NULL DEFAULT now()
      )`);

    await runner.query(`
      CREATE TABLE "commerce"."earnings_ledger" (
        "purchase_id" uuid PRIMARY KEY,
        "educator_id" text NOT NULL,
        "course_id" uuid NOT NULL,
        "amount_paise" integer NOT NULL,
        "day" date NOT NULL,
        "recorded_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE "commerce"."course_earnings" (
        "course_id" uuid PRIMARY KEY,
        "educator_id" text NOT NULL,
        "total_paise" bigint NOT NULL DEFAULT 0,
        "enrolments" integer NOT NULL DEFAULT 0
      )`);
    await runner.query(`
      CREATE TABLE "commerce"."educator_earnings" (
        "educator_id" text PRIMARY KEY,
        "total_paise" bigint NOT NULL DEFAULT 0,
        "earnings_rupees" bigint NOT NULL DEFAULT 0,
        "enrolments" integer NOT NULL DEFAULT 0
      )`);
    await runner.query(`
      CREATE TABLE "commerce"."educator_daily_earnings" (
        "educator_id" text NOT NULL,
        "day" date NOT NULL,
        "total_paise" bigint NOT NULL DEFAULT 0,
        "enrolments" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("educator_id", "day")
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['educator_daily_earnings', 'educator_earnings', 'course_earnings', 'earnings_ledger', 'webhook_events']) {
      await runner.query(`DROP TABLE "commerce"."${table}"`);
    }
    await runner.query(`ALTER TABLE "commerce"."outbox" DROP COLUMN "key", DROP COLUMN "last_error"`);
    for (const index of ['purchases_one_pending_idx', 'purchases_educator_paid_idx', 'purchases_pending_created_idx', 'purchases_paid_not_enrolled_idx']) {
      await runner.query(`DROP INDEX "commerce"."${index}"`);
    }
    await runner.query(`
      ALTER TABLE "commerce"."purchases" DROP COLUMN "student_name", DROP COLUMN "student_email", DROP COLUMN "student_image_url",
        DROP COLUMN "course_title", DROP COLUMN "failure_reason", DROP COLUMN "paid_at", DROP COLUMN "enrolled_at"`);
  }
}
