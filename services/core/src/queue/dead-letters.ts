import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Queue, type Job } from 'bullmq';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { CORE_CONFIG, type CoreConfig } from '../config/config.js';
import { metricsRegistry } from '../metrics/http-metrics.js';
import { outboxTable, quoteIdent } from '../outbox/outbox-table.js';
import { jobOptionsFrom, PRODUCER_REDIS_OPTIONS } from './queue-defaults.js';

/** Injection token: the PostgreSQL schema the service owns (its dead letters live there). */
export const SERVICE_SCHEMA = Symbol('SERVICE_SCHEMA');

/** `"<schema>"."dead_letters"`. */
export const deadLetterTable = (schema: string): string => `${quoteIdent(schema)}."dead_letters"`;

/**
 * Where an event gave up: `relay` (the outbox row could not be put on its queue, see OutboxRelay) or `consumer`
 * (the job exhausted its attempts in a worker).
 */
export type DeadLetterStage = 'relay' | 'consumer';

/** `dead`: waiting for an operator. `replayed`: put back on its queue (it turns `dead` again if it fails again). */
export type DeadLetterStatus = 'dead' | 'replayed';

export interface DeadLetter {
  id: string;
  queue: string;
  jobId: string;
  name: string;
  data: Record<string, unknown>;
  stage: DeadLetterStage;
  status: DeadLetterStatus;
  error: string;
  attempts: number;
  deadAt: string;
  replayedAt: string | null;
  replayCount: number;
}

interface DeadLetterRow {
  id: string;
  queue: string;
  job_id: string;
  name: string;
  data: Record<string, unknown>;
  stage: DeadLetterStage;
  status: DeadLetterStatus;
  error: string;
  attempts: number;
  dead_at: Date;
  replayed_at: Date | null;
  replay_count: number;
}

const toDeadLetter = (row: DeadLetterRow): DeadLetter => ({
  id: row.id,
  queue: row.queue,
  jobId: row.job_id,
  name: row.name,
  data: row.data,
  stage: row.stage,
  status: row.status,
  error: row.error,
  attempts: row.attempts,
  deadAt: row.dead_at.toISOString(),
  replayedAt: row.replayed_at?.toISOString() ?? null,
  replayCount: row.replay_count,
});

/**
 * SQL for a migration's `up`: the service's dead-letter table (one row per queue and job id: a job that dies again
 * after a replay updates its row), and, when the service owns an outbox, the relay's columns for backing off a
 * failing row and setting it aside (`withOutbox`).
 */
export function createDeadLetterTableSql(schema: string, options: { withOutbox?: boolean } = {}): string[] {
  const table = deadLetterTable(schema);
  const statements = [
    `CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`,
    `CREATE TABLE ${table} (
       "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
       "queue" text NOT NULL,
       "job_id" text NOT NULL,
       "name" text NOT NULL,
       "data" jsonb NOT NULL,
       "stage" text NOT NULL CHECK ("stage" IN ('relay', 'consumer')),
       "status" text NOT NULL DEFAULT 'dead' CHECK ("status" IN ('dead', 'replayed')),
       "error" text NOT NULL,
       "attempts" integer NOT NULL,
       "dead_at" timestamptz NOT NULL DEFAULT now(),
       "replayed_at" timestamptz,
       "replay_count" integer NOT NULL DEFAULT 0,
       CONSTRAINT "dead_letters_queue_job_uq" UNIQUE ("queue", "job_id")
     )`,
    `CREATE INDEX "dead_letters_dead_idx" ON ${table} ("dead_at") WHERE "status" = 'dead'`,
  ];
  if (options.withOutbox) {
    const outbox = outboxTable(schema);
    statements.push(
      `ALTER TABLE ${outbox} ADD COLUMN "next_attempt_at" timestamptz, ADD COLUMN "dead_lettered_at" timestamptz`,
      `DROP INDEX IF EXISTS ${quoteIdent(schema)}."outbox_pending_idx"`,
      `CREATE INDEX "outbox_pending_idx" ON ${outbox} ("created_at") WHERE "dispatched_at" IS NULL AND "dead_lettered_at" IS NULL`,
    );
  }
  return statements;
}

/** SQL for the matching `down`. */
export function dropDeadLetterTableSql(schema: string, options: { withOutbox?: boolean } = {}): string[] {
  const statements = [`DROP TABLE IF EXISTS ${deadLetterTable(schema)}`];
  if (options.withOutbox) {
    const outbox = outboxTable(schema);
    statements.push(
      `DROP INDEX IF EXISTS ${quoteIdent(schema)}."outbox_pending_idx"`,
      `ALTER TABLE ${outbox} DROP COLUMN IF EXISTS "next_attempt_at", DROP COLUMN IF EXISTS "dead_lettered_at"`,
      `CREATE INDEX "outbox_pending_idx" ON ${outbox} ("created_at") WHERE "dispatched_at" IS NULL`,
    );
  }
  return statements;
}

export class DeadLetterNotFoundError extends Error {
  override name = 'DeadLetterNotFoundError';
}

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** Stores set up in this process; the gauge reads their tables when Prometheus scrapes. */
const scrapedStores = new Set<DeadLetterStore>();

new Gauge({
  name: 'academy_dead_letters',
  help: 'Events waiting for an operator in the dead-letter table (status dead), by schema, queue and stage',
  labelNames: ['schema', 'queue', 'stage'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const store of scrapedStores) {
      try {
        for (const { queue, stage, count } of await store.countDead()) this.set({ schema: store.schema, queue, stage }, count);
      } catch {
        // The database is down: /health says so; the scrape still answers with the other metrics.
      }
    }
  },
});

/**
 * A service's dead letters: events whose consumer kept failing (recorded by every QueueModule worker when a job
 * fails its LAST attempt) or whose outbox row could not be relayed. Each is logged at error level, counted by the
 * `academy_dead_letters` gauge on /metrics, listed for operators, and replayed on demand: the job is put back on
 * its queue with the same job id and data (consumers are idempotent on the event id, so a replay never applies an
 * event twice).
 */
@Injectable()
export class DeadLetterStore implements OnModuleDestroy {
  private readonly logger = new Logger('DeadLetters');
  private readonly queues = new Map<string, Queue>();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_SCHEMA) readonly schema: string,
    @Inject(CORE_CONFIG) private readonly config: CoreConfig,
  ) {}

  /** Counts dead letters in the `academy_dead_letters` gauge of this process's /metrics. */
  exposeMetric(): true {
    scrapedStores.add(this);
    return true;
  }

  async onModuleDestroy(): Promise<void> {
    scrapedStores.delete(this);
    await Promise.all([...this.queues.values()].map((queue) => queue.close().catch(() => undefined)));
    this.queues.clear();
  }

  /** Records a job that failed its last attempt (the worker's `failed` event once `finishedOn` is set). */
  async recordFailedJob(queue: string, job: Job, error: unknown): Promise<void> {
    await this.record({
      queue,
      jobId: String(job.id),
      name: job.name,
      data: (job.data ?? {}) as Record<string, unknown>,
      stage: 'consumer',
      error: errorMessage(error ?? job.failedReason),
      attempts: job.attemptsMade,
    });
  }

  /** Upserts a dead letter (a replayed job that dies again turns `dead` again) and logs it at error level. */
  async record(
    entry: { queue: string; jobId: string; name: string; data: Record<string, unknown>; stage: DeadLetterStage; error: string; attempts: number },
    manager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ${deadLetterTable(this.schema)} ("queue", "job_id", "name", "data", "stage", "error", "attempts")
       VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)
       ON CONFLICT ("queue", "job_id") DO UPDATE SET "status" = 'dead', "stage" = EXCLUDED."stage", "error" = EXCLUDED."error",
         "attempts" = EXCLUDED."attempts", "data" = EXCLUDED."data", "dead_at" = now()`,
      [entry.queue, entry.jobId, entry.name, JSON.stringify(entry.data), entry.stage, entry.error, entry.attempts],
    );
    this.logger.error(
      `DEAD LETTER ${entry.stage} ${entry.queue}/${entry.name} job ${entry.jobId} after ${entry.attempts} attempt(s): ${entry.error}`,
    );
  }

  async list(options: { status?: DeadLetterStatus; limit?: number } = {}): Promise<DeadLetter[]> {
    const rows: DeadLetterRow[] = await this.dataSource.query(
      `SELECT * FROM ${deadLetterTable(this.schema)} WHERE ($1::text IS NULL OR "status" = $1) ORDER BY "dead_at" DESC, "id" LIMIT $2`,
      [options.status ?? null, Math.min(Math.max(options.limit ?? 100, 1), 500)],
    );
    return rows.map(toDeadLetter);
  }

  async get(id: string): Promise<DeadLetter | undefined> {
    const rows: DeadLetterRow[] = await this.dataSource.query(`SELECT * FROM ${deadLetterTable(this.schema)} WHERE "id" = $1`, [id]);
    return rows[0] ? toDeadLetter(rows[0]) : undefined;
  }

  async countDead(): Promise<{ queue: string; stage: DeadLetterStage; count: number }[]> {
    const rows: { queue: string; stage: DeadLetterStage; count: string }[] = await this.dataSource.query(
      `SELECT "queue", "stage", count(*) AS "count" FROM ${deadLetterTable(this.schema)} WHERE "status" = 'dead' GROUP BY 1, 2`,
    );
    return rows.map((row) => ({ queue: row.queue, stage: row.stage, count: Number(row.count) }));
  }

  /**
   * Puts a dead event back on its queue, after the fault is fixed: the failed job (kept in Redis for 30 days) is
   * removed and added again with the same id, name and data and fresh attempts; a relay-stage row is marked sent in
   * the outbox. Replaying a letter that is not `dead` (already replayed) changes nothing and returns it as it is.
   */
  async replay(id: string): Promise<DeadLetter> {
    const letter = await this.get(id);
    if (!letter) throw new DeadLetterNotFoundError(`No dead letter ${id}`);
    if (letter.status !== 'dead') return letter;
    const queue = this.queueFor(letter.queue);
    const existing = await queue.getJob(letter.jobId);
    if (existing) {
      const state = await existing.getState();
      if (state === 'failed' || state === 'completed') await existing.remove();
    }
    await queue.add(letter.name, letter.data, { jobId: letter.jobId });
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE ${deadLetterTable(this.schema)} SET "status" = 'replayed', "replayed_at" = now(), "replay_count" = "replay_count" + 1
          WHERE "id" = $1 AND "status" = 'dead'`,
        [id],
      );
      if (letter.stage === 'relay') {
        await manager.query(
          `UPDATE ${outboxTable(this.schema)} SET "dispatched_at" = now(), "dead_lettered_at" = NULL, "last_error" = NULL WHERE "id"::text = $1`,
          [letter.jobId],
        );
      }
    });
    this.logger.warn(`dead letter ${id} (${letter.queue}/${letter.name} job ${letter.jobId}) replayed`);
    return (await this.get(id))!;
  }

  private queueFor(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: { url: this.config.REDIS_URL, ...PRODUCER_REDIS_OPTIONS },
        prefix: this.config.QUEUE_PREFIX,
        defaultJobOptions: jobOptionsFrom(this.config),
      });
      this.queues.set(name, queue);
    }
    return queue;
  }
}
