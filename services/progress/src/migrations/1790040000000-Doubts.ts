import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Doubts asked under a lecture, their answers, "I have this doubt too" and reports (docs/doubts-and-assignments.md).
 *
 * Search works for English, Hindi in Devanagari and Hinglish: the `simple` text-search configuration only lowercases
 * and splits words (PostgreSQL has no Hindi stemmer, and the `english` one would mangle Hinglish words such as
 * "kaise"). Hinglish has no spelling rule ("kaise", "kese"): each course keeps its vocabulary (doubt_words), where
 * pg_trgm finds the words spelt like the ones searched, and the search then asks
 * the full-text index for those. btree_gin puts course_id inside the GIN index, so a course's search never reads
 * other courses' entries.
 */
export class Doubts1790040000000 implements MigrationInterface {
  name = 'Doubts1790040000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS btree_gin`);
    await queryRunner.query(`
      CREATE TABLE "progress"."doubts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "course_id" uuid NOT NULL,
        "lecture_id" uuid NOT NULL,
        "educator_id" text NOT NULL,
        "user_id" text NOT NULL,
        "author_name" text NOT NULL,
        "at_second" integer NOT NULL CHECK ("at_second" >= 0),
        "body_text" text NOT NULL CHECK (length("body_text") BETWEEN 1 AND 4000),
        "body_html" text NOT NULL,
        "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "body_text")) STORED,
        "me_too_count" integer NOT NULL DEFAULT 0 CHECK ("me_too_count" >= 0),
        "answer_count" integer NOT NULL DEFAULT 0 CHECK ("answer_count" >= 0),
        "first_educator_answer_at" timestamptz NULL,
        "resolved_at" timestamptz NULL,
        "hidden_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`COMMENT ON COLUMN "progress"."doubts"."educator_id" IS 'The course''s educator when it was asked: the inbox reads by it'`);
    await queryRunner.query(`CREATE INDEX "doubts_lecture_newest" ON "progress"."doubts" ("course_id", "lecture_id", "created_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "doubts_course_words" ON "progress"."doubts" USING gin ("course_id", "search_vector")`);
    await queryRunner.query(`
      CREATE TABLE "progress"."doubt_words" (
        "course_id" uuid NOT NULL,
        "word" text NOT NULL,
        PRIMARY KEY ("course_id", "word")
      )`);
    // The extension may live in any schema (public by default); qualify its operator class wherever it is.
    const [{ schema }] = (await queryRunner.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as Array<{ schema: string }>;
    await queryRunner.query(`CREATE INDEX "doubt_words_trigrams" ON "progress"."doubt_words" USING gin ("course_id", "word" "${schema}".gin_trgm_ops)`);
    await queryRunner.query(
      `CREATE INDEX "doubts_awaiting_educator" ON "progress"."doubts" ("educator_id", "created_at", "id") WHERE "first_educator_answer_at" IS NULL AND "hidden_at" IS NULL`,
    );
    // The dashboard's median time to a first answer reads only this index.
    await queryRunner.query(
      `CREATE INDEX "doubts_by_educator" ON "progress"."doubts" ("educator_id") INCLUDE ("created_at", "first_educator_answer_at", "hidden_at", "resolved_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "progress"."doubt_answers" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "doubt_id" uuid NOT NULL REFERENCES "progress"."doubts" ("id") ON DELETE CASCADE,
        "user_id" text NOT NULL,
        "author_name" text NOT NULL,
        "by_educator" boolean NOT NULL,
        "body_text" text NOT NULL CHECK (length("body_text") BETWEEN 1 AND 4000),
        "body_html" text NOT NULL,
        "hidden_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "doubt_answers_thread" ON "progress"."doubt_answers" ("doubt_id", "created_at", "id")`);
    await queryRunner.query(`
      CREATE TABLE "progress"."doubt_me_too" (
        "doubt_id" uuid NOT NULL REFERENCES "progress"."doubts" ("id") ON DELETE CASCADE,
        "user_id" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("doubt_id", "user_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "progress"."doubt_reports" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "course_id" uuid NOT NULL,
        "doubt_id" uuid NOT NULL REFERENCES "progress"."doubts" ("id") ON DELETE CASCADE,
        "answer_id" uuid NULL REFERENCES "progress"."doubt_answers" ("id") ON DELETE CASCADE,
        "user_id" text NOT NULL,
        "reason" text NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "doubt_reports_once" UNIQUE NULLS NOT DISTINCT ("doubt_id", "answer_id", "user_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "progress"."doubt_reports"`);
    await queryRunner.query(`DROP TABLE "progress"."doubt_me_too"`);
    await queryRunner.query(`DROP TABLE "progress"."doubt_answers"`);
    await queryRunner.query(`DROP TABLE "progress"."doubt_words"`);
    await queryRunner.query(`DROP TABLE "progress"."doubts"`);
  }
}
