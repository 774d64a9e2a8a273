// Test helpers for apps that use @academy/platform: a valid runtime config and providers with a fake sign-in,
// so components render in jsdom without an OpenID provider. Not exported from the main entry (not bundled).
import type { Auth0ContextInterface, User } from '@auth0/auth0-react';
import { PortalAuthContext } from '../auth/portal-auth';
import NotistackHost from '../toast/notistack-host';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '@academy/routing';
import type { RuntimeConfig } from '../config/runtime-config';
import { RuntimeConfigProvider } from '../config/runtime-config-context';
import { PlatformQueryProvider } from '../api/query-provider';

export const testRuntimeConfig: RuntimeConfig = {
  apiBaseUrl: '/api',
  auth0: {
    domain: 'http://localhost:8090',
    clientId: 'academy-portal',
    audience: 'https://api.academy.local',
    claimsNamespace: 'https://academy.example/',
  },
  remotes: {
    learner: '/mfe/learner/mf-manifest.json',
    educator: '/mfe/educator/mf-manifest.json',
    info: '/mfe/info/mf-manifest.json',
  },
  remoteLoadTimeoutMs: 10000,
  razorpay: { keyId: 'rzp_test_sandbox', checkoutScriptUrl: 'http://localhost:8090/razorpay/checkout.js' },
  forms: {
    newsletterUrl: 'http://localhost:8090/forms/newsletter',
    newsletterKey: 'sandbox-newsletter-key',
    contactUrl: 'http://localhost:8090/forms/contact',
    contactFormId: 'sandbox-contact-form',
  },
  whatsappNumber: '919800000000',
  socialLinks: { instagram: 'https://www.instagram.com/', youtube: 'https://www.youtube.com/' },
};

const notInTests = async (): Promise<never> => {
  throw new Error('not available in this test');
};

/** An Auth0 context value: signed out unless `user` is given; every method can be replaced. */
export function fakeAuth0(overrides: Partial<Auth0ContextInterface<User>> = {}): Auth0ContextInterface<User> {
  const signedIn = overrides.user !== undefined;
  return {
    isAuthenticated: signedIn,
    isLoading: false,
    user: undefined,
    error: undefined,
    getAccessTokenSilently: (async () => 'test-access-token') as Auth0ContextInterface['getAccessTokenSilently'],
    getAccessTokenWithPopup: notInTests,
    getIdTokenClaims: notInTests,
    loginWithRedirect: async () => {},
    loginWithPopup: async () => {},
    logout: async () => {},
    handleRedirectCallback: notInTests,
    connectAccountWithRedirect: notInTests,
    getDpopNonce: notInTests,
    setDpopNonce: notInTests,
    generateDpopProof: notInTests,
    createFetcher: notInTests,
    ...overrides,
  } as unknown as Auth0ContextInterface<User>;
}

export function TestPlatformProviders({
  auth = fakeAuth0(),
  config = testRuntimeConfig,
  children,
}: {
  auth?: Auth0ContextInterface<User>;
  config?: RuntimeConfig;
  children: ReactNode;
}) {
  return (
    <RuntimeConfigProvider config={config}>
      <PortalAuthContext.Provider value={auth}>
        {/* The toast library at once (the app loads it on the first toast), so a test sees a toast as it is shown. */}
        <NotistackHost />
        {/* A fresh cache per render and no waiting between retries, so tests never share or wait for answers. */}
        <PlatformQueryProvider retryDelay={() => 0}>{children}</PlatformQueryProvider>
      </PortalAuthContext.Provider>
    </RuntimeConfigProvider>
  );
}

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

/**
 * Renders a page the way the shell hosts it (router, runtime config, sign-in, toasts) at `path`, with the current
 * path shown in `data-testid="current-path"` so tests can see where navigation went.
 */
export function renderAtPath(
  page: ReactElement,
  path = '/',
  { auth, config }: { auth?: Auth0ContextInterface<User>; config?: RuntimeConfig } = {},
) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <TestPlatformProviders auth={auth} config={config}>
        <Routes>
          <Route path="*" element={page} />
        </Routes>
        <CurrentPath />
      </TestPlatformProviders>
    </MemoryRouter>,
  );
}

/** jsdom has no fetch: installs a jest mock as the network boundary for each test of the calling file. */
export function installFetchMock() {
  const fetchMock = jest.fn<Promise<Response>, [input: string, init?: RequestInit]>();
  const original = globalThis.fetch;
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = original;
  });
  return fetchMock;
}

/** A response carrying only what the apps read (ok, status, json). */
export function jsonResponse(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
}

/** The shell's knowledge of the remotes' pages, as if their manifests had arrived (see remote-route-tables.ts). */
export { resetRemoteRouteTables, setRemoteRouteTables } from '../federation/remote-route-tables';
