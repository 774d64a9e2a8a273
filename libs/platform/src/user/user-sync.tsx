import { userDataRoute } from '@academy/contracts';
import { useEffect } from 'react';
import { callApi } from '../api/call-api';
import { useApi } from '../api/use-api';
import { useUserStore } from './user-store';
import { usePortalAuth } from '../auth/portal-auth';

/** Keeps the user store in step with Auth0: load on sign-in, clear on sign-out. Mounted once by PlatformProviders. */
export function UserSync() {
  const { isAuthenticated, isLoading } = usePortalAuth();
  const api = useApi();
  useEffect(() => {
    if (isLoading) return;
    if (isAuthenticated) void useUserStore.getState().load(() => callApi(api, userDataRoute));
    else useUserStore.getState().clear();
  }, [isAuthenticated, isLoading, api]);
  return null;
}
