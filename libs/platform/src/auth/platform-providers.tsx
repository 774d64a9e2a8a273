import type { AppState } from '@auth0/auth0-react';
import { useCallback, type ReactNode } from 'react';
import { useNavigate } from '@academy/routing';
import type { RuntimeConfig } from '../config/runtime-config';
import { RuntimeConfigProvider } from '../config/runtime-config-context';
import { UserSync } from '../user/user-sync';
import { PlatformQueryProvider } from '../api/query-provider';
import { LazySignIn } from './lazy-sign-in';
import { OfflineSync } from '../offline/offline-writes';
import { ToastHost } from '../toast/toast-host';

// Importing notistack-host here would put notistack back on the first page: the constant lives with the queue.
export { TOAST_AUTO_HIDE_MS } from '../toast/toast-queue';

export const AUTH_SCOPE = 'openid profile email offline_access';

/** Auth0Provider settings, derived only from the runtime config so a real tenant needs no code change. */
export function auth0Options(config: RuntimeConfig, origin: string) {
  return {
    domain: config.auth0.domain,
    clientId: config.auth0.clientId,
    authorizationParams: { audience: config.auth0.audience, redirect_uri: origin, scope: AUTH_SCOPE },
    // No silent iframe login on the sandbox (nor with third-party cookies blocked): refresh tokens instead.
    useRefreshTokens: true,
    cacheLocation: 'localstorage' as const,
  };
}

/**
 * Everything an app needs around its routes: runtime config, sign-in, toasts, the query cache and the user store. Mounted once
 * in the shell (or in a remote's standalone host), inside the router so sign-in can return to the page it left.
 */
export function PlatformProviders({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  const navigate = useNavigate();
  const onRedirectCallback = useCallback(
    (appState?: AppState) => navigate(appState?.returnTo ?? '/', { replace: true }),
    [navigate],
  );
  return (
    <RuntimeConfigProvider config={config}>
      <LazySignIn options={auth0Options(config, window.location.origin)} onRedirectCallback={onRedirectCallback}>
        <ToastHost />
        <PlatformQueryProvider>
          <UserSync />
          <OfflineSync />
          {children}
        </PlatformQueryProvider>
      </LazySignIn>
    </RuntimeConfigProvider>
  );
}
