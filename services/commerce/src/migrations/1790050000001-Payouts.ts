import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Educator payouts through Razorpay Route. `payout_accounts`: the educator's linked account and the bank account it
 * settles to (only the last four digits are kept here; Razorpay holds the number). `payouts`: one per educator per
 * weekly run, with its lines; each ledger entry and reversal is paid by exactly one payout (`payout_id`), which is
 * what makes a payout exact and a rerun harmless.
 */
export class Payouts1790050000001 implements MigrationInterface {
  name = 'Payouts1790050000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "commerce"."payout_accounts" (
        "educator_id" text PRIMARY KEY,
        "educator_email" text NOT NULL,
        "beneficiary_name" text NOT NULL,
        "account_last4" text NOT NULL CHECK ("account_last4" ~ '^[0-9]{4}$'),
        "ifsc" text NOT NULL CHECK ("ifsc" ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
        "linked_account_id" text NOT NULL UNIQUE,
        "route_product_id" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE "commerce"."payouts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "educator_id" text NOT NULL,
        "run_day" date NOT NULL,
        "sales_from" date NOT NULL,
        "sales_to" date NOT NULL,
        "gross_paise" bigint NOT NULL CHECK ("gross_paise" >= 0),
        "refunds_paise" bigint NOT NULL CHECK ("refunds_paise" >= 0),
        "fee_paise" bigint NOT NULL CHECK ("fee_paise" >= 0),
        "tds_paise" bigint NOT NULL CHECK ("tds_paise" >= 0),
        "net_paise" bigint NOT NULL CHECK ("net_paise" > 0),
        "fee_percent" numeric(5, 2) NOT NULL,
        "tds_percent" numeric(5, 2) NOT NULL,
        "status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'paid', 'failed')),
        "linked_account_id" text NOT NULL,
        "transfer_id" text UNIQUE,
        "attempts" integer NOT NULL DEFAULT 0,
        "last_error" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "paid_at" timestamptz,
        CONSTRAINT "payouts_one_per_run" UNIQUE ("educator_id", "run_day"),
        CONSTRAINT "payouts_lines_add_up" CHECK ("net_paise" = "gross_paise" - "refunds_paise" - "fee_paise" - "tds_paise")
      )`);
    await runner.query(`CREATE INDEX "payouts_educator_idx" ON "commerce"."payouts" ("educator_id", "run_day" DESC)`);
    await runner.query(`ALTER TABLE "commerce"."earnings_ledger" ADD COLUMN "payout_id" uuid REFERENCES "commerce"."payouts" ("id")`);
    await runner.query(`ALTER TABLE "commerce"."earnings_reversals" ADD COLUMN "payout_id" uuid REFERENCES "commerce"."payouts" ("id")`);
    await runner.query(`CREATE INDEX "earnings_ledger_unpaid_idx" ON "commerce"."earnings_ledger" ("educator_id", "day") WHERE "payout_id" IS NULL`);
    await runner.query(`CREATE INDEX "earnings_reversals_unpaid_idx" ON "commerce"."earnings_reversals" ("educator_id", "day") WHERE "payout_id" IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "commerce"."earnings_reversals" DROP COLUMN "payout_id"`);
    await runner.query(`ALTER TABLE "commerce"."earnings_ledger" DROP COLUMN "payout_id"`);
    await runner.query(`DROP TABLE "commerce"."payouts"`);
    await runner.query(`DROP TABLE "commerce"."payout_accounts"`);
  }
}
