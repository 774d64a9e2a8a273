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

/** A request the fake network received, read every way the tests need it. */
export interface FakeRequest {
  method: string;
  url: URL;
  /** The path without the query. */
  path: string;
  /** The query, with its `?` (empty when none). */
  search: string;
  /** A JSON body parsed; another body (a form) as sent. */
  body: unknown;
  rawBody: RequestInit['body'];
  headers: Record<string, string>;
  keepalive: boolean;
}

/** What a route answers: a `Response`, or a status and a JSON body. */
export type FakeReply = Response | { status: number; body: unknown };
/** Answers the requests it knows, `undefined` for the others (the next route is asked). */
export type FakeRoute = (request: FakeRequest) => FakeReply | undefined | Promise<FakeReply | undefined>;

function fakeRequestOf(input: string | URL | Request, init: RequestInit = {}): FakeRequest {
  const url = new URL(String(input), 'http://portal.test');
  let body: unknown = init.body;
  if (typeof init.body === 'string') {
    try {
      body = JSON.parse(init.body);
    } catch {
      body = init.body;
    }
  }
  return { method: init.method ?? 'GET', url, path: url.pathname, search: url.search, body, rawBody: init.body, headers: (init.headers ?? {}) as Record<string, string>, keepalive: init.keepalive === true };
}

/** The fake network's fetch: asks `routes` in order (first answer wins), records each request, 404 when none answers. */
function routedFetch(routes: readonly FakeRoute[], seen: FakeRequest[]) {
  return async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const request = fakeRequestOf(input, init);
    seen.push(request);
    for (const route of routes) {
      const reply = await route(request);
      // A Response (jsdom has no Response class: told apart by its `ok`), or a status and a JSON body.
      if (reply && typeof (reply as Response).ok === 'boolean') return reply as Response;
      if (reply) return jsonResponse(reply.status, (reply as { body: unknown }).body);
    }
    return jsonResponse(404, { success: false, message: `No route for ${request.path}${request.search}` });
  };
}

/**
 * The one fake network of the front end's unit tests (jsdom has no fetch), for a test that sets up its server in its
 * body: replaces `fetch` with a spy answering from `routes` (first answer wins, 404 otherwise), so tests go through
 * the real API client (URL building, bearer token, status and `success:false` handling). `requests` lists what was
 * asked, in order.
 */
export function fakeServer(...routes: FakeRoute[]): { requests: FakeRequest[]; spy: jest.Mock } {
  const requests: FakeRequest[] = [];
  const spy = jest.fn(routedFetch(routes, requests));
  globalThis.fetch = spy as unknown as typeof fetch;
  return { requests, spy };
}

/**
 * The same fake network for a whole spec file: installed as `fetch` before each test (and removed after), with no
 * route until a test adds one with `answer(path, reply)` (a path, or a RegExp tested on it; the latest route wins).
 * A call no route takes is answered 404, so a test sees it; `mockResolvedValue…` still overrides the routes for a
 * test that wants one answer for everything.
 */
export function installFetchMock() {
  const routes: FakeRoute[] = [];
  const seen: FakeRequest[] = [];
  const fetchMock = Object.assign(jest.fn<Promise<Response>, [input: string, init?: RequestInit]>(), {
    answer(matcher: string | RegExp, reply: (request: FakeRequest) => FakeReply | Promise<FakeReply>) {
      routes.unshift((request) => ((typeof matcher === 'string' ? matcher === request.path : matcher.test(request.path)) ? reply(request) : undefined));
      return fetchMock;
    },
  });
  const original = globalThis.fetch;
  beforeEach(() => {
    routes.length = 0;
    seen.length = 0;
    fetchMock.mockReset();
    fetchMock.mockImplementation(routedFetch(routes, seen));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = original;
  });
  return fetchMock;
}

/** A JSON answer (ok, status, json and text, as the apps and the API client read it). */
export function jsonResponse(status: number, body: unknown): Response {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ 'content-type': 'application/json' }),
    json: async () => body,
    text: async () => text,
    blob: async () => new Blob([text]),
  } as Response;
}

/** A file download's answer: the bytes and the name the server gives in Content-Disposition. */
export function fileResponse(filename: string, bytes: string): Response {
  return { ok: true, status: 200, headers: new Headers({ 'content-disposition': `attachment; filename="${filename}"` }), blob: async () => new Blob([bytes]) } as unknown as Response;
}

/** The shell's knowledge of the remotes' pages, as if their manifests had arrived (see remote-route-tables.ts). */
export { resetRemoteRouteTables, setRemoteRouteTables } from '../federation/remote-route-tables';
