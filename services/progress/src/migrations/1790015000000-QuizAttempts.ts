import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Graded quiz attempts. Each keeps the quiz version it was graded against, its score and per-question
 * results; (user, quiz, version, attempt number) is unique, so the attempt limit holds even for parallel sends.
 */
export class QuizAttempts1790015000000 implements MigrationInterface {
  name = 'QuizAttempts1790015000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "progress"."quiz_attempts" (
        "id" uuid PRIMARY KEY,
        "user_id" text NOT NULL,
        "course_id" uuid NOT NULL,
        "quiz_id" uuid NOT NULL,
        "quiz_version" integer NOT NULL,
        "attempt_number" integer NOT NULL CHECK ("attempt_number" >= 1),
        "score" integer NOT NULL CHECK ("score" >= 0),
        "max_score" integer NOT NULL CHECK ("max_score" > 0),
        "percent" smallint NOT NULL CHECK ("percent" BETWEEN 0 AND 100),
        "passed" boolean NOT NULL,
        "answers" jsonb NOT NULL,
        "results" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("user_id", "quiz_id", "quiz_version", "attempt_number")
      )`);
    await runner.query('CREATE INDEX "quiz_attempts_user_course_idx" ON "progress"."quiz_attempts" ("user_id", "course_id")');
    await runner.query('CREATE INDEX "quiz_attempts_course_quiz_idx" ON "progress"."quiz_attempts" ("course_id", "quiz_id")');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "progress"."quiz_attempts"');
  }
}
