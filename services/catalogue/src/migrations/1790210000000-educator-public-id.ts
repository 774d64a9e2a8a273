import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each course keeps its educator's public id (the first 24 hex digits of SHA-256 of their sign-in subject, as
 * `publicUserId` in service-core computes it), kept by a trigger from `educator_id`, so the educator's public page
 * finds their published courses through an index without the subject ever appearing in an address.
 */
export class EducatorPublicId1790210000000 implements MigrationInterface {
  name = 'EducatorPublicId1790210000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue"."courses" ADD COLUMN "educator_public_id" text`);
    await queryRunner.query(`
      CREATE FUNCTION "catalogue"."keep_educator_public_id"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."educator_public_id" := substr(encode(sha256(convert_to(NEW."educator_id", 'UTF8')), 'hex'), 1, 24);
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "courses_educator_public_id" BEFORE INSERT OR UPDATE OF "educator_id" ON "catalogue"."courses"
        FOR EACH ROW EXECUTE FUNCTION "catalogue"."keep_educator_public_id"()`);
    await queryRunner.query(`UPDATE "catalogue"."courses" SET "educator_id" = "educator_id"`);
    await queryRunner.query(`ALTER TABLE "catalogue"."courses" ALTER COLUMN "educator_public_id" SET NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX "courses_published_by_educator" ON "catalogue"."courses" ("educator_public_id", "created_at" DESC, "id" DESC) WHERE "is_published"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "courses_educator_public_id" ON "catalogue"."courses"`);
    await queryRunner.query(`DROP FUNCTION "catalogue"."keep_educator_public_id"()`);
    await queryRunner.query(`ALTER TABLE "catalogue"."courses" DROP COLUMN "educator_public_id"`);
  }
}
