// What pages call to write while the network may be gone; the IndexedDB outbox loads only when needed.
import { useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect } from 'react';
import type { ApiClient } from '../api/api-client';
import { useApi } from '../api/use-api';
import { queryKeys } from '../api/query-keys';
import { usePortalAuth } from '../auth/portal-auth';
import { useToast } from '../toast/use-toast';
import { translateMessage } from '../i18n/messages';
import { isOfflineFailure } from './online-status';
import { outboxMayHoldWrites } from './outbox-database';
import type { QueuedWrite } from './outbox';

export type { QueuedWrite, ReplayOutcome } from './outbox';

/** Dispatched on window whenever the outbox changes (a write queued, the queue sent): pages showing it re-read it. */
export const OUTBOX_CHANGED_EVENT = 'academy:outbox-changed';

export interface OfflineWrite {
  path: string;
  body: unknown;
  label: string;
}

export type SendOrQueueResult<T> = { queued: false; answer: T } | { queued: true; write: QueuedWrite };

/**
 * Posts `write` now, or, when there is no network (offline, or the request never reached the server), keeps it in
 * the user's outbox to be sent when the network returns. Only for writes the server makes idempotent.
 * A refusal by the server (an HTTP status) is thrown as usual.
 */
export async function sendOrQueue<T>(api: Pick<ApiClient, 'post'>, userId: string, write: OfflineWrite): Promise<SendOrQueueResult<T>> {
  if (navigator.onLine) {
    try {
      return { queued: false, answer: await api.post<T>(write.path, write.body) };
    } catch (error) {
      if (!isOfflineFailure(error)) throw error;
    }
  }
  const { queueWrite } = await import('./outbox');
  const queued = await queueWrite({ userId, ...write });
  window.dispatchEvent(new Event(OUTBOX_CHANGED_EVENT));
  return { queued: true, write: queued };
}

/** The user's writes still waiting for the network (the player shows a lecture completed offline as completed). */
export async function queuedWrites(userId: string): Promise<QueuedWrite[]> {
  if (!(await outboxMayHoldWrites())) return [];
  const { pendingWrites } = await import('./outbox');
  return pendingWrites(userId);
}

/**
 * Sends the signed-in user's queued writes when the network returns (and once after a page load, for writes left
 * by a page closed while offline), then refreshes the learner's data. Mounted once by PlatformProviders.
 */
export function OfflineSync() {
  const { isAuthenticated, isLoading, user } = usePortalAuth();
  const userId = isAuthenticated ? user?.sub : undefined;
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (isLoading || !userId) return;
    let running = false;
    let disposed = false;
    const replay = async () => {
      if (running || disposed || !navigator.onLine) return;
      running = true;
      try {
        if (!(await outboxMayHoldWrites())) return;
        const { pendingWrites, replayWrites } = await import('./outbox');
        if ((await pendingWrites(userId)).length === 0) return;
        const { sent, refused } = await replayWrites(userId, api);
        if (sent.length > 0) {
          toast.success(i18next.t('platform:offline.backOnline', { count: sent.length }));
          await queryClient.invalidateQueries({ queryKey: queryKeys.learner.all });
        }
        for (const { write, message } of refused) toast.error(`${write.label}: ${translateMessage(message)}`);
        window.dispatchEvent(new Event(OUTBOX_CHANGED_EVENT));
      } catch (error) {
        console.warn('Sending the changes made offline failed; they stay queued.', error);
      } finally {
        running = false;
      }
    };
    // Not on the first render's path: once the page has loaded and the browser is idle.
    const startLater = () => (window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1)))(() => void replay());
    if (document.readyState === 'complete') startLater();
    else window.addEventListener('load', startLater, { once: true });
    const onOnline = () => void replay();
    window.addEventListener('online', onOnline);
    return () => {
      disposed = true;
      window.removeEventListener('load', startLater);
      window.removeEventListener('online', onOnline);
    };
  }, [isLoading, userId, api, toast, queryClient]);
  return null;
}
