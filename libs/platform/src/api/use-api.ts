import { useMemo } from 'react';
import { useRuntimeConfig } from '../config/runtime-config-context';
import { createApiClient, type ApiClient } from './api-client';
import { usePortalAuth } from '../auth/portal-auth';

/** API client bound to the runtime config's base URL and the signed-in user's access token. */
export function useApi(): ApiClient {
  const { apiBaseUrl } = useRuntimeConfig();
  const { isAuthenticated, getAccessTokenSilently } = usePortalAuth();
  return useMemo(
    () =>
      createApiClient({
        baseUrl: apiBaseUrl,
        getToken: async () => (isAuthenticated ? ((await getAccessTokenSilently()) ?? null) : null),
      }),
    [apiBaseUrl, isAuthenticated, getAccessTokenSilently],
  );
}
