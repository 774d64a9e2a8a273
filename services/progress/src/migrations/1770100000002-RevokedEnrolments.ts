import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A refunded purchase ends access. The enrolment row moves here (so `isEnrolled` is false and the
 * learner may buy the course again, the (user, course) pair being free); one row per refund keeps revocation
 * idempotent, and a late enrol call for a revoked purchase changes nothing.
 */
export class RevokedEnrolments1770100000002 implements MigrationInterface {
  name = 'RevokedEnrolments1770100000002';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "progress"."revoked_enrolments" (
        "purchase_id" uuid PRIMARY KEY,
        "refund_id" text NOT NULL UNIQUE,
        "user_id" text NOT NULL,
        "course_id" uuid NOT NULL,
        "enrolled_at" timestamptz,
        "revoked_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "progress"."revoked_enrolments"`);
  }
}
