import { CATALOGUE_EVENTS_QUEUE, CatalogueEvent } from '@academy/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogue's course access projection (who may open a course's videos, notes, tests and live classes) learns of
 * enrolments and parent links only from events. The enrolments and links made before it existed are written to the
 * outbox here, once, in the deploy's migration step: one `course.enrolment_snapshot` per enrolment (access only, no
 * student counted again) and one `parent.linked` per link (with its creation time, so it orders with a later removal
 * of that link). Catalogue applies them idempotently and in any order with the live events, so nobody loses access.
 */
export class CourseAccessSnapshot1790900000000 implements MigrationInterface {
  name = 'CourseAccessSnapshot1790900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `INSERT INTO "progress"."outbox" ("queue", "name", "payload", "key")
       SELECT $1, $2, jsonb_build_object('courseId', "course_id", 'userId', "user_id", 'purchaseId', "purchase_id"), "purchase_id"::text
         FROM "progress"."enrolments" ORDER BY "created_at", "id"`,
      [CATALOGUE_EVENTS_QUEUE, CatalogueEvent.CourseEnrolmentSnapshot],
    );
    await runner.query(
      `INSERT INTO "progress"."outbox" ("queue", "name", "payload", "key")
       SELECT $1, $2, jsonb_build_object('parentId', "parent_id", 'childId', "child_id",
                'linkedAt', to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')), "parent_id" || '/' || "child_id"
         FROM "progress"."parent_links" ORDER BY "created_at"`,
      [CATALOGUE_EVENTS_QUEUE, CatalogueEvent.ParentLinked],
    );
  }

  async down(): Promise<void> {
    // The events may be sent already; catalogue's projection is dropped by its own migration's down.
  }
}
