import { addOutboxRequestIdSql, dropOutboxRequestIdSql } from '@academy/service-core';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An outbox row keeps the request id it was written under, so the relayed job (and its log lines) carries it. */
export class OutboxRequestId1770200040000 implements MigrationInterface {
  name = 'OutboxRequestId1770200040000';

  async up(runner: QueryRunner): Promise<void> {
    for (const sql of addOutboxRequestIdSql('commerce')) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const sql of dropOutboxRequestIdSql('commerce')) await runner.query(sql);
  }
}
