import { isSignInRedirect } from '@academy/contracts';
import type { Auth0ContextInterface, User } from '@auth0/auth0-react';
import { createContext, useContext } from 'react';

/** What the portal uses of sign-in (the Auth0 SDK's own shape, so a real Auth0 context value fits). */
export type PortalAuth = Pick<
  Auth0ContextInterface<User>,
  'isLoading' | 'isAuthenticated' | 'user' | 'getAccessTokenSilently' | 'loginWithRedirect' | 'logout'
>;

export const PortalAuthContext = createContext<PortalAuth | null>(null);

/** The sign-in state and actions; inside PlatformProviders (or TestPlatformProviders). */
export function usePortalAuth(): PortalAuth {
  const auth = useContext(PortalAuthContext);
  if (!auth) throw new Error('usePortalAuth needs PlatformProviders around the app');
  return auth;
}

/**
 * Whether this page load needs the Auth0 SDK at once: a session kept in local storage (cacheLocation
 * 'localstorage' writes `@@auth0spajs@@…` entries) or the provider's redirect back with a code. Anyone else is an
 * anonymous visitor, and the SDK loads only when they press Sign in (it is ~65 KB of a phone's first page).
 */
export function needsSignInAtStart(storage: Pick<Storage, 'length' | 'key'>, search: string): boolean {
  if (isSignInRedirect(search)) return true;
  for (let index = 0; index < storage.length; index += 1) {
    if (storage.key(index)?.startsWith('@@auth0spajs@@')) return true;
  }
  return false;
}
