import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A numbered receipt for each paid purchase and a credit note for each processed refund. Numbers
 * come from one counter row per series and financial year, taken in the transaction that makes the purchase paid
 * (or refunded): the row lock serialises concurrent payments and a rolled-back transaction gives its number back,
 * so the sequence has no gaps and no repeats.
 */
export class Receipts1770200000000 implements MigrationInterface {
  name = 'Receipts1770200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "commerce"."receipt_sequences" (
        "series" text NOT NULL,
        "financial_year" text NOT NULL,
        "last_number" integer NOT NULL CHECK ("last_number" > 0),
        PRIMARY KEY ("series", "financial_year")
      )`);
    await runner.query(`
      CREATE TABLE "commerce"."receipts" (
        "id" uuid PRIMARY KEY,
        "number" text NOT NULL UNIQUE,
        "series" text NOT NULL,
        "financial_year" text NOT NULL,
        "sequence" integer NOT NULL CHECK ("sequence" > 0),
        "kind" text NOT NULL CHECK ("kind" IN ('payment', 'refund')),
        "purchase_id" uuid NOT NULL REFERENCES "commerce"."purchases" ("id") ON DELETE RESTRICT,
        "refund_id" uuid REFERENCES "commerce"."refunds" ("id"),
        "user_id" text NOT NULL,
        "payer_name" text NOT NULL,
        "payer_email" text NOT NULL,
        "course_id" uuid NOT NULL,
        "course_title" text NOT NULL,
        "razorpay_payment_id" text,
        "amount_paise" bigint NOT NULL CHECK ("amount_paise" > 0),
        "taxable_paise" bigint NOT NULL,
        "tax_paise" bigint NOT NULL,
        "tax_rate_percent" numeric(5, 2) NOT NULL,
        "currency" text NOT NULL DEFAULT 'INR',
        "seller_name" text NOT NULL,
        "seller_address" text NOT NULL,
        "seller_gstin" text NOT NULL,
        "issued_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "receipts_lines_add_up" CHECK ("taxable_paise" + "tax_paise" = "amount_paise"),
        CONSTRAINT "receipts_one_per_kind" UNIQUE ("purchase_id", "kind"),
        CONSTRAINT "receipts_sequence_key" UNIQUE ("series", "financial_year", "sequence")
      )`);
    await runner.query(`CREATE INDEX "receipts_user_idx" ON "commerce"."receipts" ("user_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "commerce"."receipts"`);
    await runner.query(`DROP TABLE "commerce"."receipt_sequences"`);
  }
}
