import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Earnings are grouped by Indian days (Asia/Kolkata), the days Students Enrolled and receipts show: a sale at
 * 01:00 IST belongs to that Indian day, not to the previous UTC one. Each ledger entry and reversal gets its Indian
 * day again, reversals record whether they ended an enrolment, and the daily buckets are rebuilt from both.
 * The educator total no longer keeps a floor-rounded rupee figure: every figure is the exact sum in paise.
 */
export class EarningsInIndianDays1790050000000 implements MigrationInterface {
  name = 'EarningsInIndianDays1790050000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      UPDATE "commerce"."earnings_ledger" AS "ledger"
         SET "day" = (COALESCE("purchase"."paid_at", "ledger"."recorded_at") AT TIME ZONE 'Asia/Kolkata')::date
        FROM "commerce"."purchases" AS "purchase" WHERE "purchase"."id" = "ledger"."purchase_id"`);
    await runner.query(`UPDATE "commerce"."earnings_reversals" SET "day" = ("recorded_at" AT TIME ZONE 'Asia/Kolkata')::date`);
    await runner.query(`ALTER TABLE "commerce"."earnings_reversals" ADD COLUMN "ends_enrolment" boolean NOT NULL DEFAULT false`);
    // Before this column, the reversal that ended an enrolment was the last one of a purchase refunded in full.
    await runner.query(`
      UPDATE "commerce"."earnings_reversals" AS "reversal" SET "ends_enrolment" = true
        FROM "commerce"."purchases" AS "purchase"
       WHERE "purchase"."id" = "reversal"."purchase_id" AND "purchase"."status" = 'refunded'
         AND "reversal"."recorded_at" = (SELECT max("recorded_at") FROM "commerce"."earnings_reversals" WHERE "purchase_id" = "reversal"."purchase_id")`);
    await runner.query(`DELETE FROM "commerce"."educator_daily_earnings"`);
    await runner.query(`
      INSERT INTO "commerce"."educator_daily_earnings" ("educator_id", "day", "total_paise", "enrolments")
      SELECT "educator_id", "day", SUM("amount_paise"), SUM("enrolments") FROM (
        SELECT "educator_id", "day", "amount_paise", 1 AS "enrolments" FROM "commerce"."earnings_ledger"
        UNION ALL
        SELECT "educator_id", "day", "amount_paise", CASE WHEN "ends_enrolment" THEN -1 ELSE 0 END FROM "commerce"."earnings_reversals"
      ) AS "entries" GROUP BY "educator_id", "day"`);
    await runner.query(`ALTER TABLE "commerce"."educator_earnings" DROP COLUMN "earnings_rupees"`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "commerce"."educator_earnings" ADD COLUMN "earnings_rupees" bigint NOT NULL DEFAULT 0`);
    await runner.query(`
      UPDATE "commerce"."educator_earnings" AS "educator" SET "earnings_rupees" =
        (SELECT COALESCE(SUM(floor("total_paise" / 100.0)), 0) FROM "commerce"."course_earnings" WHERE "educator_id" = "educator"."educator_id")`);
    await runner.query(`ALTER TABLE "commerce"."earnings_reversals" DROP COLUMN "ends_enrolment"`);
  }
}
