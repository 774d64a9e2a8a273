import { createContext, useContext, useMemo } from 'react';
import { useRuntimeConfig } from '../config/runtime-config-context';
import { createApiClient, type ApiClient } from './api-client';
import { usePortalAuth } from '../auth/portal-auth';

/**
 * The `fetch` the API client uses; the browser's own unless a provider says otherwise. The first screen's render on
 * the edge (`@academy/platform/server`) answers from the edge's copies of the page's first API answers.
 */
export const ApiFetchContext = createContext<typeof fetch | undefined>(undefined);

/** API client bound to the runtime config's base URL and the signed-in user's access token. */
export function useApi(): ApiClient {
  const { apiBaseUrl } = useRuntimeConfig();
  const { isAuthenticated, getAccessTokenSilently } = usePortalAuth();
  const fetchImpl = useContext(ApiFetchContext);
  return useMemo(
    () =>
      createApiClient({
        baseUrl: apiBaseUrl,
        getToken: async () => (isAuthenticated ? ((await getAccessTokenSilently()) ?? null) : null),
        fetchImpl,
      }),
    [apiBaseUrl, isAuthenticated, getAccessTokenSilently, fetchImpl],
  );
}
