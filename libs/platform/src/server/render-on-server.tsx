// The first screen of a page rendered on the edge, with the app's own components: the browser paints it from the
// HTML, before any script has run, and the portal's render takes over from it (../first-screen/hand-over.ts). Only the
// apps' server modules import this (`@academy/platform/server`); no browser bundle does.
import { Writable } from 'node:stream';
import { userDataRoute, type FirstScreenRenderRequest, type FirstScreenViewer, type UiLanguage, type UserData } from '@academy/contracts';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { createInstance, type Resource, type ResourceKey } from 'i18next';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from '@academy/routing';
import { parseRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { RuntimeConfigProvider } from '../config/runtime-config-context';
import { PortalAuthContext, type PortalAuth } from '../auth/portal-auth';
import { ApiFetchContext } from '../api/use-api';
import { ServerRenderedUserContext } from '../user/use-current-user';
import { RenderedForPhoneContext } from './rendered-for-phone';

/** An app's strings: by namespace, then language. */
export type ServerTranslations = Record<string, Partial<Record<UiLanguage, ResourceKey>>>;

const signInNeedsTheBrowser = () => Promise.reject(new Error('Sign-in runs in the browser'));

/** A visitor as the browser's render starts for one who keeps no session: anonymous, sign-in not loading. */
const ANONYMOUS: PortalAuth = {
  isLoading: false,
  isAuthenticated: false,
  user: undefined,
  getAccessTokenSilently: signInNeedsTheBrowser as PortalAuth['getAccessTokenSilently'],
  loginWithRedirect: signInNeedsTheBrowser,
  logout: signInNeedsTheBrowser,
};

/**
 * A signed-in learner as the browser's render reports them once their session is restored. The render's API calls
 * go to the edge, which asks the API with the learner's own token (FirstScreenRenderRequest.fetchApi): the token
 * given here never leaves the render.
 */
function signedInAs(viewer: FirstScreenViewer, user: UserData): PortalAuth {
  return {
    ...ANONYMOUS,
    isAuthenticated: true,
    user: { sub: viewer.userId, name: user.name },
    getAccessTokenSilently: (async () => 'sent-by-the-edge') as PortalAuth['getAccessTokenSilently'],
  };
}

/**
 * The viewer's user data; throws when the API refuses or does not answer, and when their account keeps another
 * language than the page's (the portal shows a signed-in user theirs: LanguageSync), so the page then goes out
 * unrendered rather than in a language the portal replaces.
 */
async function viewerData(request: FirstScreenRenderRequest): Promise<UserData | null> {
  if (!request.viewer) return null;
  const answer = (await request.fetchApi(userDataRoute.path)) as { user?: UserData } | null;
  if (!answer?.user) throw new Error(`${userDataRoute.path} gave no user`);
  const kept = answer.user.language;
  if (kept && kept !== request.language) throw new Error(`the learner keeps ${kept}, the page asked for ${request.language}`);
  return answer.user;
}

function resourcesOf(translations: ServerTranslations): Resource {
  const resources: Resource = {};
  for (const [namespace, byLanguage] of Object.entries(translations)) {
    for (const [language, strings] of Object.entries(byLanguage)) {
      if (strings) (resources[language] ??= {})[namespace] = strings;
    }
  }
  return resources;
}

/** The page's API calls answered from the edge (FirstScreenRenderRequest.fetchApi); any other call fails at once. */
function fetchFromEdge(request: FirstScreenRenderRequest): typeof fetch {
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://edge.invalid');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST') throw new Error(`A first screen does not ${method}`);
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const answer = await request.fetchApi(url.pathname + url.search, method === 'GET' ? undefined : { method, body });
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

function serverQueryClient(): QueryClient {
  // No retry and no refetch: one render, with what the edge has now.
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } } });
}

/**
 * The longest one pass may take: a part still suspended then is sent as its fallback, and nothing keeps running after
 * the edge has stopped waiting (it waits less: DEFAULT_FIRST_SCREEN_RENDER_MS in infra).
 */
const PASS_LIMIT_MS = 1_000;

/**
 * The page's HTML when every part of it rendered; throws otherwise. A part that failed or was still suspended at the
 * limit would go out as its fallback with React's inline script to finish it in the browser, which the portal's
 * content policy refuses: such a page is better sent unrendered.
 */
async function prerenderToString(element: ReactNode): Promise<string> {
  let failure: unknown = null;
  const { prelude } = await prerenderToNodeStream(element, {
    signal: AbortSignal.timeout(PASS_LIMIT_MS),
    onError: (error) => {
      failure ??= error;
    },
  });
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(Buffer.from(chunk));
            done();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
  if (failure !== null) throw failure instanceof Error ? failure : new Error(String(failure));
  return Buffer.concat(chunks).toString('utf8');
}

export interface RenderOnServerOptions {
  request: FirstScreenRenderRequest;
  translations: ServerTranslations;
  /** The app's tree below the platform's providers (an App with its routes, or the shell's chrome). */
  element: ReactNode;
}

/**
 * Renders `element` at the request's URL, in its language, for an anonymous visitor, or signed in as the request's
 * `viewer` with their user data. A first pass finds the queries the page makes; those the edge can answer (the
 * page's first API answers; any of the viewer's) are fetched, and a second pass renders with their data. A query
 * without an answer renders as it does in the browser before its data arrives.
 */
export async function renderOnServer({ request, translations, element }: RenderOnServerOptions): Promise<string> {
  const config: RuntimeConfig = parseRuntimeConfig(request.runtimeConfig);
  const user = await viewerData(request);
  const auth = request.viewer && user ? signedInAs(request.viewer, user) : ANONYMOUS;
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: request.language,
    fallbackLng: 'en',
    resources: resourcesOf(translations),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const serverFetch = fetchFromEdge(request);
  const tree = (client: QueryClient) => (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[request.url]}>
        <RuntimeConfigProvider config={config}>
          <PortalAuthContext.Provider value={auth}>
            <ServerRenderedUserContext.Provider value={user}>
              <ApiFetchContext.Provider value={serverFetch}>
                <RenderedForPhoneContext.Provider value={request.phone}>
                  <QueryClientProvider client={client}>{element}</QueryClientProvider>
                </RenderedForPhoneContext.Provider>
              </ApiFetchContext.Provider>
            </ServerRenderedUserContext.Provider>
          </PortalAuthContext.Provider>
        </RuntimeConfigProvider>
      </MemoryRouter>
    </I18nextProvider>
  );
  const firstPass = serverQueryClient();
  const withoutData = await prerenderToString(tree(firstPass));
  const answered = (
    await Promise.all(
      firstPass
        .getQueryCache()
        .getAll()
        .map((query) => query.fetch().then((data): [QueryKey, unknown] => [query.queryKey, data], () => null)),
    )
  ).filter((answer) => answer !== null);
  if (answered.length === 0) return withoutData;
  const secondPass = serverQueryClient();
  for (const [queryKey, data] of answered) secondPass.setQueryData(queryKey, data);
  return prerenderToString(tree(secondPass));
}
