import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Events the catalogue has already applied to its counters (at-least-once delivery → apply once). */
export class CreateProcessedEvents1760000200000 implements MigrationInterface {
  name = 'CreateProcessedEvents1760000200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE SCHEMA IF NOT EXISTS catalogue');
    await queryRunner.query(`
      CREATE TABLE catalogue.processed_events (
        event_key text PRIMARY KEY,
        topic text NOT NULL,
        course_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE catalogue.processed_events');
  }
}
