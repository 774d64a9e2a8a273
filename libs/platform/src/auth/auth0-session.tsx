// Loaded on demand (see LazySignIn): the Auth0 SDK and a reporter that hands its state to the portal's context.
import { Auth0Provider, useAuth0, type AppState, type RedirectLoginOptions } from '@auth0/auth0-react';
import { useEffect, useRef } from 'react';
import type { auth0Options } from './platform-providers';
import type { PortalAuth } from './portal-auth';

export interface Auth0SessionProps {
  options: ReturnType<typeof auth0Options>;
  /** Back from the sign-in page: where to go, and who signed in (the ID token's claims). */
  onRedirectCallback(appState?: AppState, user?: Record<string, unknown>): void;
  onChange(auth: PortalAuth): void;
  /** A sign-in asked for before the SDK was loaded: started as soon as it is ready. */
  pendingLogin?: RedirectLoginOptions<AppState>;
}

export default function Auth0Session({ options, onRedirectCallback, onChange, pendingLogin }: Auth0SessionProps) {
  return (
    <Auth0Provider {...options} onRedirectCallback={onRedirectCallback}>
      <Reporter onChange={onChange} pendingLogin={pendingLogin} />
    </Auth0Provider>
  );
}

function Reporter({ onChange, pendingLogin }: Pick<Auth0SessionProps, 'onChange' | 'pendingLogin'>) {
  const auth = useAuth0();
  const loginStarted = useRef(false);
  useEffect(() => onChange(auth), [auth, onChange]);
  useEffect(() => {
    if (!pendingLogin || auth.isLoading || loginStarted.current) return;
    loginStarted.current = true;
    void auth.loginWithRedirect(pendingLogin);
  }, [auth, pendingLogin]);
  return null;
}
