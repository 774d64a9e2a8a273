import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The role a user chose at sign-up on the portal ("I'm a parent"), recorded by progress so that no one has to assign
 * it in the identity provider. Only `parent` can be chosen; educators and administrators are still given their role
 * there.
 */
export class ChosenRole1790300000000 implements MigrationInterface {
  name = 'ChosenRole1790300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "progress"."users" ADD COLUMN "chosen_role" text NULL CHECK ("chosen_role" IN ('parent'))`);
    await queryRunner.query(`ALTER TABLE "progress"."users" ADD COLUMN "role_chosen_at" timestamptz NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "progress"."users" DROP COLUMN "role_chosen_at"`);
    await queryRunner.query(`ALTER TABLE "progress"."users" DROP COLUMN "chosen_role"`);
  }
}
