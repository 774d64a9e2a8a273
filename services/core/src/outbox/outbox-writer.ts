import type { EntityManager } from 'typeorm';
import { currentRequestId } from '../logging/request-context.js';
import { outboxTable } from './outbox-table.js';

/** Which BullMQ queue each topic goes to: `{ 'course.enrolled': 'catalogue' }`. */
export type OutboxRoutes = Readonly<Record<string, string>>;

export interface OutboxMessage<Payload extends object = Record<string, unknown>> {
  /** Event name; also the job name on its queue (must be a key of the routes). */
  topic: string;
  /** JSON-serialisable body; becomes the job's data. */
  payload: Payload;
  /** Optional business key (e.g. a purchase id) kept for look-ups and debugging. */
  key?: string;
}

export class OutboxError extends Error {
  override name = 'OutboxError';
}

/**
 * Writes events to `<schema>.outbox` inside the caller's transaction, so the event exists if and only if the
 * change it describes was committed. `add` returns the event id, which the relay uses as the BullMQ job id. The
 * request id of the work in progress (request-context.ts) is kept with the row, for the relay to hand to the job.
 */
export class OutboxWriter {
  constructor(
    readonly schema: string,
    readonly routes: OutboxRoutes,
  ) {}

  queueOf(topic: string): string {
    const queue = this.routes[topic];
    if (!queue) throw new OutboxError(`Outbox topic "${topic}" has no queue (known: ${Object.keys(this.routes).join(', ') || 'none'})`);
    return queue;
  }

  /** Call with the `EntityManager` of an open transaction (`dataSource.transaction(async (manager) => ...)`). */
  async add<Payload extends object>(manager: EntityManager, message: OutboxMessage<Payload>): Promise<string> {
    const queue = this.queueOf(message.topic);
    if (!manager.queryRunner?.isTransactionActive) {
      throw new OutboxError(`outbox.add("${message.topic}") must run inside a transaction`);
    }
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO ${outboxTable(this.schema)} ("queue", "name", "payload", "key", "request_id") VALUES ($1, $2, $3::jsonb, $4, $5) RETURNING "id"`,
      [queue, message.topic, JSON.stringify(message.payload), message.key ?? null, currentRequestId() ?? null],
    );
    return rows[0]!.id;
  }
}
