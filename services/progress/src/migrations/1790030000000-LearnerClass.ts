import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The learner's school class and board on their profile (lists in libs/contracts/src/taxonomy.ts), and when they
 * were asked: a student is asked once after the first sign-in, and skipping counts as having been asked.
 */
export class LearnerClass1790030000000 implements MigrationInterface {
  name = 'LearnerClass1790030000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "progress"."users"
        ADD COLUMN "school_class" smallint NULL CONSTRAINT "users_school_class_check" CHECK ("school_class" BETWEEN 7 AND 12),
        ADD COLUMN "board" text NULL CONSTRAINT "users_board_check" CHECK ("board" IN ('cbse', 'icse', 'state', 'any')),
        ADD COLUMN "class_asked_at" timestamptz NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "progress"."users" DROP COLUMN "class_asked_at", DROP COLUMN "board", DROP COLUMN "school_class"`);
  }
}
