import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogue's own copy of who may open a course now, kept from progress's events (services/catalogue/src/events/):
 * one row per purchase (`ended_at` set by its `course.unenrolled`, even one delivered before its `course.enrolled`)
 * and one row per parent–learner pair (`linked_at` is the link's creation time in progress, which orders a link's
 * made and removed events). Catalogue answers every entitlement check from here and asks no other service.
 */
export class CourseAccess1790900000000 implements MigrationInterface {
  name = 'CourseAccess1790900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "catalogue"."course_access_enrolments" (
        "purchase_id" text PRIMARY KEY,
        "user_id" text NOT NULL,
        "course_id" uuid NOT NULL,
        "ended_at" timestamptz,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(
      `CREATE INDEX "course_access_enrolments_active_idx" ON "catalogue"."course_access_enrolments" ("user_id", "course_id") WHERE "ended_at" IS NULL`,
    );
    await runner.query(`
      CREATE TABLE "catalogue"."course_access_parent_links" (
        "parent_id" text NOT NULL,
        "child_id" text NOT NULL,
        "linked_at" timestamptz NOT NULL,
        "removed" boolean NOT NULL DEFAULT false,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("parent_id", "child_id")
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "catalogue"."course_access_parent_links"');
    await runner.query('DROP TABLE "catalogue"."course_access_enrolments"');
  }
}
