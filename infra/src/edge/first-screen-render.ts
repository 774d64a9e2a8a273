// The first screen rendered on the edge: the shell's server module renders the chrome, the page's remote's renders
// the page (each built beside its browser files, FIRST_SCREEN_SERVER_FILE), and the HTML carries both. The browser
// paints it before any script runs; the portal's own render takes over from it (`handOverFirstScreen` in
// libs/platform/src/first-screen/hand-over.ts).
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import {
  FIRST_SCREEN_ELEMENT_ID,
  FIRST_SCREEN_PAGE_SLOT,
  FIRST_SCREEN_SERVER_FILE,
  type FirstScreenRenderRequest,
  type RemoteFirstScreenModule,
  type ShellFirstScreenModule,
  type UiLanguage,
} from '@academy/contracts';
import type { FirstScreenPreloads, ServedApp, ServedPage } from './first-screen.js';
import type { FirstScreenSessionViewer } from './first-screen-session.js';
import { withScriptsAfterFirstPaint } from './first-screen-start.js';

/** How long a page's HTML waits for its render (the API answers inside have their own, shorter wait). */
export const DEFAULT_FIRST_SCREEN_RENDER_MS = 600;
/**
 * How long a render is reused for the same URL, language and screen. A render is two passes of React on the edge's
 * one thread (20–50 ms): a burst of new visitors on the home page would otherwise queue behind each other's renders.
 * Short, since the API answers inside are themselves reused for 30 s (first-screen.ts).
 */
export const DEFAULT_FIRST_SCREEN_REUSE_MS = 10_000;
/** Renders kept at most (URLs come from visitors: a query string makes a new one), the oldest dropped first. */
const MAX_KEPT_RENDERS = 100;

export interface FirstScreenRenderOptions {
  shell: ServedApp | null;
  /** Where the remotes' pages are and what their first screens ask for. */
  preloads: FirstScreenPreloads;
  /** The runtime config the browser gets. */
  runtimeConfig: unknown;
  renderTimeoutMs?: number;
  reuseMs?: number;
}

type Loaded = { mtimeMs: number; module: Record<string, unknown> };

/** A render in progress or done, with the modules that made it (a redeployed module makes it stale at once). */
type KeptRender = { at: number; modules: [unknown, unknown]; html: Promise<string | null> };

export class FirstScreenRenderer {
  private readonly modules = new Map<string, Loaded>();
  private readonly renders = new Map<string, KeptRender>();

  constructor(private readonly options: FirstScreenRenderOptions) {
    // Loaded now rather than by the first visitor's page (the learner's module is a few MB to compile).
    const dirs = [options.shell?.dir, ...options.preloads.servedRemoteDirs()].filter((dir): dir is string => dir !== undefined);
    void Promise.all(dirs.map((dir) => this.serverExports(dir).catch(() => null)));
  }

  /** An app's server module as deployed now, if it has one with `exportName`. */
  private async serverModule<Module>(dir: string, exportName: keyof Module & string): Promise<Module | null> {
    const loaded = await this.serverExports(dir);
    return loaded && typeof loaded[exportName] === 'function' ? (loaded as Module) : null;
  }

  /** The exports of an app's server module as deployed now, compiled again whenever its file changes. */
  private async serverExports(dir: string): Promise<Record<string, unknown> | null> {
    const file = path.join(dir, FIRST_SCREEN_SERVER_FILE);
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    const cached = this.modules.get(file);
    if (cached?.mtimeMs === info.mtimeMs) return cached.module;
    // Compiled from its file as a CommonJS module each time it changes, as Node's loader would: that loader keeps a
    // module by file name for the life of the process, so it would never see a redeploy.
    const source = await readFile(file, 'utf8');
    const commonJs = { exports: {} as Record<string, unknown> };
    vm.compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: file })(
      commonJs.exports,
      createRequire(file),
      commonJs,
      file,
      path.dirname(file),
    );
    this.modules.set(file, { mtimeMs: info.mtimeMs, module: commonJs.exports });
    return commonJs.exports;
  }

  /**
   * The HTML of the page at `url` shown in `language` (on a phone or not), chrome and page: to an anonymous visitor,
   * or, for a `signedIn` page only, to the `viewer` of a first-screen session (rendered for them alone, never kept).
   * Null without a server module, for a page its remote does not render on the server, and for a page that is not
   * this visitor's to render. Throws when the render fails or is not done in time: the page then goes out unrendered.
   */
  async render(url: string, language: UiLanguage, { phone = false, viewer }: { phone?: boolean; viewer?: FirstScreenSessionViewer } = {}): Promise<string | null> {
    const { shell, preloads } = this.options;
    if (!shell) return null;
    const pathname = new URL(url, 'http://edge.invalid').pathname;
    const page = await preloads.pageOf(pathname);
    if (!page || (page.screen?.signedIn === true) !== (viewer !== undefined)) return null;
    const [shellModule, remoteModule] = await Promise.all([
      this.serverModule<ShellFirstScreenModule>(shell.dir, 'renderChrome'),
      this.serverModule<RemoteFirstScreenModule>(page.remote.dir, 'renderPage'),
    ]);
    if (!shellModule || !remoteModule) return null;
    if (viewer) return this.renderWith(shellModule, remoteModule, page, { url, language, phone, viewer });
    const key = JSON.stringify([url, language, phone]);
    const kept = this.renders.get(key);
    if (kept && Date.now() - kept.at < (this.options.reuseMs ?? DEFAULT_FIRST_SCREEN_REUSE_MS) && kept.modules[0] === shellModule && kept.modules[1] === remoteModule) {
      return kept.html;
    }
    const html = this.renderWith(shellModule, remoteModule, page, { url, language, phone });
    this.renders.delete(key);
    this.renders.set(key, { at: Date.now(), modules: [shellModule, remoteModule], html });
    if (this.renders.size > MAX_KEPT_RENDERS) this.renders.delete(this.renders.keys().next().value!);
    // A failed or late render is not kept: the next request tries again.
    html.catch(() => {
      if (this.renders.get(key)?.html === html) this.renders.delete(key);
    });
    return html;
  }

  private async renderWith(
    shellModule: ShellFirstScreenModule,
    remoteModule: RemoteFirstScreenModule,
    page: ServedPage,
    { url, language, phone, viewer }: { url: string; language: UiLanguage; phone: boolean; viewer?: FirstScreenSessionViewer },
  ): Promise<string | null> {
    const { preloads } = this.options;
    const request: FirstScreenRenderRequest = {
      url,
      language,
      phone,
      runtimeConfig: this.options.runtimeConfig,
      fetchApi: viewer
        ? readsOfOneRender((apiPath, init) => preloads.answerAsViewer(apiPath, viewer.authorization, init))
        : (apiPath) => (page.apiPaths.includes(apiPath) ? preloads.answerInTime(apiPath) : Promise.reject(new Error(`${apiPath} is not a first-screen answer`))),
      ...(viewer ? { viewer: { userId: viewer.userId } } : {}),
    };
    const limitMs = this.options.renderTimeoutMs ?? DEFAULT_FIRST_SCREEN_RENDER_MS;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not rendered within ${limitMs} ms`)), limitMs);
    });
    try {
      const [chrome, pageHtml] = await Promise.race([Promise.all([shellModule.renderChrome(request), remoteModule.renderPage(request)]), late]);
      if (pageHtml === null || !chrome.includes(FIRST_SCREEN_PAGE_SLOT)) return null;
      return chrome.replace(FIRST_SCREEN_PAGE_SLOT, () => pageHtml);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * A learner's reads for one render, each GET asked once: the chrome and the page both load the learner's user data,
 * and each renders twice (renderOnServer). A write-shaped read (a POST) goes out each time it is asked.
 */
function readsOfOneRender(read: FirstScreenRenderRequest['fetchApi']): FirstScreenRenderRequest['fetchApi'] {
  const answers = new Map<string, Promise<unknown>>();
  return (apiPath, init) => {
    if (init && init.method !== 'GET') return read(apiPath, init);
    let answer = answers.get(apiPath);
    if (!answer) {
      answer = read(apiPath, init);
      answers.set(apiPath, answer);
    }
    return answer;
  };
}

/**
 * The shell's HTML with the rendered first screen in it: shown, but inert (nothing in it answers a click or a key
 * before the portal's render takes over, and assistive technology skips it, said outright with `aria-hidden` for
 * tools that do not read `inert`), while the portal renders hidden beside it. Its scripts start after the first
 * paint (first-screen-start.ts).
 */
export function withFirstScreen(html: string, rendered: string, language: UiLanguage): string {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) return html;
  return withScriptsAfterFirstPaint(
    html
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
      .replace(root, () => `<div id="${FIRST_SCREEN_ELEMENT_ID}" inert aria-hidden="true">${rendered}</div><div id="root" hidden></div>`),
  );
}

/**
 * Whether a request comes from a phone, by the hint Chromium browsers send on their own (`Sec-CH-UA-Mobile: ?1`),
 * else by "Mobi" in the user agent (what Safari and Firefox on phones carry; tablets do not).
 */
export function looksLikePhone(mobileHint: string | undefined, userAgent: string | undefined): boolean {
  if (mobileHint !== undefined) return mobileHint.trim() === '?1';
  return /Mobi/.test(userAgent ?? '');
}
