import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Parents linked to children with the child's consent. A student's one-time code (stored as a SHA-256
 * hash, single use, expiring) becomes a link when a parent redeems it; wrong attempts are counted per parent for
 * the rate limit; parents choose which emails they get; each email sent is remembered once (idempotent jobs).
 */
export class ParentLinks1770200014000 implements MigrationInterface {
  name = 'ParentLinks1770200014000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "progress"."parent_links" (
        "parent_id" text NOT NULL REFERENCES "progress"."users" ("id") ON DELETE CASCADE,
        "child_id" text NOT NULL REFERENCES "progress"."users" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("parent_id", "child_id"),
        CHECK ("parent_id" <> "child_id")
      )`);
    await runner.query('CREATE INDEX "parent_links_child_idx" ON "progress"."parent_links" ("child_id")');
    await runner.query(`
      CREATE TABLE "progress"."link_codes" (
        "code_hash" text PRIMARY KEY,
        "child_id" text NOT NULL REFERENCES "progress"."users" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "used_by" text
      )`);
    await runner.query('CREATE INDEX "link_codes_child_idx" ON "progress"."link_codes" ("child_id")');
    await runner.query(`
      CREATE TABLE "progress"."link_code_attempts" (
        "id" bigserial PRIMARY KEY,
        "parent_id" text NOT NULL,
        "attempted_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX "link_code_attempts_parent_idx" ON "progress"."link_code_attempts" ("parent_id", "attempted_at")');
    await runner.query(`
      CREATE TABLE "progress"."parent_email_settings" (
        "parent_id" text PRIMARY KEY REFERENCES "progress"."users" ("id") ON DELETE CASCADE,
        "weekly_progress" boolean NOT NULL DEFAULT true,
        "milestones" boolean NOT NULL DEFAULT true,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE "progress"."parent_emails_sent" (
        "key" text PRIMARY KEY,
        "parent_id" text NOT NULL,
        "kind" text NOT NULL CHECK ("kind" IN ('weekly', 'course_completed')),
        "sent_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "progress"."parent_emails_sent"');
    await runner.query('DROP TABLE "progress"."parent_email_settings"');
    await runner.query('DROP TABLE "progress"."link_code_attempts"');
    await runner.query('DROP TABLE "progress"."link_codes"');
    await runner.query('DROP TABLE "progress"."parent_links"');
  }
}
