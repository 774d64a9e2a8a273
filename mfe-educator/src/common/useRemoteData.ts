import {
  type ApiClient,
  type Loadable,
  type QueryKey,
  toLoadable,
  useApi,
  useQuery,
  useQueryClient,
} from '@academy/platform';
import { useCallback } from 'react';

/**
 * An educator page's data through the shared query cache (keys from `queryKeys.educator`): cached, fetched once
 * however many components ask, retried only for network/5xx failures, and a failure toasted once by the
 * platform as well as returned as the error state (the portal's one `Loadable` shape).
 */
export function useRemoteData<T>(queryKey: QueryKey, load: (api: ApiClient) => Promise<T>) {
  const api = useApi();
  const client = useQueryClient();
  const query = useQuery({ queryKey, queryFn: () => load(api) });
  const reload = useCallback(() => void query.refetch(), [query.refetch]);
  /** Replaces the cached data after a change the server confirmed (no reload needed). */
  const setData = useCallback((update: (current: T) => T) => client.setQueryData<T>(queryKey, (current) => (current === undefined ? current : update(current))), [client, queryKey]);
  const state: Loadable<T> = toLoadable(query);
  return { state, reload, setData };
}
