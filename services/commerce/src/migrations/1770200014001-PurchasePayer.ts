import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A parent may buy a course for a linked child. The purchase keeps who paid (`payer_*`, named on the
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
    // A row written without a payer (older code paths, raw inserts) was paid by its learner.
    await runner.query(`
      CREATE FUNCTION "commerce"."purchases_default_payer"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."payer_id" IS NULL THEN
          NEW."payer_id" := NEW."user_id";
          NEW."payer_name" := COALESCE(NULLIF(NEW."payer_name", ''), NEW."student_name", '');
          NEW."payer_email" := COALESCE(NULLIF(NEW."payer_email", ''), NEW."student_email", '');
        END IF;
        RETURN NEW;
      END $$`);
    await runner.query(`
      CREATE TRIGGER "purchases_default_payer" BEFORE INSERT ON "commerce"."purchases"
        FOR EACH ROW EXECUTE FUNCTION "commerce"."purchases_default_payer"()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TRIGGER "purchases_default_payer" ON "commerce"."purchases"`);
    await runner.query(`DROP FUNCTION "commerce"."purchases_default_payer"()`);
    await runner.query(`DROP INDEX "commerce"."purchases_payer_idx"`);
    await runner.query(`ALTER TABLE "commerce"."purchases" DROP COLUMN "payer_id", DROP COLUMN "payer_name", DROP COLUMN "payer_email"`);
  }
}
