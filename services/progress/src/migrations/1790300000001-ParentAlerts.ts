import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Parents' alerts (a child quiet for N days, a course completed, a quiz failed twice) and messages about a child's
 * course are notifications of two new kinds; each parent chooses the quiet spell (3 days unless changed, null: off)
 * and whether quiz alerts come. A notification's unique `dedupe_key` makes each alert once per child and period.
 */
export class ParentAlerts1790300000001 implements MigrationInterface {
  name = 'ParentAlerts1790300000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "progress"."notifications" DROP CONSTRAINT "notifications_kind_check"`);
    await queryRunner.query(
      `ALTER TABLE "progress"."notifications" ADD CONSTRAINT "notifications_kind_check"
         CHECK ("kind" IN ('doubt_answered', 'doubt_new', 'assignment_reviewed', 'parent_alert', 'parent_message'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "progress"."parent_email_settings"
         ADD COLUMN "inactivity_days" integer NULL DEFAULT 3 CHECK ("inactivity_days" BETWEEN 1 AND 30),
         ADD COLUMN "quiz_alerts" boolean NOT NULL DEFAULT true`,
    );
    // The quiet-spell scan reads each linked child's newest quiz attempt.
    await queryRunner.query(`CREATE INDEX "quiz_attempts_user_created_idx" ON "progress"."quiz_attempts" ("user_id", "created_at" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "progress"."quiz_attempts_user_created_idx"`);
    await queryRunner.query(`ALTER TABLE "progress"."parent_email_settings" DROP COLUMN "quiz_alerts", DROP COLUMN "inactivity_days"`);
    await queryRunner.query(`DELETE FROM "progress"."notifications" WHERE "kind" IN ('parent_alert', 'parent_message')`);
    await queryRunner.query(`ALTER TABLE "progress"."notifications" DROP CONSTRAINT "notifications_kind_check"`);
    await queryRunner.query(
      `ALTER TABLE "progress"."notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('doubt_answered', 'doubt_new', 'assignment_reviewed'))`,
    );
  }
}
