import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Live classes of a course (docs/live-classes.md): one chapter each, a start instant and a length. A class that
 * ended may later point at the lecture its recording became.
 */
export class LiveClasses1790600000000 implements MigrationInterface {
  name = 'LiveClasses1790600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "catalogue"."live_classes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "course_id" uuid NOT NULL REFERENCES "catalogue"."courses" ("id") ON DELETE CASCADE,
        "chapter_id" uuid NOT NULL REFERENCES "catalogue"."chapters" ("id") ON DELETE CASCADE,
        "educator_id" text NOT NULL,
        "title" text NOT NULL,
        "starts_at" timestamptz NOT NULL,
        "duration_minutes" int NOT NULL CHECK ("duration_minutes" BETWEEN 15 AND 240),
        "status" text NOT NULL DEFAULT 'scheduled' CHECK ("status" IN ('scheduled', 'live', 'ended', 'cancelled')),
        "went_live_at" timestamptz,
        "ended_at" timestamptz,
        "recording_lecture_id" uuid,
        -- The Janus video room of the class while it is taught, and the folder of its live HLS in the media bucket.
        "janus_room" bigint,
        "live_prefix" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "live_classes_course_start" ON "catalogue"."live_classes" ("course_id", "starts_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "catalogue"."live_classes"`);
  }
}
