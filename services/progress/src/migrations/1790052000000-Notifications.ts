import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The bell's notifications and each user's email choice per kind (docs/notifications.md). `dedupe_key` (kind, event
 * and recipient) makes a repeated event one notification; `emailed_at` makes a retried job one email.
 */
export class Notifications1790052000000 implements MigrationInterface {
  name = 'Notifications1790052000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "progress"."notifications" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" text NOT NULL,
        "kind" text NOT NULL CHECK ("kind" IN ('doubt_answered', 'doubt_new', 'assignment_reviewed')),
        "title" text NOT NULL CHECK (length("title") BETWEEN 1 AND 300),
        "link" text NOT NULL CHECK ("link" LIKE '/%'),
        "dedupe_key" text NOT NULL UNIQUE,
        "read_at" timestamptz NULL,
        "emailed_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "notifications_newest" ON "progress"."notifications" ("user_id", "created_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "notifications_unread" ON "progress"."notifications" ("user_id") WHERE "read_at" IS NULL`);
    await queryRunner.query(`
      CREATE TABLE "progress"."notification_email_settings" (
        "user_id" text PRIMARY KEY,
        "doubt_answered" boolean NOT NULL DEFAULT true,
        "doubt_new" boolean NOT NULL DEFAULT true,
        "assignment_reviewed" boolean NOT NULL DEFAULT true,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "progress"."notification_email_settings"`);
    await queryRunner.query(`DROP TABLE "progress"."notifications"`);
  }
}
