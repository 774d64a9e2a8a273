import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Written reviews. A review's stars are the learner's row in course_ratings (never a copy), so the course's average
 * has one source. created_at is kept to the millisecond so the keyset cursor (an ISO time) matches it exactly.
 */
export class CourseReviews1790045000000 implements MigrationInterface {
  name = 'CourseReviews1790045000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "progress"."course_reviews" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" text NOT NULL REFERENCES "progress"."users" ("id") ON DELETE CASCADE,
        "course_id" uuid NOT NULL,
        "text" text NOT NULL,
        "helpful_count" integer NOT NULL DEFAULT 0 CONSTRAINT "course_reviews_helpful_count_check" CHECK ("helpful_count" >= 0),
        "hidden_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "course_reviews_user_course_key" UNIQUE ("user_id", "course_id")
      )`);
    await queryRunner.query(
      'CREATE INDEX "course_reviews_newest_idx" ON "progress"."course_reviews" ("course_id", "created_at" DESC, "id" DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX "course_reviews_helpful_idx" ON "progress"."course_reviews" ("course_id", "helpful_count" DESC, "created_at" DESC, "id" DESC)',
    );
    await queryRunner.query(`
      CREATE TABLE "progress"."review_replies" (
        "review_id" uuid PRIMARY KEY REFERENCES "progress"."course_reviews" ("id") ON DELETE CASCADE,
        "educator_id" text NOT NULL,
        "educator_name" text NOT NULL,
        "text" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "progress"."review_reports" (
        "review_id" uuid NOT NULL REFERENCES "progress"."course_reviews" ("id") ON DELETE CASCADE,
        "user_id" text NOT NULL,
        "reason" text NOT NULL DEFAULT '',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("review_id", "user_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "progress"."review_helpful_votes" (
        "review_id" uuid NOT NULL REFERENCES "progress"."course_reviews" ("id") ON DELETE CASCADE,
        "user_id" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("review_id", "user_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "progress"."review_helpful_votes"');
    await queryRunner.query('DROP TABLE "progress"."review_reports"');
    await queryRunner.query('DROP TABLE "progress"."review_replies"');
    await queryRunner.query('DROP TABLE "progress"."course_reviews"');
  }
}
