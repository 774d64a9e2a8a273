import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsersAndEnrolments1760000000000 implements MigrationInterface {
  name = 'CreateUsersAndEnrolments1760000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE SCHEMA IF NOT EXISTS "progress"');
    await runner.query(`
      CREATE TABLE "progress"."users" (
        "id" text PRIMARY KEY,
        "name" text NOT NULL DEFAULT '',
        "email" text NOT NULL DEFAULT '',
        "image_url" text NOT NULL DEFAULT '',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE "progress"."enrolments" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" text NOT NULL REFERENCES "progress"."users" ("id") ON DELETE CASCADE,
        "course_id" uuid NOT NULL,
        "purchase_id" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "enrolments_purchase_id_key" UNIQUE ("purchase_id"),
        CONSTRAINT "enrolments_user_course_key" UNIQUE ("user_id", "course_id")
      )`);
    await runner.query('CREATE INDEX "enrolments_course_id_idx" ON "progress"."enrolments" ("course_id")');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "progress"."enrolments"');
    await runner.query('DROP TABLE "progress"."users"');
  }
}
