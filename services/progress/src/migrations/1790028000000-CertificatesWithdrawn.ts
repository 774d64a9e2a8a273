import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A course refunded in full withdraws its certificate (it stops verifying; a later purchase and completion issue a
 * new code). Link-code attempts are counted in Redis now (`LinkCodeAttemptLimiter`): their table goes.
 */
export class CertificatesWithdrawn1790028000000 implements MigrationInterface {
  name = 'CertificatesWithdrawn1790028000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "progress"."certificates" ADD COLUMN "withdrawn_at" timestamptz`);
    await runner.query(`DROP TABLE "progress"."link_code_attempts"`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "progress"."link_code_attempts" (
        "id" bigserial PRIMARY KEY,
        "parent_id" text NOT NULL,
        "attempted_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX "link_code_attempts_parent_idx" ON "progress"."link_code_attempts" ("parent_id", "attempted_at")');
    await runner.query(`ALTER TABLE "progress"."certificates" DROP COLUMN "withdrawn_at"`);
  }
}
