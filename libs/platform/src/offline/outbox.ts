// Writes made without a network, kept in IndexedDB per signed-in user and sent when the network returns.
// Only writes the server makes idempotent are queued (a lecture completion is keyed by the learner and the lecture,
// a quiz attempt by its attemptId), so a write sent twice (two tabs, a reply lost on the way back) counts once.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ApiClient } from '../api/api-client';
import { OUTBOX_DATABASE } from './outbox-database';

export interface QueuedWrite {
  /** Unique per queued write (never reused), the key of its row. */
  id: string;
  /** The signed-in user (sign-in subject) who made it: only they send it. */
  userId: string;
  /** API path, as the API client takes it (`/user/update-course-progress`). */
  path: string;
  body: unknown;
  /** What the learner did, for the message once it is sent ("Lecture 1.2 marked complete"). */
  label: string;
  queuedAt: number;
}

interface OutboxSchema extends DBSchema {
  writes: { key: string; value: QueuedWrite; indexes: { byUser: string } };
}

let database: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function db(): Promise<IDBPDatabase<OutboxSchema>> {
  database ??= openDB<OutboxSchema>(OUTBOX_DATABASE, 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore('writes', { keyPath: 'id' }).createIndex('byUser', 'userId');
    },
  });
  return database;
}

export async function queueWrite(write: Omit<QueuedWrite, 'id' | 'queuedAt'>): Promise<QueuedWrite> {
  const queued: QueuedWrite = { ...write, id: crypto.randomUUID(), queuedAt: Date.now() };
  await (await db()).put('writes', queued);
  return queued;
}

/** The user's writes not sent yet, oldest first. */
export async function pendingWrites(userId: string): Promise<QueuedWrite[]> {
  const rows = await (await db()).getAllFromIndex('writes', 'byUser', userId);
  return rows.sort((a, b) => a.queuedAt - b.queuedAt);
}

export interface ReplayOutcome {
  sent: QueuedWrite[];
  /** Refused by the server (no longer enrolled, quiz closed): dropped, with the server's message. */
  refused: { write: QueuedWrite; message: string }[];
}

/**
 * Sends the user's queued writes in order. One sender at a time across the user's tabs (a Web Lock); a write
 * leaves the queue once the server has answered it, kept when the network fails again (sent on the next return).
 */
export async function replayWrites(userId: string, api: Pick<ApiClient, 'post'>): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { sent: [], refused: [] };
  const send = async () => {
    for (const write of await pendingWrites(userId)) {
      // Another tab may have sent it while this one waited for the lock.
      if (!(await (await db()).get('writes', write.id))) continue;
      try {
        await api.post(write.path, write.body);
        outcome.sent.push(write);
      } catch (error) {
        const status = (error as { status?: number }).status;
        // No answer, or the server could not take it now: keep it for the next time the network returns.
        if (status === undefined || status >= 500 || status === 429 || status === 401) return;
        outcome.refused.push({ write, message: error instanceof Error ? error.message : String(error) });
      }
      await (await db()).delete('writes', write.id);
    }
  };
  if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request(`${OUTBOX_DATABASE}:${userId}`, send);
  else await send();
  return outcome;
}
