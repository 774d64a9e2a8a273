import { errorMessage, useApi, type ApiClient } from '@academy/platform';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';

export type RemoteData<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; message: string };

/**
 * An educator page's data through the shared query cache (keys from `queryKeys.educator`): cached, fetched once
 * however many components ask, retried only for network/5xx failures, and a failure toasted once by the
 * platform as well as returned as the error state.
 */
export function useRemoteData<T>(queryKey: QueryKey, load: (api: ApiClient) => Promise<T>) {
  const api = useApi();
  const client = useQueryClient();
  const query = useQuery({ queryKey, queryFn: () => load(api) });
  const reload = useCallback(() => void query.refetch(), [query.refetch]);
  /** Replaces the cached data after a change the server confirmed (no reload needed). */
  const setData = useCallback((update: (current: T) => T) => client.setQueryData<T>(queryKey, (current) => (current === undefined ? current : update(current))), [client, queryKey]);

  const state: RemoteData<T> =
    query.data !== undefined
      ? { status: 'ready', data: query.data }
      : query.isError
        ? { status: 'error', message: errorMessage(query.error) } // the server's English sentence in the reader's language
        : { status: 'loading' };
  return { state, reload, setData };
}
