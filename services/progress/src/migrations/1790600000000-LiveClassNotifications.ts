import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A notification kind for live classes (reminders and cancellations), with its own email setting (on by default). */
export class LiveClassNotifications1790600000000 implements MigrationInterface {
  name = 'LiveClassNotifications1790600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "progress"."notifications" DROP CONSTRAINT IF EXISTS "notifications_kind_check"`);
    await queryRunner.query(
      `ALTER TABLE "progress"."notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('doubt_answered', 'doubt_new', 'assignment_reviewed', 'parent_alert', 'parent_message', 'live_class'))`,
    );
    await queryRunner.query(`ALTER TABLE "progress"."notification_email_settings" ADD COLUMN "live_class" boolean NOT NULL DEFAULT true`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "progress"."notification_email_settings" DROP COLUMN "live_class"`);
    await queryRunner.query(`DELETE FROM "progress"."notifications" WHERE "kind" = 'live_class'`);
    await queryRunner.query(`ALTER TABLE "progress"."notifications" DROP CONSTRAINT "notifications_kind_check"`);
    await queryRunner.query(
      `ALTER TABLE "progress"."notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('doubt_answered', 'doubt_new', 'assignment_reviewed', 'parent_alert', 'parent_message'))`,
    );
  }
}
