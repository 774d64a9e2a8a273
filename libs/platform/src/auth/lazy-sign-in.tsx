import type { AppState, RedirectLoginOptions } from '@auth0/auth0-react';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { needsSignInAtStart, PortalAuthContext, type PortalAuth } from './portal-auth';
import type { Auth0SessionProps } from './auth0-session';

const Auth0Session = lazy(() => import('./auth0-session'));

const notSignedIn = async (): Promise<never> => {
  throw new Error('Not signed in');
};

/**
 * Sign-in without the Auth0 SDK on an anonymous visitor's first page: the SDK is loaded at start only when a
 * session or a sign-in redirect is there, otherwise when Sign in is pressed. The app's tree never remounts: the
 * SDK lives beside it and reports its state into PortalAuthContext.
 */
export function LazySignIn({
  options,
  onRedirectCallback,
  children,
}: Pick<Auth0SessionProps, 'options' | 'onRedirectCallback'> & { children: ReactNode }) {
  const [loadAtStart] = useState(() => needsSignInAtStart(window.localStorage, window.location.search));
  const [pendingLogin, setPendingLogin] = useState<RedirectLoginOptions<AppState>>();
  const [reported, setReported] = useState<PortalAuth>();

  const anonymous = useMemo<PortalAuth>(
    () => ({
      isLoading: loadAtStart,
      isAuthenticated: false,
      user: undefined,
      getAccessTokenSilently: notSignedIn as PortalAuth['getAccessTokenSilently'],
      loginWithRedirect: async (login) => setPendingLogin(login ?? {}),
      logout: async () => {},
    }),
    [loadAtStart],
  );
  const onChange = useCallback((auth: PortalAuth) => setReported(auth), []);
  const sdkWanted = loadAtStart || pendingLogin !== undefined;

  return (
    <PortalAuthContext.Provider value={reported ?? anonymous}>
      {sdkWanted && (
        <Suspense fallback={null}>
          <Auth0Session options={options} onRedirectCallback={onRedirectCallback} onChange={onChange} pendingLogin={pendingLogin} />
        </Suspense>
      )}
      {children}
    </PortalAuthContext.Provider>
  );
}
