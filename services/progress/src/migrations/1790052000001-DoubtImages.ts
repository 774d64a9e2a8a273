import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One image per doubt: its key in the media bucket and its type as sniffed from the bytes (docs/doubts-and-assignments.md). */
export class DoubtImages1790052000001 implements MigrationInterface {
  name = 'DoubtImages1790052000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "progress"."doubts" ADD COLUMN "image_key" text NULL`);
    await queryRunner.query(
      `ALTER TABLE "progress"."doubts" ADD COLUMN "image_type" text NULL CHECK ("image_type" IN ('image/png', 'image/jpeg', 'image/webp'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "progress"."doubts" DROP COLUMN "image_type"`);
    await queryRunner.query(`ALTER TABLE "progress"."doubts" DROP COLUMN "image_key"`);
  }
}
