import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What an educator tells learners about themselves, edited in Settings and shown on their public page. */
export class EducatorProfiles1790050000001 implements MigrationInterface {
  name = 'EducatorProfiles1790050000001';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "progress"."educator_profiles" (
        "user_id" text PRIMARY KEY REFERENCES "progress"."users" ("id") ON DELETE CASCADE,
        "display_name" text NOT NULL CHECK (char_length("display_name") BETWEEN 2 AND 80),
        "bio" text NOT NULL DEFAULT '' CHECK (char_length("bio") <= 2000),
        "qualifications" text NOT NULL DEFAULT '' CHECK (char_length("qualifications") <= 500),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "progress"."educator_profiles"`);
  }
}
