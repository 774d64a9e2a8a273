import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14: a parent may buy a course for a linked child. The purchase keeps who paid (`payer_*`, named on the
 * receipt, the only one who may verify or refund it) apart from who learns (`user_id` and `student_*`, who is
 * enrolled and counted in the educator's lists). Earlier purchases were paid by their learner.
 */
export class PurchasePayer1770200014001 implements MigrationInterface {
  name = 'PurchasePayer1770200014001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "commerce"."purchases"
        ADD COLUMN "payer_id" text,
        ADD COLUMN "payer_name" text NOT NULL DEFAULT '',
        ADD COLUMN "payer_email" text NOT NULL DEFAULT ''`);
    await runner.query(`UPDATE "commerce"."purchases" SET "payer_id" = "user_id", "payer_name" = "student_name", "payer_email" = "student_email"`);
    await runner.query(`ALTER TABLE "commerce"."purchases" ALTER COLUMN "payer_id" SET NOT NULL`);
    await runner.query(`CREATE INDEX "purchases_payer_idx" ON "commerce"."purchases" ("payer_id")`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "commerce"."purchases_payer_idx"`);
    await runner.query(`ALTER TABLE "commerce"."purchases" DROP COLUMN "payer_id", DROP COLUMN "payer_name", DROP COLUMN "payer_email"`);
  }
}
