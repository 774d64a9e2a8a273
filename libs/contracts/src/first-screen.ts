// What a remote's manifest says about the first screen of each of its pages (`metaData.portalFirstScreen`), written
// at the remote's build from its `src/pages.json` "firstScreen" (tools/rspack/create-app-config.mjs) and read by
// the edge, which preloads it from the page's HTML so nothing on the first screen waits on a chain of requests.

import type { ApiRoute } from './api-route.js';
import { learningCourseProgressRoute } from './api-routes.js';
import type { UiLanguage } from './languages.js';

/** Key under the manifest's `metaData` (the federation runtime passes `metaData` through untouched). */
export const FIRST_SCREEN_KEY = 'portalFirstScreen';

export interface FirstScreen {
  /** The page's own chunk and the chunks split off it, relative to the remote's folder (`page-home.1a2b3c4d.js`). */
  files: string[];
  /** API URLs the page asks for first, on the portal's origin; `:name` takes the page's route parameter. */
  api: string[];
  /** Where the page's largest image (its LCP) is: a dotted path into the answer of `api[api]`. */
  image?: { api: number; path: string };
  /**
   * A page of the signed-in learner's own (My Enrollments): the edge renders it from the learner's first-screen
   * session (FIRST_SCREEN_SESSION_COOKIE), asking the API as that learner, and never for anyone else.
   */
  signedIn?: boolean;
}

/**
 * Key under every app's manifest `metaData` (the shell's too): the files of its own strings in each interface
 * language (`{ en: ['i18n-learner-en-json.1a2b3c4d.js'], hi: [...] }`), relative to the app's folder. The edge
 * preloads the visitor's language's with the page: otherwise they are asked for only once the app's code has run.
 */
export const TRANSLATIONS_KEY = 'portalTranslations';

/**
 * Key under the shell's manifest `metaData`: the files a kept sign-in needs as the page starts (the chunk named
 * `sign-in`, the sign-in SDK it uses, and the notification bell's chunk and styles), relative to the shell's folder.
 * The edge preloads them for a browser that says it keeps a session (SIGNED_IN_HINT_COOKIE), and applies the styles
 * at once on a page it rendered; otherwise they are asked for only once `main.js` has run.
 */
export const SIGN_IN_FILES_KEY = 'portalSignIn';

/**
 * Set by the shell while this browser keeps a signed-in session (the SDK keeps it in localStorage, out of the
 * edge's reach). A hint for preloading only: it grants nothing, and the edge trusts it with nothing else.
 */
export const SIGNED_IN_HINT_COOKIE = 'academy.signed-in';

/**
 * Whether a page's query is the sign-in provider's redirect back (an authorization response: a code or an error,
 * with its state). The page is being signed in: the browser loads the sign-in SDK at once, and the edge renders no
 * visitor's first screen for it (the portal shows the signed-in page, often another one: the class question).
 */
export function isSignInRedirect(search: string | URLSearchParams): boolean {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return (params.has('code') || params.has('error')) && params.has('state');
}

/** An app's translation files by interface language, as in `metaData.portalTranslations`. */
export type AppTranslations = Partial<Record<string, string[]>>;

/** First screens by route pattern (`/course/:id`), as in `metaData.portalFirstScreen`. */
export type FirstScreens = Record<string, FirstScreen>;

/** The value at a dotted path (`courses.0.courseThumbnail`) of a JSON answer, when it is a string. */
export function valueAtPath(answer: unknown, path: string): string | undefined {
  let current: unknown = answer;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'string' ? current : undefined;
}

/**
 * Matches a route pattern (`/course/:id`, `/educator/*`) against a path, whole; gives the parameters or null.
 * Same rules as the shell's router for the patterns remotes publish.
 */
export function matchRoutePattern(pattern: string, pathname: string): Record<string, string> | null {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let index = 0; index < patternParts.length; index += 1) {
    const part = patternParts[index]!;
    if (part === '*') return params;
    const value = pathParts[index];
    if (value === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = safeDecode(value);
    else if (part !== value) return null;
  }
  return patternParts.length === pathParts.length ? params : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The first screen rendered on the server: every app whose pages the edge renders builds, beside its browser files,
 * a Node module at `<app folder>/FIRST_SCREEN_SERVER_FILE` (a dot folder: the edge and nginx never serve it). A
 * remote redeployed alone brings its own; the edge loads it again when its file changes.
 */
export const FIRST_SCREEN_SERVER_FILE = '.server/first-screen.cjs';

/** The element of the edge's HTML that holds the rendered first screen until the browser's render takes over. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/** Where, in the shell's rendered chrome, the edge puts the page its remote rendered. */
export const FIRST_SCREEN_PAGE_SLOT = '<template data-first-screen-page=""></template>';

/** What the edge passes to an app's server module for one page. */
export interface FirstScreenRenderRequest {
  /** Path and query of the page (`/course-list?class=9`). */
  url: string;
  language: UiLanguage;
  /**
   * The edge's guess of the screen from the request (`Sec-CH-UA-Mobile`, else "Mobi" in the user agent): a page that
   * lays out differently on a phone renders that way. A wrong guess only means the portal's render looks different
   * when it takes over.
   */
  phone: boolean;
  /** The runtime config the browser gets (`/runtime-config.json`), as JSON. */
  runtimeConfig: unknown;
  /**
   * GET of one of the page's first-screen API URLs (pages.json `firstScreen.api`, parameters filled in), from the
   * edge's short cache; rejects for any other URL and when the answer is not there in time. With a `viewer`: a GET of
   * any API URL as that learner (their own token, nothing cached), or a POST of a READ_ONLY_POST_ROUTES route with
   * its JSON body, rejecting when it fails or is late.
   */
  fetchApi(url: string, init?: FirstScreenApiInit): Promise<unknown>;
  /** The signed-in learner a `signedIn` page is rendered for; absent for an anonymous visitor's page. */
  viewer?: FirstScreenViewer;
}

/**
 * The POST routes that only read (the product spec gives them a body): the edge sends these, besides GETs, when it
 * renders a signed-in learner's page as them (FirstScreenRenderRequest.fetchApi), and no other POST.
 */
export const READ_ONLY_POST_ROUTES: readonly ApiRoute[] = [learningCourseProgressRoute];

/** A first screen's API call other than a plain GET. */
export interface FirstScreenApiInit {
  method: 'GET' | 'POST';
  /** JSON. */
  body?: string;
}

/** Who a signed-in page is rendered for: the subject of their access token (the API checks the token itself). */
export interface FirstScreenViewer {
  userId: string;
}

/**
 * The signed-in learner's first-screen session: the portal hands the edge its access token (`PUT` with
 * `Authorization: Bearer`, same origin only), and the edge keeps it in this cookie, HttpOnly, `SameSite=Strict`, on
 * the paths of the `signedIn` pages only (nothing else, the API included, ever receives it), until the token
 * expires. `DELETE` forgets it (sign-out). The edge renders those pages from it; nginx renders no page, so it answers
 * both with 204 and keeps nothing.
 */
export const FIRST_SCREEN_SESSION_URL = '/first-screen-session';
export const FIRST_SCREEN_SESSION_COOKIE = 'academy.first-screen-session';

/** The shell's server module: the chrome around FIRST_SCREEN_PAGE_SLOT. */
export interface ShellFirstScreenModule {
  renderChrome(request: FirstScreenRenderRequest): Promise<string>;
}

/** A remote's server module: a page's HTML, or null for a page it does not render on the server. */
export interface RemoteFirstScreenModule {
  renderPage(request: FirstScreenRenderRequest): Promise<string | null>;
}

/** What the portal reads of a federation manifest (`mf-manifest.json`) about where a remote's files are. */
export interface RemoteManifest {
  metaData?: {
    globalName?: string;
    publicPath?: string;
    remoteEntry?: { name?: string; path?: string; type?: string };
    [key: string]: unknown;
  };
  exposes?: { path: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/** The remote's entry (`remoteEntry.js`), relative to its folder; null when the manifest names none. */
export function remoteEntryFile(manifest: RemoteManifest): string | null {
  const entry = manifest.metaData?.remoteEntry;
  return entry?.name ? [entry.path, entry.name].filter(Boolean).join('/') : null;
}

/** The files the remote's `./App` needs at once, styles first, relative to its folder: preloaded with its entry. */
export function remoteAppFiles(manifest: RemoteManifest): string[] {
  const assets = manifest.exposes?.find((expose) => expose.path === './App')?.assets;
  return [...(assets?.css?.sync ?? []), ...(assets?.js?.sync ?? [])];
}
