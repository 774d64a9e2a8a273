import type { MigrationInterface, QueryRunner } from 'typeorm';
import { analyticsBackfillSql } from '../analytics/analytics-backfill.js';

/**
 * Lecture analytics: per learner and lecture the furthest second reached and whether it was completed (what makes
 * applying an event idempotent), per learner and course their counts, and the aggregates the educator's page reads:
 * per course, per lecture, learners by number of lectures completed (the funnel), per quiz and per question. The
 * records made before this migration are counted once here (analyticsBackfillSql).
 */
export class LectureAnalytics1790050000002 implements MigrationInterface {
  name = 'LectureAnalytics1790050000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "progress"."analytics_learner_lectures" (
        "user_id" text NOT NULL,
        "lecture_id" uuid NOT NULL,
        "course_id" uuid NOT NULL,
        "furthest_seconds" integer NOT NULL DEFAULT 0,
        "started" boolean NOT NULL DEFAULT false,
        "completed" boolean NOT NULL DEFAULT false,
        PRIMARY KEY ("user_id", "lecture_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "progress"."analytics_learner_courses" (
        "user_id" text NOT NULL,
        "course_id" uuid NOT NULL,
        "enrolled" boolean NOT NULL DEFAULT false,
        "lectures_started" integer NOT NULL DEFAULT 0,
        "lectures_completed" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("user_id", "course_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "progress"."analytics_courses" (
        "course_id" uuid PRIMARY KEY,
        "enrolled" integer NOT NULL DEFAULT 0,
        "learners_started" integer NOT NULL DEFAULT 0,
        "watch_seconds" bigint NOT NULL DEFAULT 0,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "progress"."analytics_lectures" (
        "course_id" uuid NOT NULL,
        "lecture_id" uuid NOT NULL,
        "learners_started" integer NOT NULL DEFAULT 0,
        "learners_completed" integer NOT NULL DEFAULT 0,
        "watch_seconds" bigint NOT NULL DEFAULT 0,
        PRIMARY KEY ("course_id", "lecture_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "progress"."analytics_course_completion_counts" (
        "course_id" uuid NOT NULL,
        "lectures_completed" integer NOT NULL CHECK ("lectures_completed" > 0),
        "learners" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("course_id", "lectures_completed")
      )`);
    await queryRunner.query(
      `COMMENT ON TABLE "progress"."analytics_course_completion_counts" IS 'Learners of the course by how many of its lectures they completed: the funnel sums these'`,
    );
    await queryRunner.query(`
      CREATE TABLE "progress"."analytics_quizzes" (
        "course_id" uuid NOT NULL,
        "quiz_id" uuid NOT NULL,
        "quiz_version" integer NOT NULL,
        "attempts" integer NOT NULL DEFAULT 0,
        "percent_sum" bigint NOT NULL DEFAULT 0,
        PRIMARY KEY ("course_id", "quiz_id", "quiz_version")
      )`);
    await queryRunner.query(`
      CREATE TABLE "progress"."analytics_quiz_questions" (
        "course_id" uuid NOT NULL,
        "quiz_id" uuid NOT NULL,
        "quiz_version" integer NOT NULL,
        "question_id" text NOT NULL,
        "answers" integer NOT NULL DEFAULT 0,
        "correct" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("course_id", "quiz_id", "quiz_version", "question_id")
      )`);
    await queryRunner.query(`ALTER TABLE "progress"."quiz_attempts" ADD COLUMN "analytics_counted" boolean NOT NULL DEFAULT false`);
    for (const sql of analyticsBackfillSql) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "progress"."quiz_attempts" DROP COLUMN "analytics_counted"`);
    for (const table of ['analytics_quiz_questions', 'analytics_quizzes', 'analytics_course_completion_counts', 'analytics_lectures', 'analytics_courses', 'analytics_learner_courses', 'analytics_learner_lectures']) {
      await queryRunner.query(`DROP TABLE "progress"."${table}"`);
    }
  }
}
