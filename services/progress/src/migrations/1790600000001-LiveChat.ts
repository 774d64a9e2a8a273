import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A live class's chat (stored, so a reconnecting learner gets what they missed), one row per message a client made
 * (client id unique per user and class: a message sent again is stored once), and the class's moderation: slow
 * mode, the pinned message, muted learners.
 */
export class LiveChat1790600000001 implements MigrationInterface {
  name = 'LiveChat1790600000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "progress"."live_chat_messages" (
        "id" bigserial PRIMARY KEY,
        "class_id" uuid NOT NULL,
        "user_id" text NOT NULL,
        "user_name" text NOT NULL,
        "from_educator" boolean NOT NULL,
        "text" text NOT NULL CHECK (length("text") BETWEEN 1 AND 500),
        "client_id" text NOT NULL,
        "deleted_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "live_chat_messages_client_key" UNIQUE ("class_id", "user_id", "client_id")
      )`);
    await queryRunner.query(`CREATE INDEX "live_chat_messages_class_idx" ON "progress"."live_chat_messages" ("class_id", "id")`);
    await queryRunner.query(`
      CREATE TABLE "progress"."live_class_rooms" (
        "class_id" uuid PRIMARY KEY,
        "slow_mode_seconds" int NOT NULL DEFAULT 0 CHECK ("slow_mode_seconds" BETWEEN 0 AND 300),
        "pinned_message_id" bigint
      )`);
    // Attendance: seconds counted from heartbeats (at most 30 s between two), first join and last sign of life.
    await queryRunner.query(`
      CREATE TABLE "progress"."live_attendance" (
        "class_id" uuid NOT NULL,
        "user_id" text NOT NULL,
        "user_name" text NOT NULL,
        "first_joined_at" timestamptz NOT NULL DEFAULT now(),
        "last_seen_at" timestamptz NOT NULL DEFAULT now(),
        "seconds" int NOT NULL DEFAULT 0,
        PRIMARY KEY ("class_id", "user_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "progress"."live_polls" (
        "id" bigserial PRIMARY KEY,
        "class_id" uuid NOT NULL,
        "question" text NOT NULL,
        "options" jsonb NOT NULL,
        "closed_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "live_polls_class_idx" ON "progress"."live_polls" ("class_id", "id")`);
    await queryRunner.query(`
      CREATE TABLE "progress"."live_poll_answers" (
        "poll_id" bigint NOT NULL REFERENCES "progress"."live_polls" ("id") ON DELETE CASCADE,
        "user_id" text NOT NULL,
        "option" int NOT NULL,
        "answered_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("poll_id", "user_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "progress"."live_class_mutes" (
        "class_id" uuid NOT NULL,
        "user_id" text NOT NULL,
        "muted_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("class_id", "user_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "progress"."live_class_mutes"`);
    await queryRunner.query(`DROP TABLE "progress"."live_attendance"`);
    await queryRunner.query(`DROP TABLE "progress"."live_poll_answers"`);
    await queryRunner.query(`DROP TABLE "progress"."live_polls"`);
    await queryRunner.query(`DROP TABLE "progress"."live_class_rooms"`);
    await queryRunner.query(`DROP TABLE "progress"."live_chat_messages"`);
  }
}
