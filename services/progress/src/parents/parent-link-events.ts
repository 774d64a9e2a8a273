import type { ParentLinkEvent } from '@academy/contracts';
import type { OutboxWriter } from '@academy/service-core';
import type { EntityManager } from 'typeorm';

/**
 * A `parent_links` statement's RETURNING list for the events: the pair and the link's creation time to the
 * microsecond (it orders one link's made and removed events in catalogue's course access projection).
 */
export const LINK_EVENT_COLUMNS = `"parent_id", "child_id", to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "linked_at"`;

export interface LinkEventRow {
  parent_id: string;
  child_id: string;
  linked_at: string;
}

/** Tells catalogue of each link made or removed (`parent.linked` / `parent.unlinked`), in the transaction that changed it. */
export async function recordLinkChanges(outbox: OutboxWriter, manager: EntityManager, topic: string, rows: readonly LinkEventRow[]): Promise<void> {
  for (const row of rows) {
    await outbox.add<Omit<ParentLinkEvent, 'eventId'>>(manager, {
      topic,
      key: `${row.parent_id}/${row.child_id}`,
      payload: { parentId: row.parent_id, childId: row.child_id, linkedAt: row.linked_at },
    });
  }
}
