import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { RuntimeConfig, RuntimeConfigProvider } from '@academy/platform';

/** The runtime config of docs/DEVELOPING.md, as the sandbox serves it. */
export const testRuntimeConfig: RuntimeConfig = {
  apiBaseUrl: '/api',
  auth0: { domain: 'http://localhost:8090', clientId: 'academy-portal', audience: 'https://api.academy.local', claimsNamespace: 'https://academy.example/' },
  remotes: { learner: '/mfe/learner/mf-manifest.json', educator: '/mfe/educator/mf-manifest.json', info: '/mfe/info/mf-manifest.json' },
  remoteLoadTimeoutMs: 10000,
  razorpay: { keyId: 'rzp_test_sandbox', checkoutScriptUrl: 'http://localhost:8090/razorpay/checkout.js' },
  forms: {
    newsletterUrl: 'http://localhost:8090/forms/newsletter',
    newsletterKey: 'sandbox-newsletter-key',
    contactUrl: 'http://localhost:8090/forms/contact',
    contactFormId: 'sandbox-contact-form',
  },
  whatsappNumber: '919800000000',
  socialLinks: { instagram: 'https://www.instagram.com/academy', youtube: 'https://www.youtube.com/@academy' },
};

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

/** Renders a page the way the shell hosts it: router, runtime config and toasts, at `path`. */
export function renderWithPlatform(page: ReactElement, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <RuntimeConfigProvider config={testRuntimeConfig}>
        <SnackbarProvider>
          <Routes>
            <Route path="*" element={page} />
          </Routes>
          <CurrentPath />
        </SnackbarProvider>
      </RuntimeConfigProvider>
    </MemoryRouter>,
  );
}

/**
 * jsdom has no fetch: each test installs this mock as the network boundary. It answers with `jsonResponse`s,
 * which carry only what the app reads (ok, status, json).
 */
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

export function jsonResponse(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
}
