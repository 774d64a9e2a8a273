import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Quotes a Postgres identifier (schema names come from code, never from users, but stay safe anyway). */
export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** `"<schema>"."outbox"`. */
export const outboxTable = (schema: string): string => `${quoteIdent(schema)}."outbox"`;

/**
 * SQL that creates a schema's outbox table, for a migration's `up` (`for (const sql of createOutboxTableSql('progress'))
 * await runner.query(sql)`). Columns: the event id (becomes the BullMQ job id), target queue, topic (the job name),
 * JSON payload, an optional ordering/partition key, when it was written and sent, and the relay's attempts.
 */
export function createOutboxTableSql(schema: string): string[] {
  const table = outboxTable(schema);
  return [
    `CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`,
    `CREATE TABLE ${table} (
       "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
       "queue" text NOT NULL,
       "name" text NOT NULL,
       "payload" jsonb NOT NULL,
       "key" text,
       "created_at" timestamptz NOT NULL DEFAULT now(),
       "dispatched_at" timestamptz,
       "attempts" integer NOT NULL DEFAULT 0,
       "last_error" text
     )`,
    `CREATE INDEX "outbox_pending_idx" ON ${table} ("created_at") WHERE "dispatched_at" IS NULL`,
  ];
}

/**
 * SQL for a migration's `up` that adds `request_id` to an existing outbox: the id of the request (or job) that wrote
 * the event, so the relayed job, and every log line of its handler, carries the id the edge gave the request.
 */
export function addOutboxRequestIdSql(schema: string): string[] {
  return [`ALTER TABLE ${outboxTable(schema)} ADD COLUMN "request_id" text`];
}

/** SQL for the matching `down`. */
export function dropOutboxRequestIdSql(schema: string): string[] {
  return [`ALTER TABLE ${outboxTable(schema)} DROP COLUMN IF EXISTS "request_id"`];
}

/** SQL for a migration's `down`. */
export function dropOutboxTableSql(schema: string): string[] {
  return [`DROP TABLE IF EXISTS ${outboxTable(schema)}`];
}

/**
 * The outbox row as a TypeORM entity, for services that want a repository over it (tests, admin pages). The
 * table lives in the service's own schema (the data source's `schema` applies). The writer and relay use SQL
 * and do not need it registered.
 */
@Entity({ name: 'outbox' })
export class OutboxRecord {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** BullMQ queue the relay sends it to. */
  @Column({ type: 'text' })
  queue!: string;

  /** The topic: the job name on that queue. */
  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Column({ type: 'text', nullable: true })
  key!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'dispatched_at', type: 'timestamptz', nullable: true })
  dispatchedAt!: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  /** The request id the event was written under (addOutboxRequestIdSql); the relayed job runs under it. */
  @Column({ name: 'request_id', type: 'text', nullable: true })
  requestId!: string | null;
}
