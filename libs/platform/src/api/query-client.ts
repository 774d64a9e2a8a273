// The one TanStack Query client of the front end (shared as a federation singleton through @academy/platform):
// bounded retries for failures worth retrying, and one error toast per failed query, not per component.
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { errorMessage } from '../toast/use-toast';

/** Extra tries after the first for a network failure or 5xx; a 4xx is the server's answer and is never retried. */
export const MAX_QUERY_RETRIES = 2;

/** What a query says about its failures (`meta` of useQuery). */
export interface PlatformQueryMeta extends Record<string, unknown> {
  /** false: the page shows the failure itself; a function: toast only the failures it returns true for. */
  errorToast?: boolean | ((error: unknown) => boolean);
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: PlatformQueryMeta;
  }
}

export function isRetryableError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === undefined || error.status >= 500;
}

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isRetryableError(error);
}

export interface QueryClientOptions {
  /** Shows a failed query's message (the platform's toast). */
  onError(message: string): void;
  /** Delay before retry n (tests pass 0). */
  retryDelay?: (attempt: number) => number;
}

export function createQueryClient({ onError, retryDelay = (attempt) => Math.min(1_000 * 2 ** attempt, 8_000) }: QueryClientOptions): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const rule = query.meta?.errorToast ?? true;
        if (rule === true || (typeof rule === 'function' && rule(error))) onError(errorMessage(error));
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay,
        // Data counts as fresh for half a minute: pages opened again show it at once and refresh behind.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
