import { createOutboxTableSql, dropOutboxTableSql } from '@academy/service-core';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `progress.outbox`: events for other services (course.enrolled, course.rated), relayed by the worker. */
export class CreateProgressOutbox1760000050000 implements MigrationInterface {
  name = 'CreateProgressOutbox1760000050000';

  async up(runner: QueryRunner): Promise<void> {
    for (const sql of createOutboxTableSql('progress')) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const sql of dropOutboxTableSql('progress')) await runner.query(sql);
  }
}
