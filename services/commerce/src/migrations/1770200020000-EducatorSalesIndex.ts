import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Students Enrolled lists paid and refunded sales (refunded ones marked), a page at a time on (paid_at, id): this
 * index serves that keyset walk, as purchases_educator_paid_idx serves the dashboard's paid-only latest sales.
 */
export class EducatorSalesIndex1770200020000 implements MigrationInterface {
  name = 'EducatorSalesIndex1770200020000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX "purchases_educator_sales_idx" ON "commerce"."purchases" ("educator_id", "paid_at" DESC, "id" DESC)
        WHERE "status" IN ('paid', 'refunded') AND "paid_at" IS NOT NULL`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX "commerce"."purchases_educator_sales_idx"`);
  }
}
