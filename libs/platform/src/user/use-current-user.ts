import type { PARENT_ROLE, UserData } from '@academy/contracts';
import { createContext, useCallback, useContext } from 'react';
import { rolesOf, useUserStore, type UserStatus } from './user-store';
import { usePortalAuth } from '../auth/portal-auth';

export interface CurrentUser {
  /** True while Auth0 starts or the signed-in user's data is still loading. */
  isLoading: boolean;
  isAuthenticated: boolean;
  user: UserData | null;
  /** Display name: the account's name, else the sign-in profile's name. */
  displayName: string | null;
  isEducator: boolean;
  /** A parent account: the parent area (/parent) and buying for a linked child. */
  isParent: boolean;
  status: UserStatus;
  error: string | null;
  /**
   * Opens the sign-in page and comes back to `returnTo` (default: the current path). `signUpAs: 'parent'` opens it on
   * sign-up with the parent's choice ("I'm a parent"), which progress records after sign-in.
   */
  login(returnTo?: string, options?: LoginOptions): Promise<void>;
  /** Asks for the password again (a fresh sign-in), for actions that need one, and comes back to `returnTo`. */
  reauthenticate(returnTo?: string): Promise<void>;
  logout(): Promise<void>;
  reload(): Promise<void>;
}

export interface LoginOptions {
  signUpAs?: typeof PARENT_ROLE;
}

/**
 * The signed-in user's data when a page of theirs is rendered on the server (renderOnServer): the store is the
 * browser's, one per tab, and a server renders for many users at once.
 */
export const ServerRenderedUserContext = createContext<UserData | null>(null);

export function useCurrentUser(): CurrentUser {
  const auth = usePortalAuth();
  const stored = useUserStore();
  const serverRendered = useContext(ServerRenderedUserContext);
  const { user, isEducator, isParent, status, error, reload } = serverRendered
    ? { ...stored, user: serverRendered, ...rolesOf(serverRendered), status: 'ready' as const, error: null }
    : stored;
  const { loginWithRedirect, logout: auth0Logout } = auth;

  const login = useCallback(
    (returnTo?: string, options?: LoginOptions) =>
      loginWithRedirect({
        // Auth0 opens on sign-up with screen_hint and passes academy_role on to its Actions; the sandbox shows its parent form.
        ...(options?.signUpAs ? { authorizationParams: { screen_hint: 'signup', academy_role: options.signUpAs } } : {}),
        appState: { returnTo: returnTo ?? `${window.location.pathname}${window.location.search}`, ...(options?.signUpAs ? { role: options.signUpAs } : {}) },
      }),
    [loginWithRedirect],
  );
  const reauthenticate = useCallback(
    (returnTo?: string) =>
      loginWithRedirect({
        authorizationParams: { prompt: 'login', max_age: 0 },
        appState: { returnTo: returnTo ?? `${window.location.pathname}${window.location.search}` },
      }),
    [loginWithRedirect],
  );
  const logout = useCallback(
    () => auth0Logout({ logoutParams: { returnTo: window.location.origin } }),
    [auth0Logout],
  );

  const userPending = auth.isAuthenticated && (status === 'idle' || status === 'loading');
  return {
    isLoading: auth.isLoading || userPending,
    isAuthenticated: auth.isAuthenticated,
    user,
    displayName: user?.name || auth.user?.name || null,
    isEducator: auth.isAuthenticated && isEducator,
    isParent: auth.isAuthenticated && isParent,
    status,
    error,
    login,
    reauthenticate,
    logout,
    reload,
  };
}
