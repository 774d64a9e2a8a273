// The edge's first-screen preloads: the HTML of a page names, from the remotes' manifests as deployed now, every
// file and answer its first screen needs, so the browser fetches them at once instead of one after another
// (HTML → shell → shared modules → config → manifest → remote entry → App → page → data → image).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  FIRST_SCREEN_KEY,
  matchRoutePattern,
  READ_ONLY_POST_ROUTES,
  REMOTE_ROUTES_KEY,
  remoteAppFiles,
  remoteEntryFile,
  remoteRouteTableSchema,
  RUNTIME_CONFIG_URL,
  SIGN_IN_FILES_KEY,
  TRANSLATIONS_KEY,
  valueAtPath,
  type AppTranslations,
  type FirstScreen,
  type FirstScreenApiInit,
  type FirstScreens,
  type RemoteManifest,
  type UiLanguage,
} from '@academy/contracts';

/** An app as the edge serves it: the URL prefix of its files and the folder they are in. */
export interface ServedApp {
  prefix: string;
  dir: string;
}

/** A remote as the edge serves it, with the URL of its manifest (as the runtime config gives it). */
export interface ServedRemote extends ServedApp {
  manifestUrl: string;
}

export interface FirstScreenOptions {
  /** The remotes the runtime config points at that this edge serves itself (a CDN's are not read here). */
  remotes: ServedRemote[];
  /** The shell, whose own strings every page needs; null: no preloads the shell's pages share. */
  shell: ServedApp | null;
  /**
   * A call of an API path to the service that owns it (a GET unless `init` says otherwise), as the learner
   * `authorization` names if given; rejects on failure.
   */
  fetchApi(path: string, authorization?: string, init?: FirstScreenApiInit): Promise<unknown>;
  /** How long a page's HTML waits for an API answer not cached yet (for its image), ms. */
  apiWaitMs?: number;
  /** How long an API answer is reused for the image's address, ms. */
  apiCacheMs?: number;
}

interface RemoteFacts {
  pages: string[];
  /** remoteEntry.js and the ./App expose's own files. */
  appFiles: string[];
  screens: FirstScreens;
  translations: AppTranslations;
}

/** The page at a path: the remote serving it, and its first screen's facts with the API URLs filled in. */
export interface ServedPage {
  remote: ServedRemote;
  facts: RemoteFacts;
  screen: FirstScreen | undefined;
  apiPaths: string[];
}

interface Preload {
  href: string;
  as: 'script' | 'style' | 'fetch' | 'image';
}

function translationsOf(manifest: RemoteManifest): AppTranslations {
  const translations = manifest.metaData?.[TRANSLATIONS_KEY];
  return translations && typeof translations === 'object' ? (translations as AppTranslations) : {};
}

function signInFilesOf(manifest: RemoteManifest): string[] {
  const files = manifest.metaData?.[SIGN_IN_FILES_KEY];
  return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string') : [];
}

/** A file of a first screen: a style, a script, or strings (JSON the platform fetches: preloaded as `fetch`). */
function preloadOf(href: string): Preload {
  return { href, as: href.endsWith('.css') ? 'style' : href.endsWith('.json') ? 'fetch' : 'script' };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function stylesheetTag(href: string): string {
  return `<link rel="stylesheet" href="${escapeAttribute(href)}">`;
}

export function linkTag({ href, as }: Preload, { highPriority = false } = {}): string {
  const cors = as === 'fetch' ? ' crossorigin="anonymous"' : '';
  return `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${cors}${highPriority ? ' fetchpriority="high"' : ''}>`;
}

export class FirstScreenPreloads {
  private readonly manifests = new Map<string, { mtimeMs: number; manifest: RemoteManifest | null }>();
  /** Each remote manifest's page list, checked once when the file is read (empty when it is not valid). */
  private readonly checkedPages = new WeakMap<RemoteManifest, string[]>();
  private readonly answers = new Map<string, { at: number; answer: Promise<unknown> }>();

  constructor(private readonly options: FirstScreenOptions) {}

  /** A manifest (a remote's, or the shell's for its strings) as deployed now: read again whenever its file changes. */
  private async manifestAt(dir: string, { isRemote = true } = {}): Promise<RemoteManifest | null> {
    const file = path.join(dir, 'mf-manifest.json');
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    const cached = this.manifests.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached.manifest;
    const manifest = await readFile(file, 'utf8')
      .then((text) => JSON.parse(text) as RemoteManifest)
      .catch(() => null);
    // The browser takes a remote's page list as published (it carries no validator): a bad one is named here, once
    // per deploy of the file, and this edge preloads nothing for that remote's pages. (The shell's manifest has none.)
    if (manifest && isRemote) {
      const routes = remoteRouteTableSchema.safeParse(manifest.metaData?.[REMOTE_ROUTES_KEY]);
      if (!routes.success) {
        const problems = routes.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')} ${issue.message}` : issue.message));
        console.warn(`[edge] ${file}: metaData.${REMOTE_ROUTES_KEY} is not a valid page list: ${problems.join('; ')}`);
      }
      this.checkedPages.set(manifest, routes.success ? routes.data.pages : []);
    }
    this.manifests.set(file, { mtimeMs: info.mtimeMs, manifest });
    return manifest;
  }

  private remoteFacts(remote: ServedRemote, manifest: RemoteManifest): RemoteFacts {
    const entryFile = remoteEntryFile(manifest);
    return {
      pages: this.checkedPages.get(manifest) ?? [],
      appFiles: [...(entryFile ? [entryFile] : []), ...remoteAppFiles(manifest)].map((file) => remote.prefix + file),
      screens: (manifest.metaData?.[FIRST_SCREEN_KEY] as FirstScreens | undefined) ?? {},
      translations: translationsOf(manifest),
    };
  }

  /** An API answer, shared between pages for `apiCacheMs`; a failure is forgotten at once. */
  private answer(apiPath: string): Promise<unknown> {
    const now = Date.now();
    const cached = this.answers.get(apiPath);
    if (cached && now - cached.at < (this.options.apiCacheMs ?? 30_000)) return cached.answer;
    const answer = this.options.fetchApi(apiPath);
    this.answers.set(apiPath, { at: now, answer });
    answer.catch(() => this.answers.delete(apiPath));
    return answer;
  }

  /** The folders of the remotes this edge serves. */
  servedRemoteDirs(): string[] {
    return this.options.remotes.map((remote) => remote.dir);
  }

  /** The remote serving the page at `pathname`, as the remotes' manifests say now, with its first screen's facts. */
  async pageOf(pathname: string): Promise<ServedPage | null> {
    for (const remote of this.options.remotes) {
      const manifest = await this.manifestAt(remote.dir);
      if (!manifest) continue;
      const facts = this.remoteFacts(remote, manifest);
      const pattern = facts.pages.find((candidate) => matchRoutePattern(candidate, pathname) !== null);
      if (!pattern) continue;
      const params = matchRoutePattern(pattern, pathname)!;
      const screen = facts.screens[pattern];
      const apiPaths = (screen?.api ?? []).map((apiPath) => apiPath.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '')));
      return { remote, facts, screen, apiPaths };
    }
    return null;
  }

  /**
   * The `<link>` tags for the page at `pathname` shown in `language`: what every page of the shell asks for first
   * (the runtime config, the remotes' manifests, the shell's strings), then the page's remote (its entry, App, page
   * chunks, strings and API answers), its largest image last. For a browser that keeps a session (`signedIn`: the
   * shell's hint, SIGNED_IN_HINT_COOKIE), the sign-in SDK too: the page's data waits for its token. With
   * `rendered`, the page's styles are applied at once instead of preloaded: the HTML carries the rendered page.
   */
  async linksFor(pathname: string, language: UiLanguage, { signedIn = false, rendered = false } = {}): Promise<string[]> {
    const { shell, remotes } = this.options;
    if (!shell) return [];
    const preloads: Preload[] = [{ href: RUNTIME_CONFIG_URL, as: 'fetch' }, ...remotes.map((remote) => ({ href: remote.manifestUrl, as: 'fetch' as const }))];
    const shellManifest = await this.manifestAt(shell.dir, { isRemote: false });
    if (shellManifest) {
      preloads.push(...(translationsOf(shellManifest)[language] ?? []).map((file) => preloadOf(shell.prefix + file)));
      if (signedIn) preloads.push(...signInFilesOf(shellManifest).map((file) => preloadOf(shell.prefix + file)));
    }
    let image: string | undefined;
    const page = await this.pageOf(pathname);
    if (page) {
      const { remote, facts, screen, apiPaths } = page;
      preloads.push(...facts.appFiles.map(preloadOf), ...(facts.translations[language] ?? []).map((file) => preloadOf(remote.prefix + file)));
      if (screen) {
        preloads.push(...screen.files.map((file) => preloadOf(remote.prefix + file)));
        preloads.push(...apiPaths.map((href) => ({ href, as: 'fetch' as const })));
        if (screen.image && apiPaths[screen.image.api]) image = await this.imageFrom(apiPaths[screen.image.api]!, screen.image.path);
      }
    }
    const tags = [...new Map(preloads.map((preload) => [preload.href, preload])).values()].map((preload) =>
      rendered && preload.as === 'style' ? stylesheetTag(preload.href) : linkTag(preload),
    );
    if (!image) return tags;
    // With the page rendered in the HTML, its largest image is shown as soon as it arrives: first, at high priority.
    // Otherwise it is shown only once the page's code has run, so it comes last, at its normal priority, and does
    // not take the bandwidth the code needs first. (The shell's shared modules are in main.js or, for the few
    // loaded later, not needed by a first screen.)
    return rendered ? [linkTag({ href: image, as: 'image' }, { highPriority: true }), ...tags] : [...tags, linkTag({ href: image, as: 'image' })];
  }

  /**
   * The paths a signed-in learner's first-screen session cookie is kept on: each `signedIn` page's pattern up to its
   * first parameter (`/my-enrollments`), from the served remotes' manifests as deployed now.
   */
  async signedInPagePaths(): Promise<string[]> {
    const paths = new Set<string>();
    for (const remote of this.options.remotes) {
      const manifest = await this.manifestAt(remote.dir);
      if (!manifest) continue;
      for (const [pattern, screen] of Object.entries(this.remoteFacts(remote, manifest).screens)) {
        if (!screen.signedIn) continue;
        const fixed = pattern.split('/').filter(Boolean);
        const firstVariable = fixed.findIndex((part) => part.startsWith(':') || part === '*');
        paths.add(`/${(firstVariable === -1 ? fixed : fixed.slice(0, firstVariable)).join('/')}`);
      }
    }
    return [...paths];
  }

  /** An API answer of a first screen if it arrives within `apiWaitMs` (the HTML is not held longer); else rejects. */
  answerInTime(apiPath: string): Promise<unknown> {
    return this.inTime(apiPath, this.answer(apiPath));
  }

  /**
   * An API answer for the learner `authorization` names, never cached nor shared, if it arrives within `apiWaitMs`:
   * a GET, or a POST of a route that only reads (READ_ONLY_POST_ROUTES); anything else rejects at once.
   */
  answerAsViewer(apiPath: string, authorization: string, init?: FirstScreenApiInit): Promise<unknown> {
    const pathname = apiPath.split('?')[0]!;
    // A dot segment would leave /api/ once the URL is resolved (to /internal/, say), with the learner's token.
    const allowed =
      pathname.startsWith('/api/') &&
      !/\/\.\.?(\/|$)/.test(pathname) &&
      (!init || init.method === 'GET' || READ_ONLY_POST_ROUTES.some((route) => route.method === 'POST' && matchRoutePattern(route.path, pathname) !== null));
    if (!allowed) return Promise.reject(new Error(`${init?.method ?? 'GET'} ${apiPath} is not a read a first screen may make`));
    return this.inTime(apiPath, this.options.fetchApi(apiPath, authorization, init));
  }

  private inTime(apiPath: string, answer: Promise<unknown>): Promise<unknown> {
    return Promise.race([
      answer,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${apiPath} did not answer in time`)), this.options.apiWaitMs ?? 250).unref()),
    ]);
  }

  /** The image's address in the API answer, if it arrives in time. */
  private async imageFrom(apiPath: string, pointer: string): Promise<string | undefined> {
    const answer = await this.answerInTime(apiPath).catch(() => undefined);
    const value = answer === undefined ? undefined : valueAtPath(answer, pointer);
    return value && /^(\/|https?:\/\/)/.test(value) ? value : undefined;
  }
}

/** Puts the tags at the end of the HTML's head (after its own scripts, so main.js is asked for first). */
export function withPreloads(html: string, links: string[]): string {
  if (links.length === 0) return html;
  return html.replace('</head>', `${links.join('')}</head>`);
}
