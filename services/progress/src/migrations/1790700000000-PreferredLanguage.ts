import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The interface language a user chose in the language switch (English or Hindi), so their next visit, their emails
 * and their certificates follow it. Null until they choose: the browser's language decides until then, English in
 * emails and PDFs.
 */
export class PreferredLanguage1790700000000 implements MigrationInterface {
  name = 'PreferredLanguage1790700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "progress"."users" ADD COLUMN "preferred_language" text NULL CONSTRAINT "users_preferred_language_check" CHECK ("preferred_language" IN ('en', 'hi'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "progress"."users" DROP COLUMN "preferred_language"`);
  }
}
