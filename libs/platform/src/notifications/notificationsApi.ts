// The signed-in user's notifications (progress): list, count, read, email settings, live stream.
import {
  apiPath,
  notificationsListRoute,
  notificationsSettingsRoute,
  notificationsStreamRoute,
  type NotificationStreamNew,
  type NotificationStreamUnread,
} from '@academy/contracts';
import { apiUrl } from '../api/api-client';
import { callApi } from '../api/call-api';
import { queryKeys } from '../api/query-keys';
import { useApi } from '../api/use-api';
import { usePortalAuth } from '../auth/portal-auth';
import { useRuntimeConfig } from '../config/runtime-config-context';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { readEventStream } from './eventStream';

/** First wait before reconnecting a dropped stream; doubled after each failure up to the maximum. */
export const STREAM_RECONNECT_MS = 2_000;
const STREAM_RECONNECT_MAX_MS = 60_000;

export function useNotificationList(enabled: boolean) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: queryKeys.notifications.list(),
    queryFn: ({ pageParam }) => callApi(api, notificationsListRoute, { query: { cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    meta: { errorToast: false },
  });
}

export function useNotificationEmailSettings(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.notifications.emailSettings(),
    queryFn: async () => (await callApi(api, notificationsSettingsRoute)).settings,
    enabled,
    meta: { errorToast: false },
  });
}

/**
 * The unread count, live: the stream says it on connect and with each new notification (which also refreshes the
 * list, and the doubts shown on the page: an answer arrives without a reload). A dropped stream reconnects with a
 * fresh token after 2 s, 4 s, … up to a minute. `null` until the first count.
 */
export function useLiveUnreadCount(enabled: boolean): [number | null, (count: number) => void] {
  const { apiBaseUrl } = useRuntimeConfig();
  const { getAccessTokenSilently } = usePortalAuth();
  const queryClient = useQueryClient();
  const [unread, setUnread] = useState<number | null>(null);

  useEffect(() => {
    if (!enabled || typeof fetch !== 'function' || typeof TextDecoder === 'undefined') return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = STREAM_RECONNECT_MS;
    const connect = async () => {
      try {
        const token = await getAccessTokenSilently();
        if (!token || controller.signal.aborted) return;
        await readEventStream(
          apiUrl(apiBaseUrl, apiPath(notificationsStreamRoute)),
          token,
          (event) => {
            delay = STREAM_RECONNECT_MS; // it works again
            if (event.event === 'unread') {
              setUnread((JSON.parse(event.data) as NotificationStreamUnread).unreadCount);
            } else if (event.event === 'notification') {
              const update = JSON.parse(event.data) as NotificationStreamNew;
              setUnread(update.unreadCount);
              void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.list() });
              if (update.notification.kind.startsWith('doubt_')) {
                void queryClient.invalidateQueries({ queryKey: queryKeys.doubts.all });
                void queryClient.invalidateQueries({ queryKey: queryKeys.educator.inbox() });
              }
            }
          },
          controller.signal,
        );
      } catch (error) {
        if (controller.signal.aborted || (error as { status?: number }).status === 401) return;
      }
      if (controller.signal.aborted) return;
      timer = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, STREAM_RECONNECT_MAX_MS);
    };
    void connect();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [enabled, apiBaseUrl, getAccessTokenSilently, queryClient]);

  return [unread, setUnread];
}
