import { createDeadLetterTableSql, dropDeadLetterTableSql } from '@academy/service-core';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Events never dropped silently: the dead-letter table (docs/operations.md, "Dead letters"). */
export class DeadLetters1770200000120 implements MigrationInterface {
  name = 'DeadLetters1770200000120';

  async up(runner: QueryRunner): Promise<void> {
    for (const sql of createDeadLetterTableSql('catalogue')) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const sql of dropDeadLetterTableSql('catalogue')) await runner.query(sql);
  }
}
