import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A parent's conversation with the educator of a course their child takes: one thread per parent, child and course,
 * beside the doubts (the educator answers from the same inbox). Removing the link does not delete it, but neither
 * side can read or write it while the child is not linked to that parent.
 */
export class ParentThreads1790300000002 implements MigrationInterface {
  name = 'ParentThreads1790300000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "progress"."parent_threads" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "parent_id" text NOT NULL,
        "child_id" text NOT NULL,
        "course_id" uuid NOT NULL,
        "educator_id" text NOT NULL,
        "course_title" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_message_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("parent_id", "child_id", "course_id")
      )`);
    await queryRunner.query(`CREATE INDEX "parent_threads_educator_newest" ON "progress"."parent_threads" ("educator_id", "last_message_at" DESC, "id" DESC)`);
    await queryRunner.query(`
      CREATE TABLE "progress"."parent_thread_messages" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "thread_id" uuid NOT NULL REFERENCES "progress"."parent_threads" ("id") ON DELETE CASCADE,
        "author_id" text NOT NULL,
        "author_role" text NOT NULL CHECK ("author_role" IN ('parent', 'educator')),
        "author_name" text NOT NULL DEFAULT '',
        "body" text NOT NULL CHECK (length("body") BETWEEN 1 AND 2000),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "parent_thread_messages_thread" ON "progress"."parent_thread_messages" ("thread_id", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "progress"."parent_thread_messages"`);
    await queryRunner.query(`DROP TABLE "progress"."parent_threads"`);
  }
}
