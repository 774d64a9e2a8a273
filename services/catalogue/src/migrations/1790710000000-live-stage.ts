import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The learner a live class's educator invited on stage (one at a time; null when nobody is), checked when that
 * learner publishes; and the class's stream key for OBS (WHIP), shown to its educator only.
 */
export class LiveStage1790710000000 implements MigrationInterface {
  name = 'LiveStage1790710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."live_classes" ADD COLUMN "stage_user_id" text, ADD COLUMN "stream_key" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."live_classes" DROP COLUMN "stage_user_id", DROP COLUMN "stream_key"`);
  }
}
