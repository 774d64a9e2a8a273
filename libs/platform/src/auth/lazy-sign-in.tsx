import type { AppState, RedirectLoginOptions } from '@auth0/auth0-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { needsSignInAtStart, PortalAuthContext, type PortalAuth } from './portal-auth';
import type { Auth0SessionProps } from './auth0-session';
import { keepSessionUser } from './session-user';
import { forgetFirstScreenSession, keepFirstScreenSession } from './first-screen-session';
import { firstScreenWasForAnotherVisitor } from '../first-screen/hand-over';
import { hasSignedInHint, keepSignedInHint } from './signed-in-hint';

// Named: the shell's manifest lists this chunk's files (SIGN_IN_FILES_KEY) for the edge to preload.
const Auth0Session = lazy(() => import(/* webpackChunkName: "sign-in" */ './auth0-session'));

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

  // The edge's hint follows the session: set once one is restored or made, cleared when none is kept or it ends.
  // So do the device's note of whose session it is (session-user.ts) and the edge's first-screen session.
  useEffect(() => {
    if (reported ? reported.isLoading : loadAtStart) return;
    const signedIn = reported?.isAuthenticated ?? false;
    // The hint is what the edge rendered this page for: a rendered screen of the other sign-in state must go.
    if (signedIn !== hasSignedInHint()) firstScreenWasForAnotherVisitor();
    if (!signedIn && hasSignedInHint()) forgetFirstScreenSession();
    keepSignedInHint(signedIn);
    keepSessionUser(signedIn ? (reported?.user?.sub ?? null) : null);
    if (signedIn) reported!.getAccessTokenSilently().then(keepFirstScreenSession, () => undefined);
  }, [reported, loadAtStart]);
  const auth = useMemo<PortalAuth>(
    () =>
      reported
        ? {
            ...reported,
            logout: (logoutOptions) => {
              forgetFirstScreenSession();
              keepSignedInHint(false);
              keepSessionUser(null);
              return reported.logout(logoutOptions);
            },
          }
        : anonymous,
    [reported, anonymous],
  );

  return (
    <PortalAuthContext.Provider value={auth}>
      {sdkWanted && (
        <Suspense fallback={null}>
          <Auth0Session options={options} onRedirectCallback={onRedirectCallback} onChange={onChange} pendingLogin={pendingLogin} />
        </Suspense>
      )}
      {children}
    </PortalAuthContext.Provider>
  );
}
