import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Chapter assignments and learners' hand-ins. One submission row per learner and assignment: a resubmission
 * replaces its content until the educator reviews it (reviewed_at set), after which it never changes. A
 * submission keeps the course's educator at the time it was handed in, so the inbox reads one partial index.
 */
export class Assignments1790050000000 implements MigrationInterface {
  name = 'Assignments1790050000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "progress"."assignments" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "course_id" uuid NOT NULL,
        "chapter_id" uuid NOT NULL,
        "title" text NOT NULL,
        "instructions" text NOT NULL,
        "due_date" date NULL,
        "max_marks" integer NOT NULL CONSTRAINT "assignments_max_marks_check" CHECK ("max_marks" BETWEEN 1 AND 1000),
        "accepted_file_types" text[] NOT NULL DEFAULT '{}',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "removed_at" timestamptz NULL
      )`);
    await queryRunner.query(
      'CREATE INDEX "assignments_course_idx" ON "progress"."assignments" ("course_id", "created_at") WHERE "removed_at" IS NULL',
    );
    await queryRunner.query(`
      CREATE TABLE "progress"."assignment_submissions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "assignment_id" uuid NOT NULL REFERENCES "progress"."assignments" ("id") ON DELETE CASCADE,
        "course_id" uuid NOT NULL,
        "learner_id" text NOT NULL REFERENCES "progress"."users" ("id") ON DELETE CASCADE,
        "learner_name" text NOT NULL,
        "educator_id" text NOT NULL,
        "text" text NULL,
        "text_html" text NULL,
        "file_key" text NULL,
        "file_name" text NULL,
        "file_kind" text NULL,
        "file_bytes" integer NULL,
        "submitted_at" timestamptz NOT NULL DEFAULT now(),
        "reviewed_at" timestamptz NULL,
        "marks" integer NULL CONSTRAINT "assignment_submissions_marks_check" CHECK ("marks" >= 0),
        "feedback" text NULL,
        "feedback_html" text NULL,
        CONSTRAINT "assignment_submissions_learner_key" UNIQUE ("assignment_id", "learner_id"),
        CONSTRAINT "assignment_submissions_content_check" CHECK ("text" IS NOT NULL OR "file_key" IS NOT NULL)
      )`);
    await queryRunner.query(
      `CREATE INDEX "assignment_submissions_awaiting_review" ON "progress"."assignment_submissions" ("educator_id", "submitted_at", "id")
        WHERE "reviewed_at" IS NULL`,
    );
    await queryRunner.query(
      'CREATE INDEX "assignment_submissions_learner_idx" ON "progress"."assignment_submissions" ("learner_id", "course_id")',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "progress"."assignment_submissions"');
    await queryRunner.query('DROP TABLE "progress"."assignments"');
  }
}
