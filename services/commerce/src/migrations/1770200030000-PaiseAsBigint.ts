import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Amounts in paise are 64-bit integers everywhere (the refunds, receipts and aggregates already were): the two
 * columns created as 32-bit integers become bigint. The code reads them as numbers (exact up to 2^53 paise).
 */
export class PaiseAsBigint1770200030000 implements MigrationInterface {
  name = 'PaiseAsBigint1770200030000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "commerce"."purchases" ALTER COLUMN "amount_paise" TYPE bigint`);
    await runner.query(`ALTER TABLE "commerce"."earnings_ledger" ALTER COLUMN "amount_paise" TYPE bigint`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "commerce"."earnings_ledger" ALTER COLUMN "amount_paise" TYPE integer`);
    await runner.query(`ALTER TABLE "commerce"."purchases" ALTER COLUMN "amount_paise" TYPE integer`);
  }
}
