import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The photo an educator uploads in Settings: where it is in object storage and its type (sniffed from its bytes). */
export class EducatorPhotos1790400000000 implements MigrationInterface {
  name = 'EducatorPhotos1790400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE "progress"."educator_profiles"
        ADD COLUMN "photo_key" text,
        ADD COLUMN "photo_type" text CHECK ("photo_type" IN ('image/png', 'image/jpeg', 'image/webp')),
        ADD CONSTRAINT "educator_profiles_photo_both" CHECK (("photo_key" IS NULL) = ("photo_type" IS NULL))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "progress"."educator_profiles" DROP CONSTRAINT "educator_profiles_photo_both", DROP COLUMN "photo_type", DROP COLUMN "photo_key"`);
  }
}
