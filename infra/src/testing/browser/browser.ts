import { existsSync } from 'node:fs';
import { FIRST_SCREEN_ELEMENT_ID } from '@academy/contracts';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium for the browser journeys: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): string {
  if (!existsSync(candidate)) {
    throw new Error(`No Chromium at ${candidate}. Install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`);
  }
  return candidate;
}

/**
 * A fake camera and microphone granted without asking (live class journeys), with real host candidates on loopback
 * (Chromium hides them behind mDNS names otherwise, which Janus cannot resolve).
 */
const FAKE_MEDIA_FLAGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--disable-features=WebRtcHideLocalIpsWithMdns', '--autoplay-policy=no-user-gesture-required'];

export async function launchBrowser(
  options: {
    fakeMedia?: boolean;
    /** A WAV the fake microphone plays in a loop (instead of its beeps). */
    fakeAudioFile?: string;
    /** Runs Chromium (the path given) through another program. */
    wrap?: (chromium: string) => string;
  } = {},
): Promise<Browser> {
  const media = options.fakeAudioFile ? [...FAKE_MEDIA_FLAGS, `--use-file-for-fake-audio-capture=${options.fakeAudioFile}`] : FAKE_MEDIA_FLAGS;
  const args = options.fakeMedia ? [...CHROMIUM_FLAGS, ...media] : CHROMIUM_FLAGS;
  const executablePath = options.wrap ? options.wrap(chromiumPath()) : chromiumPath();
  return chromium.launch({ executablePath, args, headless: true });
}

/**
 * What fails a journey unless the test declared it: a Content Security Policy violation, an uncaught page error,
 * a console error, or a request to the page's own origin that failed (network error, or an answer of 400 or more).
 */
export type BrowserProblemKind = 'csp' | 'page-error' | 'console' | 'request';

export interface BrowserProblem {
  kind: BrowserProblemKind;
  text: string;
  /** The resource a console message or request is about. */
  url?: string;
}

interface ExpectedProblem {
  kind: BrowserProblemKind;
  pattern: RegExp;
  seen: boolean;
}

/** A page whose problems are recorded; `expectProblem` declares one the test causes on purpose. */
export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  problems: BrowserProblem[];
  /** The test causes this problem on purpose: it must then happen (at least once), and it fails nothing. */
  expectProblem(kind: BrowserProblemKind, pattern: RegExp): void;
}

const FAILED_RESOURCE = /^Failed to load resource/;
const watchedPages: { watched: WatchedPage; expected: ExpectedProblem[] }[] = [];

/** Whether a request goes to the origin of the document that made it (a service worker's: the page's). */
function toOwnOrigin(request: Request, page: Page): boolean {
  let documentUrl = page.url();
  try {
    documentUrl = request.frame().url() || documentUrl;
  } catch {
    // Requests of a service worker have no frame.
  }
  return URL.parse(request.url())?.origin === URL.parse(documentUrl)?.origin;
}

/** Requests each watched page still waits for; a server-sent event stream leaves it once its answer has begun. */
const pendingRequests = new WeakMap<Page, Set<Request>>();

function trackPending(page: Page): void {
  const pending = new Set<Request>();
  pendingRequests.set(page, pending);
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  page.on('response', (response) => {
    if ((response.headers()['content-type'] ?? '').startsWith('text/event-stream')) pending.delete(response.request());
  });
}

/**
 * Waits until the portal's own render shows the page. A public page comes rendered in its HTML for a visitor without a
 * session: that copy is inert and hidden from assistive technology (so role and label locators never find it), and
 * the portal renders hidden beside it until it takes over. A locator by markup (a class) matches both until then.
 */
export async function waitForPortal(page: Page): Promise<void> {
  await page.waitForFunction((renderedId) => {
    // Run in the page (this project's types are Node's, without the DOM's).
    const { document } = globalThis as unknown as { document: { getElementById(id: string): { hidden: boolean | string } | null } };
    return !document.getElementById(renderedId) && document.getElementById('root')?.hidden === false;
  }, FIRST_SCREEN_ELEMENT_ID);
}

/**
 * Waits until the page has loaded and no request has been in flight for `quietMs`: Playwright's `networkidle`
 * without the long-lived streams (the notification bell's server-sent events never end, so `networkidle` would
 * never come for a signed-in page).
 */
export async function waitForSettledNetwork(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const pending = pendingRequests.get(page);
  if (!pending) throw new Error('waitForSettledNetwork needs a page opened with openPage');
  await page.waitForLoadState('load');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() > deadline) throw new Error(`the network did not settle within ${timeoutMs} ms: ${[...pending].map((request) => request.url()).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function watch(page: Page, problems: BrowserProblem[]): void {
  trackPending(page);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const url = message.location().url;
    problems.push({ kind: /Content Security Policy/i.test(text) ? 'csp' : 'console', text, url });
  });
  page.on('pageerror', (error) => problems.push({ kind: 'page-error', text: error.message }));
  page.on('response', (response) => {
    const request = response.request();
    if (response.status() < 400 || !toOwnOrigin(request, page)) return;
    problems.push({ kind: 'request', text: `${response.status()} ${request.method()} ${response.url()}`, url: response.url() });
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    // The browser cancelled it (the page navigated on, a video seeked): nothing failed.
    if (reason === 'net::ERR_ABORTED') return;
    if (!toOwnOrigin(request, page)) return;
    problems.push({ kind: 'request', text: `${reason} ${request.method()} ${request.url()}`, url: request.url() });
  });
}

/**
 * A new browser context and page that record every BrowserProblem (popups it opens too). The e2e suite fails any
 * test that leaves one it did not declare (`takeUnexpectedBrowserProblems`, called after each test).
 */
export async function openPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  options: { serviceWorkers?: 'allow' | 'block'; /** The browser's language (navigator.languages, Accept-Language). */ locale?: string } = {},
): Promise<WatchedPage> {
  // The portal's service worker is blocked unless a journey asks for it: a journey that holds back or answers a
  // request itself (page.route) cannot see one the worker answers, and precaching the shell in every journey would
  // only add load. The offline and redeploy journeys allow it.
  const context = await browser.newContext({ viewport, serviceWorkers: options.serviceWorkers ?? 'block', locale: options.locale });
  const problems: BrowserProblem[] = [];
  context.on('page', (page) => watch(page, problems));
  const page = await context.newPage();
  const expected: ExpectedProblem[] = [];
  const watched: WatchedPage = {
    context,
    page,
    problems,
    expectProblem: (kind, pattern) => void expected.push({ kind, pattern, seen: false }),
  };
  watchedPages.push({ watched, expected });
  return watched;
}

/**
 * Every problem of the pages opened since the last call that no test declared, and every declared problem that did
 * not happen, as readable lines; then forgets those pages. A console "Failed to load resource" line about a URL
 * that is already a request problem is the same failure and counts once.
 */
export function takeUnexpectedBrowserProblems(): string[] {
  const lines: string[] = [];
  for (const { watched, expected } of watchedPages.splice(0)) {
    const failedUrls = new Set(watched.problems.filter((problem) => problem.kind === 'request').map((problem) => problem.url));
    for (const problem of watched.problems) {
      if (problem.kind === 'console' && FAILED_RESOURCE.test(problem.text) && failedUrls.has(problem.url)) continue;
      const declared = expected.filter((candidate) => candidate.kind === problem.kind && candidate.pattern.test(problem.kind === 'console' ? `${problem.text} ${problem.url ?? ''}` : problem.text));
      for (const candidate of declared) candidate.seen = true;
      if (declared.length === 0) lines.push(`${problem.kind}: ${problem.text}${problem.kind === 'console' && problem.url ? ` (${problem.url})` : ''}`);
    }
    for (const candidate of expected) if (!candidate.seen) lines.push(`expected ${candidate.kind} problem ${candidate.pattern} did not happen`);
  }
  return lines;
}
