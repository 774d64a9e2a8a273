import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** A webhook's key: what its signature covers (event, entity id, status), the event's name and its order. */
export interface WebhookEventKey {
  eventId: string;
  event: string;
  orderId: string | null;
}

/** commerce.webhook_events: the key of every Razorpay webhook handled, so each is handled once. */
@Injectable()
export class WebhookEventsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async seen(eventId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM "commerce"."webhook_events" WHERE "event_id" = $1`, [eventId]);
    return rows.length > 0;
  }

  /** Records the key; false when it was recorded already (a duplicate delivery). */
  async record(key: WebhookEventKey, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const inserted: { event_id: string }[] = await manager.query(
      `INSERT INTO "commerce"."webhook_events" ("event_id", "event", "order_id") VALUES ($1, $2, $3)
         ON CONFLICT ("event_id") DO NOTHING RETURNING "event_id"`,
      [key.eventId, key.event, key.orderId],
    );
    return inserted.length > 0;
  }
}
