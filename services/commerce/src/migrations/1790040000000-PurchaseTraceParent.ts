import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The W3C `traceparent` of the request that created a purchase: its verification job, whether the checkout's call
 * or Razorpay's webhook enqueues it, continues that trace, so one purchase is one trace from the click to the
 * enrolment. Null when tracing is off.
 */
export class PurchaseTraceParent1790040000000 implements MigrationInterface {
  name = 'PurchaseTraceParent1790040000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "commerce"."purchases" ADD COLUMN "trace_parent" text CHECK ("trace_parent" ~ '^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "commerce"."purchases" DROP COLUMN "trace_parent"`);
  }
}
