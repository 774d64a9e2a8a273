import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Lecture completions, playback positions, ratings and certificates. */
export class CreateLearning1760000100000 implements MigrationInterface {
  name = 'CreateLearning1760000100000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE SCHEMA IF NOT EXISTS "progress"');
    await runner.query(`
      CREATE TABLE "progress"."lecture_completions" (
        "user_id" text NOT NULL,
        "lecture_id" uuid NOT NULL,
        "course_id" uuid NOT NULL,
        "completed_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "lecture_id")
      )`);
    await runner.query('CREATE INDEX "lecture_completions_user_course_idx" ON "progress"."lecture_completions" ("user_id", "course_id")');
    await runner.query(`
      CREATE TABLE "progress"."playback_positions" (
        "user_id" text NOT NULL,
        "lecture_id" uuid NOT NULL,
        "course_id" uuid NOT NULL,
        "position_seconds" integer NOT NULL CHECK ("position_seconds" >= 0),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "lecture_id")
      )`);
    await runner.query(
      'CREATE INDEX "playback_positions_user_course_idx" ON "progress"."playback_positions" ("user_id", "course_id", "updated_at" DESC)',
    );
    await runner.query(`
      CREATE TABLE "progress"."course_ratings" (
        "user_id" text NOT NULL,
        "course_id" uuid NOT NULL,
        "rating" smallint NOT NULL CHECK ("rating" BETWEEN 1 AND 5),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "course_id")
      )`);
    await runner.query(`
      CREATE TABLE "progress"."certificates" (
        "code" text PRIMARY KEY,
        "user_id" text NOT NULL,
        "course_id" uuid NOT NULL,
        "student_name" text NOT NULL,
        "course_title" text NOT NULL,
        "issued_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "certificates_user_course_key" UNIQUE ("user_id", "course_id")
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "progress"."certificates"');
    await runner.query('DROP TABLE "progress"."course_ratings"');
    await runner.query('DROP TABLE "progress"."playback_positions"');
    await runner.query('DROP TABLE "progress"."lecture_completions"');
  }
}
