import type { AppState } from '@auth0/auth0-react';
import { useCallback, type ReactNode } from 'react';
import { useNavigate } from '@academy/routing';
import type { RuntimeConfig } from '../config/runtime-config';
import { RuntimeConfigProvider } from '../config/runtime-config-context';
import { UserSync } from '../user/user-sync';
import { LanguageSync } from '../i18n/language-sync';
import { PlatformQueryProvider } from '../api/query-provider';
import { LazySignIn } from './lazy-sign-in';
import { OfflineSync } from '../offline/offline-writes';
import { ToastHost } from '../toast/toast-host';
import { EDUCATOR_ROLE, PARENT_ROLE } from '@academy/contracts';
import { educatorPaths } from '../federation/remote-routes';
import { rememberLandingCheck, rememberRoleChoice } from '../user/role-choice';

/**
 * Where sign-in returns to: the page it was started from, except that an educator who signed in from the home page
 * (the Sign in / Create Account button there) lands on their dashboard rather than the learner's home.
 */
export function landingAfterSignIn(returnTo: string | undefined, roles: unknown): string {
  const page = returnTo || '/';
  const isEducator = Array.isArray(roles) && roles.includes(EDUCATOR_ROLE);
  return isEducator && page === '/' ? educatorPaths.dashboard : page;
}

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
  const rolesClaim = `${config.auth0.claimsNamespace}roles`;
  const onRedirectCallback = useCallback(
    (appState?: AppState, user?: Record<string, unknown>) => {
      // "I'm a parent" chosen before the sign-in page: progress records it when the user is loaded (UserSync).
      if (appState?.role === PARENT_ROLE) rememberRoleChoice(PARENT_ROLE);
      const returnTo = landingAfterSignIn(typeof appState?.returnTo === 'string' ? appState.returnTo : undefined, user?.[rolesClaim]);
      if (returnTo === '/') rememberLandingCheck();
      navigate(returnTo, { replace: true });
    },
    [navigate, rolesClaim],
  );
  return (
    <RuntimeConfigProvider config={config}>
      <LazySignIn options={auth0Options(config, window.location.origin)} onRedirectCallback={onRedirectCallback}>
        <ToastHost />
        <PlatformQueryProvider>
          <UserSync />
          <LanguageSync />
          <OfflineSync />
          {children}
        </PlatformQueryProvider>
      </LazySignIn>
    </RuntimeConfigProvider>
  );
}
