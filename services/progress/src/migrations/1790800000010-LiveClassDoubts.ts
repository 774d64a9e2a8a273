import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Doubts asked during a live class: stored with the class and the second of the class (where its recording starts),
 * before the recording is a lecture, so `lecture_id` is empty until catalogue says which lecture it became. The
 * client's id keeps a doubt sent again after a reconnect to one row.
 */
export class LiveClassDoubts1790800000010 implements MigrationInterface {
  name = 'LiveClassDoubts1790800000010';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "progress"."doubts" ALTER COLUMN "lecture_id" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "progress"."doubts" ADD COLUMN "live_class_id" uuid, ADD COLUMN "client_id" text`);
    await queryRunner.query(
      `ALTER TABLE "progress"."doubts" ADD CONSTRAINT "doubts_under_lecture_or_class" CHECK ("lecture_id" IS NOT NULL OR "live_class_id" IS NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "doubts_live_class_client" ON "progress"."doubts" ("live_class_id", "user_id", "client_id") WHERE "live_class_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "progress"."doubts" WHERE "lecture_id" IS NULL`);
    await queryRunner.query(`DROP INDEX "progress"."doubts_live_class_client"`);
    await queryRunner.query(`ALTER TABLE "progress"."doubts" DROP CONSTRAINT "doubts_under_lecture_or_class"`);
    await queryRunner.query(`ALTER TABLE "progress"."doubts" DROP COLUMN "live_class_id", DROP COLUMN "client_id"`);
    await queryRunner.query(`ALTER TABLE "progress"."doubts" ALTER COLUMN "lecture_id" SET NOT NULL`);
  }
}
