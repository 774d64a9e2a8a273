import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { JOB_REQUEST_ID_FIELD } from '../logging/request-context.js';
import type { DeadLetterStore } from '../queue/dead-letters.js';
import { outboxTable } from './outbox-table.js';

export interface OutboxRelayOptions {
  schema: string;
  /** Poll interval while idle (default 250 ms); a full batch is followed at once by the next. */
  pollIntervalMs?: number;
  /** Rows moved per transaction (default 100). */
  batchSize?: number;
  /**
   * Failed attempts to enqueue one row before it is set aside as a dead letter (default 10). Between attempts the
   * row waits 2^attempts seconds (at most 5 min), so a failing row never blocks the rows behind it.
   */
  maxAttempts?: number;
}

interface PendingRow {
  id: string;
  queue: string;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  request_id: string | null;
}

/** A row's job data: the payload, the event id, and the request id it was written under (when there was one). */
function jobDataOf(row: PendingRow): Record<string, unknown> {
  return { ...row.payload, eventId: row.id, ...(row.request_id ? { [JOB_REQUEST_ID_FIELD]: row.request_id } : {}) };
}

/**
 * Moves unsent outbox rows to their BullMQ queues: in one transaction it locks a batch (`FOR UPDATE SKIP LOCKED`,
 * so several workers share the work without sending a row twice at once), adds each as a job whose id is the
 * event id (its data is the payload plus `eventId`, and `requestId` when the row was written under one, so the job's log lines
 * carry the id of the request that caused the event), and marks the row sent. A crash after the add but before the commit re-sends the row later with
 * the same job id, which BullMQ de-duplicates while the job is kept; consumers must still be idempotent
 * (delivery is at least once).
 */
export class OutboxRelay {
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: ReadonlyMap<string, Queue>,
    private readonly options: OutboxRelayOptions,
    private readonly deadLetters?: DeadLetterStore,
  ) {
    this.logger = new Logger(`OutboxRelay:${options.schema}`);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Sends everything pending now (tests, shutdown); returns how many rows were sent. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.dispatchBatch();
      total += sent;
      if (sent < (this.options.batchSize ?? 100)) return total;
    }
  }

  /** One transaction: lock up to batchSize unsent rows, enqueue them, mark them sent. */
  dispatchBatch(): Promise<number> {
    const run = (this.running ?? Promise.resolve(0)).catch(() => 0).then(() => this.dispatchOnce());
    this.running = run;
    return run;
  }

  private async dispatchOnce(): Promise<number> {
    const table = outboxTable(this.options.schema);
    return this.dataSource.transaction(async (manager) => {
      const rows: PendingRow[] = await manager.query(
        `SELECT "id", "queue", "name", "payload", "attempts", "request_id" FROM ${table}
          WHERE "dispatched_at" IS NULL AND "dead_lettered_at" IS NULL AND ("next_attempt_at" IS NULL OR "next_attempt_at" <= now())
          ORDER BY "created_at", "id" LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.options.batchSize ?? 100],
      );
      let sent = 0;
      for (const row of rows) {
        const queue = this.queues.get(row.queue);
        try {
          if (!queue) throw new Error(`this relay has no queue "${row.queue}"`);
          await queue.add(row.name, jobDataOf(row), { jobId: row.id });
          await manager.query(`UPDATE ${table} SET "dispatched_at" = now(), "attempts" = "attempts" + 1, "last_error" = NULL WHERE "id" = $1`, [row.id]);
          sent += 1;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const attempts = row.attempts + 1;
          if (attempts >= (this.options.maxAttempts ?? 10)) {
            await manager.query(
              `UPDATE ${table} SET "attempts" = $2, "last_error" = $3, "dead_lettered_at" = now() WHERE "id" = $1`,
              [row.id, attempts, message],
            );
            if (this.deadLetters) {
              await this.deadLetters.record(
                { queue: row.queue, jobId: row.id, name: row.name, data: jobDataOf(row), stage: 'relay', error: message, attempts },
                manager,
              );
            } else {
              this.logger.error(`DEAD LETTER relay ${row.queue}/${row.name} event ${row.id} after ${attempts} attempt(s): ${message}`);
            }
          } else {
            this.logger.warn(`event ${row.id} (${row.name} → ${row.queue}) not sent (attempt ${attempts}): ${message}`);
            await manager.query(
              `UPDATE ${table} SET "attempts" = $2, "last_error" = $3,
                 "next_attempt_at" = now() + make_interval(secs => least(power(2, $2::int), 300)) WHERE "id" = $1`,
              [row.id, attempts, message],
            );
          }
        }
      }
      return sent;
    });
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.dispatchBatch()
        .then((sent) => this.schedule(sent >= (this.options.batchSize ?? 100) ? 0 : (this.options.pollIntervalMs ?? 250)))
        .catch((error: unknown) => {
          if (!this.stopped) this.logger.warn(`outbox poll failed: ${error instanceof Error ? error.message : String(error)}`);
          this.schedule(Math.max(1000, this.options.pollIntervalMs ?? 250));
        });
    }, delayMs);
    this.timer.unref?.();
  }
}
