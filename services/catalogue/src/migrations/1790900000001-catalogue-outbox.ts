import { addOutboxRequestIdSql, createOutboxTableSql, dropOutboxTableSql, outboxTable } from '@academy/service-core';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `catalogue.outbox`: catalogue's events for other services (`live_class.recorded` to progress), written in the
 * transaction of the change and relayed by the catalogue worker. With the relay's back-off and dead-letter columns
 * (the dead-letter table itself exists since migration 1770200000120).
 */
export class CatalogueOutbox1790900000001 implements MigrationInterface {
  name = 'CatalogueOutbox1790900000001';

  async up(runner: QueryRunner): Promise<void> {
    const outbox = outboxTable('catalogue');
    for (const sql of [...createOutboxTableSql('catalogue'), ...addOutboxRequestIdSql('catalogue')]) await runner.query(sql);
    await runner.query(`ALTER TABLE ${outbox} ADD COLUMN "next_attempt_at" timestamptz, ADD COLUMN "dead_lettered_at" timestamptz`);
    await runner.query(`DROP INDEX "catalogue"."outbox_pending_idx"`);
    await runner.query(`CREATE INDEX "outbox_pending_idx" ON ${outbox} ("created_at") WHERE "dispatched_at" IS NULL AND "dead_lettered_at" IS NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const sql of dropOutboxTableSql('catalogue')) await runner.query(sql);
  }
}
