// Test helpers for apps that use @academy/platform: a valid runtime config and providers with a fake sign-in,
// so components render in jsdom without an OpenID provider. Not exported from the main entry (not bundled).
import { Auth0Context, type Auth0ContextInterface, type User } from '@auth0/auth0-react';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import type { RuntimeConfig } from '../config/runtime-config';
import { RuntimeConfigProvider } from '../config/runtime-config-context';

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
      <Auth0Context.Provider value={auth}>
        <SnackbarProvider>{children}</SnackbarProvider>
      </Auth0Context.Provider>
    </RuntimeConfigProvider>
  );
}
