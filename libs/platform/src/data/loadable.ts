import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../api/api-client';
import { errorMessage } from '../toast/use-toast';

/**
 * The one shape every page's data hook answers with: loading, failed (the message in the reader's language and,
 * for a server's answer, its HTTP status, so a page can tell "not found" from "try again"), or ready.
 */
export type Loadable<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string; httpStatus?: number }
  | { status: 'ready'; data: T };

/**
 * A TanStack query as a `Loadable` plus `reload()`; data already shown stays shown while a refetch fails. Any
 * `refetch` will do (an infinite query's pages, read as one value, reload the same way).
 */
export function toLoadable<T>(query: Pick<UseQueryResult<T>, 'data' | 'isError' | 'error'> & { refetch(): unknown }): Loadable<T> & { reload(): void } {
  const reload = () => void query.refetch();
  if (query.data !== undefined) return { status: 'ready', data: query.data, reload };
  if (query.isError) {
    const httpStatus = query.error instanceof ApiError ? query.error.status : undefined;
    return { status: 'error', message: errorMessage(query.error), ...(httpStatus === undefined ? {} : { httpStatus }), reload };
  }
  return { status: 'loading', reload };
}
