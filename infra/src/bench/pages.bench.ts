// Benchmark: the public pages on a student's phone. Lighthouse (mobile preset, simulated throttling) drives the
// machine's Chromium against a whole portal started as the browser journeys start it (the edge serves the built
// apps compressed, as in production). Median of RUNS runs per page; writes bench/results/pages.{json,md}.
import { FIRST_SCREEN_SESSION_URL, type CourseListPage, type RuntimeConfig } from '@academy/contracts';
import * as chromeLauncher from 'chrome-launcher';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { createEdge, type EdgeOptions, type RunningEdge } from '../edge/edge-server.js';
import { findFreePort } from '../local/process-utils.js';
import { repoRoot } from '../paths.js';
import { buyInSandboxCheckout, signIn, type DemoAccount } from '../testing/browser/index.js';
import { mainThreadRunningShare, SIMULATED_LONG_TASK_MS, type TraceEvent } from './main-thread.js';
import { appOfUrl, kb, markdownTable, median, ms, progress, runStamp, share, startBenchPortal, writeResults } from './results.js';

const RUNS = Number(process.env.BENCH_PAGES_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
const TARGETS = { score: 97, lcpMaxMs: 2000, clsMax: 0.02, tbtMaxMs: 100, firstRenderJsMaxBytes: 150 * 1024, federatedLcpRatioMax: 1.15, repeatVisitLcpMaxMs: 1000, hindiExtraJsMaxBytes: 10 * 1024 };
/** Repeat visits measured per page: the browser keeps its storage (the service worker, its caches) from a first visit. */
const REPEAT_RUNS = Number(process.env.BENCH_PAGES_REPEAT_RUNS ?? 2);
/** The same pages built as one bundle without federation (bench/single-bundle, built by `npm run bench`). */
const SINGLE_BUNDLE_DIR = path.join(repoRoot, 'bench', 'single-bundle', 'dist');

interface NetworkRequest {
  url: string;
  transferSize: number;
  resourceSize: number;
  resourceType?: string;
  mimeType?: string;
  /** Observed (unthrottled) start and end, ms. */
  networkRequestTime?: number;
  networkEndTime?: number;
}

/** One request of a page load, from the navigation's start (observed, not simulated): the order things are asked for. */
interface WaterfallStep {
  path: string;
  type: string;
  startMs: number;
  endMs: number;
}

/** What the largest paint was and what its simulated time is made of (Lighthouse's LCP phases). */
interface LargestPaint {
  /** The element as Lighthouse names it: its text or image, shortened. */
  element: string;
  selector: string;
  ttfbMs: number;
  /** From the first byte until the resource of an image starts loading (0 for text). */
  loadDelayMs: number;
  loadTimeMs: number;
  /** From the end of its resource (or the first byte, for text) until the paint: scripts, data, rendering. */
  renderDelayMs: number;
}

interface RunMetrics {
  score: number;
  largestPaint: LargestPaint | undefined;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** The longest main-thread task Lighthouse counted (what total blocking time is made of). */
  longestTaskMs: number;
  jsTransferredBytes: number;
  scripts: number;
  /** Lighthouse's yardstick of this machine's CPU during the run (higher is faster): runs are comparable at a similar index. */
  benchmarkIndex: number;
  /** The page's main thread: the share of its tasks' time it was running (mainThreadRunningShare). */
  mainThreadRunningShare: number;
  scriptRequests: NetworkRequest[];
  waterfall: WaterfallStep[];
}

/** A page's medians over its runs. */
export interface PageResult extends Omit<RunMetrics, 'scriptRequests' | 'waterfall' | 'largestPaint'> {
  page: string;
  path: string;
  runs: RunMetrics[];
}

type LcpElementDetails = { items?: [{ items?: [{ node?: { nodeLabel?: string; selector?: string } }] }, { items?: { phase: string; timing: number }[] }?] };

/** The LCP element and its phases from Lighthouse's `largest-contentful-paint-element` audit. */
function largestPaintOf(details: LcpElementDetails | undefined): LargestPaint | undefined {
  const node = details?.items?.[0]?.items?.[0]?.node;
  const phases = details?.items?.[1]?.items ?? [];
  if (!node) return undefined;
  const phase = (name: string) => phases.find((entry) => entry.phase === name)?.timing ?? 0;
  return {
    element: node.nodeLabel ?? '',
    selector: node.selector ?? '',
    ttfbMs: phase('TTFB'),
    loadDelayMs: phase('Load Delay'),
    loadTimeMs: phase('Load Time'),
    renderDelayMs: phase('Render Delay'),
  };
}

function isScript(request: NetworkRequest): boolean {
  return request.resourceType === 'Script' || /javascript/.test(request.mimeType ?? '');
}

/**
 * How a run finds the browser: `first` as a new visitor (the origin cleared, localStorage included, and the cache),
 * `repeat` with everything a previous visit left, `signed-in-first` as a signed-in learner's first visit on this
 * device: the cache, the service worker, its caches and IndexedDB (the device's copy of My Enrollments, which a
 * returning learner's page shows at once) cleared, the sign-in kept (the SDK keeps it in localStorage);
 * `repeat-without-device-copy` as `repeat` with IndexedDB cleared (the same visit without the device's copy).
 */
type Visit = 'first' | 'repeat' | 'signed-in-first' | 'repeat-without-device-copy';

async function measure(url: string, port: number, visit: Visit = 'first'): Promise<RunMetrics> {
  // Lighthouse's own reset (its default clearStorageTypes) leaves cookies, localStorage and IndexedDB: a sign-in or a
  // language kept by an earlier run would carry over into a new visitor's.
  if (visit === 'first') await clearOrigin(port, url, 'all');
  if (visit === 'signed-in-first') await clearCachesKeepingSignIn(port, url);
  if (visit === 'repeat-without-device-copy') await clearOrigin(port, url, 'device-copy');
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: visit !== 'first' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []).filter(
    (request) => new URL(request.url).origin === new URL(url).origin,
  );
  const scriptRequests = requests.filter(isScript);
  const longTasks = (lhr.audits['long-tasks']?.details as { items?: { duration: number }[] } | undefined)?.items ?? [];
  const origin = Math.min(...requests.map((request) => request.networkRequestTime ?? Number.POSITIVE_INFINITY));
  const waterfall = requests
    .filter((request) => request.networkRequestTime !== undefined && request.networkEndTime !== undefined)
    .map((request) => {
      const { pathname, search } = new URL(request.url);
      return { path: pathname + search, type: request.resourceType ?? '', startMs: request.networkRequestTime! - origin, endMs: request.networkEndTime! - origin };
    })
    .sort((a, b) => a.startMs - b.startMs);
  return {
    waterfall,
    largestPaint: largestPaintOf(lhr.audits['largest-contentful-paint-element']?.details as LcpElementDetails | undefined),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    longestTaskMs: Math.max(0, ...longTasks.map((task) => task.duration)),
    jsTransferredBytes: scriptRequests.reduce((sum, request) => sum + request.transferSize, 0),
    scripts: scriptRequests.length,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    mainThreadRunningShare: mainThreadRunningShare(result.artifacts.Trace.traceEvents as TraceEvent[], new URL(url).origin),
    scriptRequests,
  };
}

/** Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART, NO_FCP): such a run is done again, twice at most. */
async function measureWithRetry(url: string, port: number, visit: Visit = 'first'): Promise<RunMetrics> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(url, port, visit);
    } catch (error) {
      if (attempt >= 3) throw error;
      progress('pages', `  ${(error as Error).message.split('\n')[0]}; running it again`);
    }
  }
}

function summarise(page: string, pagePath: string, runs: RunMetrics[]): PageResult {
  const of = (pick: (run: RunMetrics) => number) => median(runs.map(pick));
  return {
    page,
    path: pagePath,
    runs,
    score: of((run) => run.score),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    fcpMs: of((run) => run.fcpMs),
    longestTaskMs: of((run) => run.longestTaskMs),
    jsTransferredBytes: of((run) => run.jsTransferredBytes),
    scripts: of((run) => run.scripts),
    benchmarkIndex: of((run) => run.benchmarkIndex),
    mainThreadRunningShare: median(runs.map((run) => run.mainThreadRunningShare).filter((value) => !Number.isNaN(value))),
  };
}

/** What the second edges need of the bench portal, and the ports they listen on (known to the sandbox's sign-in). */
type BenchPortal = { portalUrl: string; ports: { catalogue: number; commerce: number; progress: number }; secondEdgePorts: SecondEdgePorts };

interface SecondEdgePorts {
  singleBundle: number;
  withoutPreloads: number;
  withoutRender: number;
}

/** Ports for the second edges, chosen before the portal starts so that its sandbox lets them sign in. */
async function chooseSecondEdgePorts(): Promise<{ ports: SecondEdgePorts; origins: string[] }> {
  const ports = { singleBundle: await findFreePort(), withoutPreloads: await findFreePort(), withoutRender: await findFreePort() };
  return { ports, origins: Object.values(ports).flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]) };
}

/** The second edges, each in front of the bench portal's services with its runtime config, and what each serves. */
const SECOND_EDGES = {
  // The single-bundle build: what federation costs, same run.
  singleBundle: { label: 'single-bundle edge', options: { appDirs: { shell: SINGLE_BUNDLE_DIR, learner: null, educator: null, info: null } } },
  // The same federated build without the first-screen preloads (and so without the render): what they change.
  withoutPreloads: { label: 'edge without preloads', options: { firstScreenPreloads: false } },
  // The same federated build with the preloads but without rendering the first screen: what the render changes.
  withoutRender: { label: 'edge without the render', options: { firstScreenRender: false } },
} satisfies Record<keyof SecondEdgePorts, { label: string; options: Partial<EdgeOptions> }>;

async function startSecondEdge(portal: BenchPortal, edge: keyof SecondEdgePorts): Promise<RunningEdge> {
  const runtimeConfig = (await (await fetch(`${portal.portalUrl}/runtime-config.json`)).json()) as RuntimeConfig;
  const serviceUrl = (port: number) => `http://127.0.0.1:${port}`;
  const { label, options } = SECOND_EDGES[edge];
  return createEdge({
    serviceUrls: { catalogue: serviceUrl(portal.ports.catalogue), commerce: serviceUrl(portal.ports.commerce), progress: serviceUrl(portal.ports.progress) },
    runtimeConfig,
    ...options,
    onError: (message) => progress('pages', `${label}: ${message}`),
  }).listen(portal.secondEdgePorts[edge], '127.0.0.1');
}

/** A page measured: its name, its path, and the demo learner it is measured signed in as (none: a new visitor). */
type BenchPage = [name: string, path: string, signedInAs?: DemoAccount];

/** The learner whose My Enrollments is measured: signed in, with one course bought in the sandbox checkout. */
const SIGNED_IN_LEARNER: DemoAccount = 'Aarav Sharma';

/** The public pages measured (BENCH_PAGES_ONLY keeps those whose path starts with it). */
async function benchPages(portalUrl: string): Promise<{ pages: BenchPage[]; course: { id: string; title: string } }> {
  const list = (await (await fetch(`${portalUrl}/api/course/all?limit=1`)).json()) as CourseListPage;
  const course = list.courses[0];
  if (!course) throw new Error('the portal has no published demo course');
  const pages: BenchPage[] = [
    ['home', '/'],
    ['course list', '/course-list'],
    ['course', `/course/${course._id}`],
    ['my enrollments (signed in)', '/my-enrollments', SIGNED_IN_LEARNER],
  ];
  const only = process.env.BENCH_PAGES_ONLY;
  return { pages: pages.filter(([, pagePath]) => !only || pagePath.startsWith(only)), course: { id: course._id, title: course.courseTitle } };
}

/** Runs `use` in a new tab of the Chromium Lighthouse drives (its default profile), then disconnects from it. */
async function inBenchBrowser<T>(chromePort: number, use: (page: import('playwright-core').Page) => Promise<T>): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    try {
      return await use(page);
    } finally {
      await page.close();
    }
  } finally {
    await browser.close(); // connected, not launched: this disconnects and leaves Chromium running
  }
}

/** Signs `account` in on `baseUrl` in the browser Lighthouse drives (the SDK keeps the session in localStorage). */
async function signInForBench(chromePort: number, baseUrl: string, account: DemoAccount): Promise<void> {
  progress('pages', `signing in as ${account} on ${baseUrl}`);
  await clearOrigin(chromePort, baseUrl, 'all'); // from signed out, whoever was signed in before
  await inBenchBrowser(chromePort, async (page) => {
    // The portal hands the edge its first-screen session once the session is restored (a low-priority request): the
    // signed-in page's runs start once it has been answered, as a learner's next visit would.
    const sessionHandedOver = page.waitForResponse((response) => new URL(response.url()).pathname === FIRST_SCREEN_SESSION_URL, { timeout: 15_000 });
    await signIn(page, baseUrl, account);
    await sessionHandedOver;
  });
}

/** The signed-in learner buys a course first, so that their My Enrollments lists one (as a learner's would). */
async function enrolSignedInLearner(chromePort: number, portalUrl: string, course: { id: string; title: string }): Promise<void> {
  progress('pages', `${SIGNED_IN_LEARNER} buys "${course.title}" in the sandbox checkout`);
  await inBenchBrowser(chromePort, async (page) => {
    await signIn(page, portalUrl, SIGNED_IN_LEARNER);
    await buyInSandboxCheckout(page, portalUrl, course);
  });
}

/**
 * Clears an origin's data and the cache in the browser Lighthouse drives: `keep-sign-in` clears the service worker,
 * its caches and IndexedDB (localStorage keeps the sign-in), `all` clears everything (a language a link kept included).
 */
async function clearOrigin(chromePort: number, origin: string, what: 'keep-sign-in' | 'device-copy' | 'all'): Promise<void> {
  await inBenchBrowser(chromePort, async (page) => {
    const cdp = await page.context().newCDPSession(page);
    if (what === 'device-copy') {
      await cdp.send('Storage.clearDataForOrigin', { origin: new URL(origin).origin, storageTypes: 'indexeddb' });
      return;
    }
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(origin).origin, storageTypes: what === 'all' ? 'all' : 'service_workers,cache_storage,indexeddb' });
  });
}

const clearCachesKeepingSignIn = (chromePort: number, origin: string) => clearOrigin(chromePort, origin, 'keep-sign-in');

/** RUNS Lighthouse runs of each page at `baseUrl`, summarised to their medians. */
async function measurePages(pages: BenchPage[], baseUrl: string, label: string, chromePort: number): Promise<PageResult[]> {
  const measured: PageResult[] = [];
  for (const [name, pagePath, signedInAs] of pages) {
    if (signedInAs) await signInForBench(chromePort, baseUrl, signedInAs);
    const runs: RunMetrics[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      progress('pages', `Lighthouse ${label} ${pagePath}${signedInAs ? ' (signed in)' : ''} run ${run}/${RUNS}`);
      runs.push(await measureWithRetry(baseUrl + pagePath, chromePort, signedInAs ? 'signed-in-first' : 'first'));
      const last = runs.at(-1)!;
      progress('pages', `  score ${last.score}, LCP ${ms(last.lcpMs)}, TBT ${ms(last.tbtMs)}, CLS ${last.cls.toFixed(3)}, JS ${kb(last.jsTransferredBytes)} in ${last.scripts} scripts, benchmark index ${Math.round(last.benchmarkIndex)}, main thread running ${share(last.mainThreadRunningShare)} of its long tasks`);
    }
    measured.push(summarise(name, pagePath, runs));
  }
  return measured;
}

/** `/` in Hindi (`?lang=hi` chooses it as a visitor would with the switch): its strings replace the English ones. */
async function measureHindiHome(pages: BenchPage[], portalUrl: string, chromePort: number): Promise<PageResult | undefined> {
  if (!pages.some(([, pagePath]) => pagePath === '/')) return undefined;
  const runs: RunMetrics[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    progress('pages', `Lighthouse federated /?lang=hi run ${run}/${RUNS}`);
    runs.push(await measureWithRetry(`${portalUrl}/?lang=hi`, chromePort));
  }
  return summarise('home in Hindi', '/?lang=hi', runs);
}

interface RepeatVisit {
  path: string;
  lcpMs: number;
  score: number;
  runs: number[];
  /** Of the run with the median LCP (the slower of two). */
  largestPaint: LargestPaint | undefined;
  signedIn: boolean;
  /** A signed-in page's same repeat visit with IndexedDB cleared first: without the device's copy (My Enrollments). */
  withoutDeviceCopy?: { lcpMs: number; runs: number[] };
}

/**
 * Repeat visits: a first visit installs the service worker (it precaches the shell after the page has loaded),
 * then the same page again with the browser's storage kept.
 */
async function measureRepeatVisits(pages: BenchPage[], portalUrl: string, chromePort: number): Promise<RepeatVisit[]> {
  const repeatVisits: RepeatVisit[] = [];
  // From a clean origin: the runs before leave what they set (the Hindi run's language, a sign-in).
  await clearOrigin(chromePort, portalUrl, 'all');
  for (const [, pagePath, signedInAs] of pages) {
    if (signedInAs) await signInForBench(chromePort, portalUrl, signedInAs);
    progress('pages', `Lighthouse repeat visit ${pagePath}: first visit`);
    await measureWithRetry(portalUrl + pagePath, chromePort, 'repeat');
    await new Promise((resolve) => setTimeout(resolve, 3000)); // the worker's install and precache
    const runs: RunMetrics[] = [];
    // A signed-in page alternates with the same visit without the device's copy (IndexedDB cleared before it; the
    // visit saves the copy again for the next run).
    const withoutCopy: RunMetrics[] = [];
    for (let run = 1; run <= REPEAT_RUNS; run += 1) {
      runs.push(await measureWithRetry(portalUrl + pagePath, chromePort, 'repeat'));
      progress('pages', `  repeat visit ${pagePath} run ${run}/${REPEAT_RUNS}: score ${runs.at(-1)!.score}, LCP ${ms(runs.at(-1)!.lcpMs)}`);
      if (!signedInAs) continue;
      withoutCopy.push(await measureWithRetry(portalUrl + pagePath, chromePort, 'repeat-without-device-copy'));
      progress('pages', `  repeat visit ${pagePath} without the device's copy, run ${run}/${REPEAT_RUNS}: score ${withoutCopy.at(-1)!.score}, LCP ${ms(withoutCopy.at(-1)!.lcpMs)}`);
    }
    repeatVisits.push({
      path: pagePath,
      lcpMs: median(runs.map((run) => run.lcpMs)),
      score: median(runs.map((run) => run.score)),
      runs: runs.map((run) => run.lcpMs),
      largestPaint: medianRun({ runs }).largestPaint,
      signedIn: signedInAs !== undefined,
      ...(withoutCopy.length > 0 ? { withoutDeviceCopy: { lcpMs: median(withoutCopy.map((run) => run.lcpMs)), runs: withoutCopy.map((run) => run.lcpMs) } } : {}),
    });
  }
  return repeatVisits;
}

/** Measures the pages through a second edge, closed afterwards. */
async function measureThroughEdge(edge: RunningEdge, measure: (baseUrl: string) => Promise<PageResult[]>): Promise<PageResult[]> {
  try {
    return await measure(edge.url);
  } finally {
    await edge.close();
  }
}

/** Everything one bench run measured. */
interface Measurements {
  results: PageResult[];
  hindiHome: PageResult | undefined;
  englishHome: PageResult | undefined;
  hindiExtraJsBytes: number | undefined;
  repeatVisits: RepeatVisit[];
  singleBundle: PageResult[];
  withoutPreloads: PageResult[];
  /** The public pages (the edge renders no signed-in page), in the order of `results`. */
  withoutRender: PageResult[];
  lcpRatios: number[];
  loadBefore: number[];
  loadAfter: number[];
}

/** The one-minute load average under which the runs start (2 cores), and the longest wait for it. */
const QUIET_LOAD = 1;
const QUIET_WAIT_MAX_MS = 180_000;

/**
 * Waits for the machine to settle after the benchmark's own build and portal start (load average 6.6 measured at the
 * start once): Lighthouse multiplies what it observes by 4 for a phone's CPU, so another process's work in a run
 * counts as the page's blocking time.
 */
async function waitForQuietMachine(): Promise<void> {
  const started = Date.now();
  while (loadavg()[0]! > QUIET_LOAD && Date.now() - started < QUIET_WAIT_MAX_MS) await new Promise((resolve) => setTimeout(resolve, 5_000));
  progress('pages', `load average ${loadavg()[0]!.toFixed(2)} after waiting ${Math.round((Date.now() - started) / 1000)} s for a quiet machine`);
}

async function measureEverything(portal: BenchPortal, pages: BenchPage[], chromePort: number): Promise<Measurements> {
  const measure = (label: string) => (baseUrl: string) => measurePages(pages, baseUrl, label, chromePort);
  await waitForQuietMachine();
  const loadBefore = loadavg();
  const results = await measure('federated')(portal.portalUrl);
  const hindiHome = await measureHindiHome(pages, portal.portalUrl, chromePort);
  const englishHome = results.find((result) => result.path === '/');
  const repeatVisits = await measureRepeatVisits(pages, portal.portalUrl, chromePort);
  // The same pages from one bundle, through a second edge in front of the same services: what federation costs.
  if (!existsSync(path.join(SINGLE_BUNDLE_DIR, 'index.html'))) throw new Error(`${SINGLE_BUNDLE_DIR} is not built (npm run bench builds it)`);
  const singleBundle = await measureThroughEdge(await startSecondEdge(portal, 'singleBundle'), measure('single bundle'));
  // The same federated pages without the edge's first-screen preloads (the "before" of docs/performance.md).
  const withoutPreloads = await measureThroughEdge(await startSecondEdge(portal, 'withoutPreloads'), measure('federated without first-screen preloads'));
  // The same federated pages, signed-in My Enrollments included, with the preloads but not rendered on the edge (the
  // render's "before").
  const withoutRender = await measureThroughEdge(await startSecondEdge(portal, 'withoutRender'), (baseUrl) =>
    measurePages(pages, baseUrl, 'federated without the first-screen render', chromePort),
  );
  return {
    results,
    hindiHome,
    englishHome,
    hindiExtraJsBytes: hindiHome && englishHome ? hindiHome.jsTransferredBytes - englishHome.jsTransferredBytes : undefined,
    repeatVisits,
    singleBundle,
    withoutPreloads,
    withoutRender,
    lcpRatios: results.map((result, index) => result.lcpMs / singleBundle[index]!.lcpMs),
    loadBefore,
    loadAfter: loadavg(),
  };
}

const medianRun = (result: { runs: RunMetrics[] }) => [...result.runs].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(result.runs.length / 2)]!;

/** The scripts of the first page measured (`/` unless BENCH_PAGES_ONLY picked another), from its median-LCP run. */
function homeScripts(results: PageResult[]) {
  const home = results[0]!;
  const homeRun = medianRun(home);
  const chunks = homeRun.scriptRequests.map((request) => ({
    path: new URL(request.url).pathname,
    app: appOfUrl(request.url),
    transferredBytes: request.transferSize,
    resourceBytes: request.resourceSize,
  }));
  const byApp = new Map<string, number>();
  for (const chunk of chunks) byApp.set(chunk.app, (byApp.get(chunk.app) ?? 0) + chunk.transferredBytes);
  return { home, homeRun, chunks, byApp };
}

type HomeScripts = ReturnType<typeof homeScripts>;

/** A page's result for the JSON file, without each run's requests. */
const withoutRequests = (result: PageResult) => ({ ...result, runs: result.runs.map((run) => ({ ...run, scriptRequests: undefined, waterfall: undefined })) });

const targetsMet = (result: PageResult) =>
  result.score >= TARGETS.score && result.lcpMs <= TARGETS.lcpMaxMs && result.cls <= TARGETS.clsMax && result.tbtMs <= TARGETS.tbtMaxMs;

function resultsJson(measured: Measurements, scripts: HomeScripts) {
  const { results, hindiHome, hindiExtraJsBytes, lcpRatios } = measured;
  return {
    ...runStamp(),
    runs: RUNS,
    lighthouse: 'mobile preset, simulated throttling',
    targets: TARGETS,
    loadAverage: { before: measured.loadBefore, after: measured.loadAfter },
    repeatVisits: measured.repeatVisits.map((visit) => ({ ...visit, met: visit.lcpMs <= TARGETS.repeatVisitLcpMaxMs })),
    pages: results.map((result) => ({ ...withoutRequests(result), met: targetsMet(result) })),
    singleBundle: measured.singleBundle.map(withoutRequests),
    withoutFirstScreenPreloads: measured.withoutPreloads.map(withoutRequests),
    withoutFirstScreenRender: measured.withoutRender.map(withoutRequests),
    federatedLcpRatios: Object.fromEntries(results.map((result, index) => [result.path, lcpRatios[index]])),
    federatedLcpRatioMet: lcpRatios.every((ratio) => ratio <= TARGETS.federatedLcpRatioMax),
    hindiHome: hindiHome && {
      ...withoutRequests(hindiHome),
      extraJsBytes: hindiExtraJsBytes,
      met: hindiExtraJsBytes !== undefined && hindiExtraJsBytes <= TARGETS.hindiExtraJsMaxBytes,
    },
    home: {
      chunks: scripts.chunks,
      transferredByApp: Object.fromEntries(scripts.byApp),
      jsTransferredBytes: scripts.homeRun.jsTransferredBytes,
      firstRenderJsMet: scripts.homeRun.jsTransferredBytes <= TARGETS.firstRenderJsMaxBytes,
    },
  };
}

const pageLabel = (result: PageResult) => `\`${result.page === 'course' ? '/course/:id' : result.path}\`${result.page.endsWith('(signed in)') ? ' (signed in)' : ''}`;

function hindiSection({ hindiHome, englishHome, hindiExtraJsBytes }: Measurements): string[] {
  if (!hindiHome || !englishHome) return [];
  return [
    `## \`/\` in Hindi and in English (same run; target: Hindi ≤ English + ${kb(TARGETS.hindiExtraJsMaxBytes)} of JS)`,
    '',
    markdownTable(
      ['language', 'score', 'LCP', 'TBT', 'JS transferred', 'scripts'],
      [englishHome, hindiHome].map((result) => [result === hindiHome ? 'हिन्दी (`/?lang=hi`)' : 'English', result.score, ms(result.lcpMs), ms(result.tbtMs), kb(result.jsTransferredBytes), result.scripts]),
    ),
    '',
    `Hindi − English: ${kb(hindiExtraJsBytes!)} of JS.`,
    '',
  ];
}

/** What each page's largest paint was and what its simulated time is made of, from the median-LCP run. */
function largestPaintSection({ results, singleBundle, repeatVisits }: Measurements): string[] {
  const row = (page: string, build: string, lcpMs: number, paint: LargestPaint | undefined) => [
    page,
    build,
    paint ? `${paint.element.length > 48 ? `${paint.element.slice(0, 47)}…` : paint.element} (\`${paint.selector.split(' > ').at(-1)}\`)` : 'not reported',
    ms(paint?.ttfbMs ?? Number.NaN),
    ms((paint?.loadDelayMs ?? Number.NaN) + (paint?.loadTimeMs ?? Number.NaN)),
    ms(paint?.renderDelayMs ?? Number.NaN),
    ms(lcpMs),
  ];
  const rows = results.flatMap((result, index) => {
    const repeat = repeatVisits.find((visit) => visit.path === result.path);
    return [
      row(pageLabel(result), 'federated', result.lcpMs, medianRun(result).largestPaint),
      row('', 'one bundle', singleBundle[index]!.lcpMs, medianRun(singleBundle[index]!).largestPaint),
      ...(repeat ? [row('', 'repeat visit', repeat.lcpMs, repeat.largestPaint)] : []),
    ];
  });
  return [
    '## What the largest paint waits for (Lighthouse\'s LCP phases, simulated; the median-LCP run)',
    '',
    'Time to first byte, then for an image its wait and download, then the render delay: everything after those until the paint (scripts, data, rendering).',
    '',
    markdownTable(['page', 'build', 'largest paint', 'first byte', 'image wait and load', 'render delay', 'LCP'], rows),
    '',
  ];
}

function federationCostSection({ results, singleBundle, withoutPreloads, lcpRatios }: Measurements): string[] {
  const rows = results.map((result, index) => {
    const single = singleBundle[index]!;
    const plain = withoutPreloads[index]!;
    return [
      pageLabel(result),
      ms(result.lcpMs),
      ms(plain.lcpMs),
      ms(single.lcpMs),
      lcpRatios[index]!.toFixed(2),
      (plain.lcpMs / single.lcpMs).toFixed(2),
      result.score,
      plain.score,
      single.score,
      kb(result.jsTransferredBytes),
      kb(single.jsTransferredBytes),
    ];
  });
  return [
    `## What federation costs: the same pages built as one bundle (bench/single-bundle), and the federated pages without the edge's first-screen preloads, same services, same run`,
    '',
    `Target: federated LCP ≤ ${TARGETS.federatedLcpRatioMax} × single-bundle LCP.`,
    '',
    markdownTable(
      ['page', 'LCP federated', 'LCP federated, no preloads', 'LCP one bundle', 'ratio', 'ratio, no preloads', 'score federated', 'score, no preloads', 'score one bundle', 'JS federated', 'JS one bundle'],
      rows,
    ),
  ];
}

function renderSection({ results, singleBundle, withoutRender }: Measurements): string[] {
  const rows = withoutRender.map((plain) => {
    const index = results.findIndex((result) => result.path === plain.path);
    const result = results[index]!;
    return [
      pageLabel(result),
      ms(result.lcpMs),
      ms(plain.lcpMs),
      ms(result.tbtMs),
      ms(plain.tbtMs),
      result.score,
      plain.score,
      (plain.lcpMs / singleBundle[index]!.lcpMs).toFixed(2),
    ];
  });
  return [
    `## What the edge's render of the first screen changes: the same federated pages with the preloads but not rendered, same run`,
    '',
    'The one bundle has no server module, so it is never rendered: the last column is the federation cost as measured before the render (federated without it ÷ one bundle).',
    '',
    markdownTable(['page', 'LCP rendered', 'LCP not rendered', 'TBT rendered', 'TBT not rendered', 'score rendered', 'score not rendered', 'ratio to one bundle, not rendered'], rows),
  ];
}

function resultsMarkdown(measured: Measurements, scripts: HomeScripts, date: string, cpus: number): string {
  const { results, loadBefore, loadAfter } = measured;
  const { home, homeRun, chunks, byApp } = scripts;
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  const pageRows = results.map((result) => [
    pageLabel(result),
    result.score,
    ms(result.lcpMs),
    ms(result.tbtMs),
    ms(result.longestTaskMs),
    share(result.mainThreadRunningShare),
    result.cls.toFixed(3),
    kb(result.jsTransferredBytes),
    result.scripts,
  ]);
  return [
    `# Pages (Lighthouse, mobile, simulated throttling, median of ${RUNS})`,
    '',
    `Targets: score ≥ ${TARGETS.score}, LCP ≤ ${ms(TARGETS.lcpMaxMs)}, CLS ≤ ${TARGETS.clsMax}, TBT ≤ ${TARGETS.tbtMaxMs} ms, JS on \`/\` ≤ ${kb(TARGETS.firstRenderJsMaxBytes)}, repeat visit LCP ≤ ${ms(TARGETS.repeatVisitLcpMaxMs)}. Run ${date} on ${cpus} cores; load average (1 / 5 / 15 min) ${load(loadBefore)} at the start, ${load(loadAfter)} after the federated runs; Lighthouse's benchmark index (its CPU yardstick, higher is faster) ${Math.round(median(measured.results.flatMap((result) => result.runs.map((run) => run.benchmarkIndex))))}, median of the federated runs.`,
    '',
    markdownTable(['page', 'score', 'LCP', 'TBT', 'longest task', 'main thread running', 'CLS', 'JS transferred', 'scripts'], pageRows),
    '',
    `"Main thread running": of the wall time of the page's main-thread tasks of over ${SIMULATED_LONG_TASK_MS} ms in the observed trace (long tasks once Lighthouse simulates a 4× slower CPU), the share its thread was running. Near 100 % with a core to spare; lower while other processes had the cores, and the simulation turns that waiting into blocking time as well.`,
    '',
    ...hindiSection(measured),
    `## Repeat visits (the service worker installed by a first visit; median of ${REPEAT_RUNS})`,
    '',
    markdownTable(['page', 'LCP', 'score', 'runs'], measured.repeatVisits.flatMap((visit) => {
      const page = `\`${visit.path.startsWith('/course/') ? '/course/:id' : visit.path}\`${visit.signedIn ? ' (signed in)' : ''}`;
      const row = [page, ms(visit.lcpMs), visit.score, visit.runs.map(ms).join(', ')];
      return visit.withoutDeviceCopy ? [row, [`${page}, without the device's copy (IndexedDB cleared; runs alternated with those above)`, ms(visit.withoutDeviceCopy.lcpMs), '', visit.withoutDeviceCopy.runs.map(ms).join(', ')]] : [row];
    })),
    '',
    ...federationCostSection(measured),
    '',
    ...renderSection(measured),
    '',
    ...largestPaintSection(measured),
    `## Scripts of \`${home.path}\` (${kb(homeRun.jsTransferredBytes)} in ${chunks.length}; ${[...byApp].map(([app, bytes]) => `${app} ${kb(bytes)}`).join(', ')})`,
    '',
    markdownTable(
      ['script', 'app', 'transferred', 'uncompressed'],
      chunks.map((chunk) => [`\`${chunk.path}\``, chunk.app, kb(chunk.transferredBytes), kb(chunk.resourceBytes)]),
    ),
  ].join('\n');
}

const waterfallTable = (steps: WaterfallStep[]) =>
  markdownTable(
    ['request', 'type', 'starts', 'ends'],
    steps.filter((step) => !/^\/(api\/notifications|favicon)/.test(step.path)).map((step) => [`\`${step.path.length > 60 ? `${step.path.slice(0, 57)}…` : step.path}\``, step.type, ms(step.startMs), ms(step.endMs)]),
  );

/** The order the first page's requests start in, with and without the first-screen preloads. */
function waterfallsMarkdown(home: PageResult, withoutPreloads: PageResult[]): string {
  return [
    '',
    `## Waterfall of \`${home.path}\` (observed in the median run, unthrottled: the order requests start in)`,
    '',
    '### With the first-screen preloads',
    '',
    waterfallTable(medianRun(home).waterfall),
    '',
    '### Without them (same build, same run)',
    '',
    waterfallTable(medianRun(withoutPreloads[0]!).waterfall),
  ].join('\n');
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}. Install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`);
  const secondEdges = await chooseSecondEdgePorts();
  const portal = { ...(await startBenchPortal('pages', { extraPortalOrigins: secondEdges.origins })), secondEdgePorts: secondEdges.ports };
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const { pages, course } = await benchPages(portal.portalUrl);
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'error' });
    if (pages.some(([, , signedInAs]) => signedInAs)) await enrolSignedInLearner(chrome.port, portal.portalUrl, course);
    const measured = await measureEverything(portal, pages, chrome.port);
    const scripts = homeScripts(measured.results);
    const summary = resultsJson(measured, scripts);
    const markdown = resultsMarkdown(measured, scripts, summary.date, summary.cpus) + waterfallsMarkdown(scripts.home, measured.withoutPreloads);
    console.log(markdown);
    writeResults('pages', summary, markdown);
    progress('pages', 'wrote bench/results/pages.json and pages.md');
  } finally {
    chrome?.kill();
    await portal.stop();
  }
}

await main();
