import { useEffect } from 'react';
import { useLocation, useNavigate } from '@academy/routing';
import { useApi } from '../api/use-api';
import { useUserStore } from './user-store';
import { usePortalAuth } from '../auth/portal-auth';
import { fetchUserRecordingChoice, takeLandingCheck } from './role-choice';

/**
 * Keeps the user store in step with Auth0: load on sign-in (recording a role chosen at sign-up first), clear on
 * sign-out. A parent who signed in from the home page lands on the parent's home. Mounted once by PlatformProviders.
 */
export function UserSync() {
  const { isAuthenticated, isLoading } = usePortalAuth();
  const api = useApi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const status = useUserStore((state) => state.status);
  const isParent = useUserStore((state) => state.isParent);
  useEffect(() => {
    if (isLoading) return;
    if (isAuthenticated) void useUserStore.getState().load(() => fetchUserRecordingChoice(api));
    else useUserStore.getState().clear();
  }, [isAuthenticated, isLoading, api]);
  useEffect(() => {
    if (status !== 'ready' && status !== 'error') return;
    if (takeLandingCheck() && isParent && pathname === '/') navigate('/parent', { replace: true });
  }, [status, isParent, pathname, navigate]);
  return null;
}
