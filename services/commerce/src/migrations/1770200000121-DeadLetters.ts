import { createDeadLetterTableSql, dropDeadLetterTableSql } from '@academy/service-core';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Events never dropped silently: the dead-letter table, and the outbox relay's back-off and set-aside columns (docs/operations.md, "Dead letters"). */
export class DeadLetters1770200000121 implements MigrationInterface {
  name = 'DeadLetters1770200000121';

  async up(runner: QueryRunner): Promise<void> {
    for (const sql of createDeadLetterTableSql('commerce', { withOutbox: true })) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const sql of dropDeadLetterTableSql('commerce', { withOutbox: true })) await runner.query(sql);
  }
}
