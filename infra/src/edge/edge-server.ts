import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import express from 'express';
import compression from 'compression';
import { parseCookie } from 'cookie';
import { attachWebSocketRoutes } from './websocket-routes.js';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { UPSTREAM_KEEP_ALIVE_MS, contextFromHeaders, traceHeaders, tracingEnabled } from '@academy/service-core';
import { repoRoot } from '../paths.js';
import { loadRouteTable, matchRoute, type AppName, type RouteTable, type ServiceName } from '../routes/route-table.js';
import { runtimeConfigFromEnv, type RuntimeConfig } from './runtime-config.js';
import { securityHeaders } from './security-headers.js';
import { FirstScreenPreloads, withPreloads, type ServedRemote } from './first-screen.js';
import { FirstScreenRenderer, looksLikePhone, withFirstScreen } from './first-screen-render.js';
import { FIRST_SCREEN_START_SCRIPT_HASH } from './first-screen-start.js';
import { firstScreenSessionHandler, firstScreenViewer, type FirstScreenSessionViewer } from './first-screen-session.js';
import { originalFileName, withPrecompressedCopies } from './precompressed.js';
import { withEntryFilesCompressedOnce } from './entry-compression.js';
import { chooseUiLanguage, FIRST_SCREEN_SESSION_URL, isSignInRedirect, LANGUAGE_COOKIE, SIGNED_IN_HINT_COOKIE, type UiLanguage } from '@academy/contracts';

export interface EdgeOptions {
  /** Base URL of each service, e.g. http://127.0.0.1:3101. */
  serviceUrls: Record<ServiceName, string>;
  /**
   * Folder served for each app; `null` serves nothing (the app looks down). Defaults to `<workspace>/dist`.
   * A missing or empty folder is fine: its files answer 404, as a remote that is down would.
   */
  appDirs?: Partial<Record<AppName, string | null>>;
  /** The JSON served at /runtime-config.json; defaults to `runtimeConfigFromEnv()`. */
  runtimeConfig?: RuntimeConfig;
  routeTable?: RouteTable;
  /** Called for proxy failures (upstream down); defaults to console.error. */
  onError?: (message: string) => void;
  /** Production adds HSTS and upgrade-insecure-requests; defaults to NODE_ENV=production. */
  production?: boolean;
  /** Lets a production edge name the sandbox's plain-http origin in its CSP (test-only); defaults to ALLOW_SANDBOX_PROVIDERS=true. */
  allowSandboxProviders?: boolean;
  /** How long an idle connection to a service is kept; must stay under the services' keep-alive timeout. */
  upstreamIdleMs?: number;
  /** How long a page's HTML waits for the API answer that names its largest image (first-screen.ts), ms. */
  firstScreenApiWaitMs?: number;
  /** Name each page's first screen in its HTML (first-screen.ts); default true (the pages benchmark compares without). */
  firstScreenPreloads?: boolean;
  /**
   * Render the public pages' first screens into their HTML with the apps' server modules (first-screen-render.ts);
   * default true, and never without the preloads.
   */
  firstScreenRender?: boolean;
  /** How long a page's HTML waits for its render before going out without it, ms. */
  firstScreenRenderMs?: number;
  /** How long a render is reused for the same URL, language and screen, ms (first-screen-render.ts). */
  firstScreenReuseMs?: number;
  /** URLs of the entry points the route table's `websockets` name (`progress-gateway`); a missing one refuses upgrades. */
  entryPointUrls?: Record<string, string>;
}

export interface RunningEdge {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface Edge {
  app: express.Express;
  listen(port?: number, host?: string): Promise<RunningEdge>;
}

const immutable = 'public, max-age=31536000, immutable';
// Files built with a content hash in their name (rspack `[contenthash]`) never change under that name.
const hashedName = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/**
 * Brotli's quality for answers compressed as they go out (HTML, API answers, and a remote entry or manifest until its
 * best-quality copy is ready: entry-compression.ts). The compression package's default, 4, is no smaller than gzip
 * on our scripts; 5 takes about the same time and makes the learner's `remoteEntry.js` 15.8 → 14.8 KB. Hashed files
 * go out as the build's own quality-11 copies instead.
 */
export const ON_THE_FLY_BROTLI_QUALITY = 5;

/**
 * The edge's span of an API request: child of the browser's `traceparent` when it sent one (the learner's
 * purchase does), parent of the service's span through the header it passes on.
 */
function traceProxiedRequest(req: express.Request, res: express.Response, service: ServiceName): void {
  if (!tracingEnabled()) return;
  const parent = contextFromHeaders(req.headers);
  const span = trace.getTracer('academy').startSpan(
    `edge ${req.method} ${req.path.replace(/\/[0-9a-f-]{8,}|\/\d+/gi, '/:id')}`,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': req.path, 'academy.service': service } },
    parent,
  );
  Object.assign(req.headers, traceHeaders(trace.setSpan(parent, span)));
  res.once('close', () => {
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}

function isStreamingRequest(table: RouteTable, pathname: string): boolean {
  const match = matchRoute(table, pathname);
  return match.kind === 'service' && match.streaming;
}

function sendJsonError(res: express.Response, status: number, message: string): void {
  res.status(status).set('Cache-Control', 'no-store').json({ success: false, message });
}

/**
 * The proxy library's shared agent keeps idle sockets for ever, so one idle as long as the service's keep-alive
 * timeout can be closed by the service just as a request is written on it: the request fails with ECONNRESET and
 * the edge answers 502 (seen under concurrent webhooks). This agent closes idle sockets itself, long before.
 */
function upstreamAgent(idleMs: number): http.Agent {
  return new http.Agent({ keepAlive: true, timeout: idleMs, maxSockets: 256, maxFreeSockets: 64 });
}

/** One proxy per service; a service that does not answer gets the browser a JSON 502. */
function serviceProxies(table: RouteTable, serviceUrls: Record<ServiceName, string>, agent: http.Agent, reportError: (message: string) => void): Map<ServiceName, RequestHandler> {
  const proxies = new Map<ServiceName, RequestHandler>();
  for (const service of Object.keys(table.services) as ServiceName[]) {
    proxies.set(
      service,
      createProxyMiddleware({
        target: serviceUrls[service],
        changeOrigin: false,
        xfwd: true,
        agent,
        on: {
          error: (error, _req, res) => {
            reportError(`edge: ${service} did not answer: ${error.message}`);
            if (res instanceof http.ServerResponse && !res.headersSent) {
              res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
              res.end(JSON.stringify({ success: false, message: `The ${service} service is unavailable` }));
            } else {
              res.destroy();
            }
          },
        },
      }),
    );
  }
  return proxies;
}

/** The folder served for each app (`null`: not deployed), with its files' caching rule. */
function appFileHandlers(table: RouteTable, appDirs: EdgeOptions['appDirs']): Map<AppName, express.RequestHandler | null> {
  const noCacheFiles = new Set(table.noCacheFiles);
  const handlers = new Map<AppName, express.RequestHandler | null>();
  for (const mount of table.static) {
    const configured = appDirs?.[mount.app];
    const dir = configured === undefined ? path.join(repoRoot, mount.workspace, 'dist') : configured;
    handlers.set(
      mount.app,
      dir === null
        ? null
        : withEntryFilesCompressedOnce(
            dir,
            withPrecompressedCopies(
              dir,
              express.static(dir, {
                // `/` too is answered by the page fallback below, which names the page's first screen in its HTML.
                index: false,
                fallthrough: true,
                setHeaders: (res, filePath) => {
                  const name = originalFileName(path.basename(filePath));
                  res.setHeader('Cache-Control', noCacheFiles.has(name) || !hashedName.test(name) ? 'no-cache' : immutable);
                },
              }),
              (name) => hashedName.test(name),
            ),
            // The revalidated files without a hash in their name (remote entries, manifests): the build has no copies of them.
            (name) => noCacheFiles.has(name) && !hashedName.test(name),
            'no-cache',
          ),
    );
  }
  return handlers;
}

/** The shell's folder, whose index.html answers every page; `null` when the shell is not served. */
function shellFolder(table: RouteTable, appDirs: EdgeOptions['appDirs']): string | null {
  const shellMount = table.static.find((mount) => mount.spaFallback);
  return shellMount && appDirs?.[shellMount.app] !== null ? (appDirs?.[shellMount.app] ?? path.join(repoRoot, shellMount.workspace, 'dist')) : null;
}

/**
 * The remotes the runtime config points at that this edge serves from a folder: their manifests say what each
 * page's first screen needs (first-screen.ts).
 */
function servedRemotes(table: RouteTable, runtimeConfig: RuntimeConfig, appDirs: EdgeOptions['appDirs']): ServedRemote[] {
  const remotes: ServedRemote[] = [];
  for (const url of Object.values(runtimeConfig.remotes)) {
    if (!url.startsWith('/') || url.startsWith('//')) continue; // on another origin (a CDN): not read here
    const mount = table.static.find((candidate) => !candidate.spaFallback && url.startsWith(candidate.prefix));
    const configured = mount ? appDirs?.[mount.app] : null;
    if (!mount || configured === null) continue;
    remotes.push({ manifestUrl: url, prefix: url.slice(0, url.lastIndexOf('/') + 1), dir: path.join(configured ?? path.join(repoRoot, mount.workspace, 'dist'), path.posix.dirname(url.slice(mount.prefix.length - 1))) });
  }
  return remotes;
}

function firstScreenPreloads(table: RouteTable, runtimeConfig: RuntimeConfig, options: EdgeOptions): FirstScreenPreloads {
  const enabled = options.firstScreenPreloads !== false;
  const shellDir = shellFolder(table, options.appDirs);
  return new FirstScreenPreloads({
    remotes: enabled ? servedRemotes(table, runtimeConfig, options.appDirs) : [],
    shell: enabled && shellDir ? { prefix: '/', dir: shellDir } : null,
    apiWaitMs: options.firstScreenApiWaitMs,
    fetchApi: async (apiPath, authorization, init) => {
      const match = matchRoute(table, apiPath);
      if (match.kind !== 'service') throw new Error(`${apiPath} is not an API route`);
      const headers: Record<string, string> = {
        Accept: 'application/json',
        ...(authorization ? { Authorization: authorization } : {}),
        ...(init?.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      };
      const response = await fetch(new URL(apiPath, options.serviceUrls[match.service]), { method: init?.method ?? 'GET', headers, body: init?.body, signal: AbortSignal.timeout(2000) });
      if (!response.ok) throw new Error(`${apiPath}: HTTP ${response.status}`);
      return response.json();
    },
  });
}

/** Reads the shell's index.html, again only when a new shell has been deployed. */
function shellPageReader(shellDir: string): () => Promise<string> {
  let shellPage: { mtimeMs: number; html: string } | null = null;
  return async () => {
    const file = path.join(shellDir, 'index.html');
    const { mtimeMs } = await stat(file);
    if (shellPage?.mtimeMs !== mtimeMs) shellPage = { mtimeMs, html: await readFile(file, 'utf8') };
    return shellPage.html;
  };
}

/** One id per request, passed to the service (its log lines carry it) and returned to the browser, as nginx does. */
const requestId: express.RequestHandler = (req, res, next) => {
  const sent = req.headers['x-request-id'];
  const id = typeof sent === 'string' && /^[\w.:-]{1,128}$/.test(sent) ? sent : randomUUID();
  req.headers['x-request-id'] = id;
  res.setHeader('X-Request-Id', id);
  next();
};

/** Lets the browser report sizes and timings of our files to performance tooling. */
const timingAllowOrigin: express.RequestHandler = (_req, res, next) => {
  res.setHeader('Timing-Allow-Origin', '*');
  next();
};

/** Serves an app's files relative to its prefix, keeping the original URL for logs and redirects. */
function serveAppFile(handler: express.RequestHandler, prefix: string, req: express.Request, res: express.Response, next: express.NextFunction): void {
  if (prefix === '/') {
    handler(req, res, next);
    return;
  }
  const originalUrl = req.url;
  req.url = req.url.slice(prefix.length - 1);
  handler(req, res, (error?: unknown) => {
    req.url = originalUrl;
    if (error) {
      next(error);
      return;
    }
    res.status(404).set('Cache-Control', 'no-cache').type('text/plain').send('Not found');
  });
}

/** Each request to where the route table sends it: refused, a service's proxy, or an app's files. */
function routeByTable(table: RouteTable, proxies: Map<ServiceName, RequestHandler>, appFiles: Map<AppName, express.RequestHandler | null>): express.RequestHandler {
  return (req, res, next) => {
    const match = matchRoute(table, req.path);
    switch (match.kind) {
      case 'denied':
        sendJsonError(res, 404, 'Not found');
        return;
      case 'api-not-found':
        sendJsonError(res, 404, `No API route for ${req.method} ${req.path}`);
        return;
      case 'service': {
        const proxy = proxies.get(match.service);
        if (!proxy) {
          sendJsonError(res, 502, `No upstream for ${match.service}`);
          return;
        }
        traceProxiedRequest(req, res, match.service);
        void proxy(req, res, next);
        return;
      }
      case 'static': {
        const handler = appFiles.get(match.mount.app);
        if (!handler) {
          res.status(404).set('Cache-Control', 'no-cache').type('text/plain').send(`${match.mount.app} is not deployed`);
          return;
        }
        serveAppFile(handler, match.mount.prefix, req, res, next);
        return;
      }
    }
  };
}

/** The language the page will be shown in, decided as the shell decides it (`chooseUiLanguage`), from the request. */
function languageOfRequest(req: express.Request): UiLanguage {
  const linked = typeof req.query.lang === 'string' ? req.query.lang : null;
  const kept = parseCookie(req.get('cookie') ?? '')[LANGUAGE_COOKIE] ?? null;
  const preferred = (req.get('accept-language') ?? '').split(',');
  return chooseUiLanguage({ linked, kept, preferred });
}

/**
 * Whether the page will be signed in: the shell said this browser keeps a session (a preload hint, never an
 * authorisation), or it is the sign-in provider's redirect back. Such a page is never rendered as a visitor's.
 */
function willBeSignedIn(req: express.Request): boolean {
  return parseCookie(req.get('cookie') ?? '')[SIGNED_IN_HINT_COOKIE] === '1' || isSignInReturn(req);
}

function isSignInReturn(req: express.Request): boolean {
  const queryStart = req.originalUrl.indexOf('?');
  // URLSearchParams never throws on what a client sends, where new URL() would on a malformed request target.
  return isSignInRedirect(queryStart === -1 ? '' : req.originalUrl.slice(queryStart + 1));
}

/**
 * What the edge renders for this request: an anonymous visitor's public page, or a signed-in learner's own page from
 * their first-screen session (first-screen-session.ts), never on the way back from the sign-in page (whoever signed
 * in there may be someone else).
 */
function renderFor(req: express.Request): { viewer?: FirstScreenSessionViewer } | null {
  if (!willBeSignedIn(req)) return {};
  const viewer = isSignInReturn(req) ? null : firstScreenViewer(req);
  return viewer ? { viewer } : null;
}

/** SPA fallback: any other GET for a page (not a file) gets the shell's index.html, which routes on the client. */
function shellPageFallback(
  shellDir: string | null,
  firstScreen: FirstScreenPreloads,
  renderer: FirstScreenRenderer | null,
  reportError: (message: string) => void,
): express.RequestHandler {
  const readShellPage = shellDir ? shellPageReader(shellDir) : undefined;
  return (req, res) => {
    const looksLikeFile = path.extname(req.path) !== '';
    if ((req.method === 'GET' || req.method === 'HEAD') && !looksLikeFile && readShellPage) {
      res.set('Cache-Control', 'no-cache');
      readShellPage().then(
        async (html) => {
          const language = languageOfRequest(req);
          const signedIn = willBeSignedIn(req);
          // An anonymous visitor's public page comes rendered, and so does a signed-in learner's own page when their
          // first-screen session is here (any other signed-in page is the browser's to render: the session lives
          // there). Without a render in time, the page goes out as before.
          const renderAs = renderFor(req);
          const rendered =
            renderer && renderAs
              ? await renderer.render(req.originalUrl, language, { phone: looksLikePhone(req.get('sec-ch-ua-mobile'), req.get('user-agent')), ...renderAs }).catch((error: unknown) => {
                  reportError(`edge: no first-screen render for ${req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
                  return null;
                })
              : null;
          // The page's first screen named in its HTML, so the browser fetches it all at once.
          const links = await firstScreen.linksFor(req.path, language, { signedIn, rendered: rendered !== null }).catch((error: unknown) => {
            reportError(`edge: no first-screen preloads for ${req.path}: ${error instanceof Error ? error.message : String(error)}`);
            return [];
          });
          const page = withPreloads(html, links);
          // The preloaded strings follow the visitor's language, the sign-in files the hint, the render the screen's
          // guess: a cache must keep one answer per language signal, cookie and kind of device.
          if (rendered !== null) res.vary('Sec-CH-UA-Mobile').vary('User-Agent');
          // A learner's own page is theirs alone: no cache keeps it.
          if (rendered !== null && renderAs?.viewer) res.set('Cache-Control', 'private, no-store');
          if (!res.headersSent) res.vary('Accept-Language').vary('Cookie').type('html').send(rendered === null ? page : withFirstScreen(page, rendered, language));
        },
        () => {
          if (!res.headersSent) res.status(404).type('text/plain').send('The shell app is not built yet: run `npm run build`.');
        },
      );
      return;
    }
    res.status(404).set('Cache-Control', 'no-cache').type('text/plain').send('Not found');
  };
}

/** Starts serving `app`; `attachUpgrades` adds the WebSocket routes to the same server. */
function listenEdge(app: express.Express, port: number, host: string, attachUpgrades: (server: http.Server) => void, agent: http.Agent): Promise<RunningEdge> {
  return new Promise<RunningEdge>((resolve, reject) => {
    // Clients keep connections open between requests; closing an idle one first races their next request.
    const server = http.createServer({ keepAliveTimeout: UPSTREAM_KEEP_ALIVE_MS }, app);
    server.once('error', reject);
    attachUpgrades(server);
    server.listen(port, host, () => {
      const actualPort = (server.address() as AddressInfo).port;
      const displayHost = host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host;
      resolve({
        url: `http://${displayHost}:${actualPort}`,
        port: actualPort,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            agent.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

export function createEdge(options: EdgeOptions): Edge {
  const table = options.routeTable ?? loadRouteTable();
  const runtimeConfig = options.runtimeConfig ?? runtimeConfigFromEnv();
  const reportError = options.onError ?? ((message: string) => console.error(message));
  const agent = upstreamAgent(options.upstreamIdleMs ?? UPSTREAM_KEEP_ALIVE_MS / 2);
  const proxies = serviceProxies(table, options.serviceUrls, agent, reportError);
  const appFiles = appFileHandlers(table, options.appDirs);
  const firstScreen = firstScreenPreloads(table, runtimeConfig, options);
  const shellDir = shellFolder(table, options.appDirs);
  const renderer =
    options.firstScreenPreloads !== false && options.firstScreenRender !== false
      ? new FirstScreenRenderer({ shell: shellDir ? { prefix: '/', dir: shellDir } : null, preloads: firstScreen, runtimeConfig, renderTimeoutMs: options.firstScreenRenderMs, reuseMs: options.firstScreenReuseMs })
      : null;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  app.use(requestId);
  app.use(timingAllowOrigin);
  app.use(
    securityHeaders(runtimeConfig, {
      production: options.production ?? process.env.NODE_ENV === 'production',
      allowSandboxProviders: options.allowSandboxProviders ?? process.env.ALLOW_SANDBOX_PROVIDERS === 'true',
      inlineScriptHashes: renderer ? [FIRST_SCREEN_START_SCRIPT_HASH] : [],
    }),
  );
  // A streaming route (server-sent events) must reach the browser event by event: compression would hold it back.
  app.use(
    compression({
      brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY } },
      filter: (req, res) => !isStreamingRequest(table, req.path) && compression.filter(req, res),
    }),
  );
  app.get('/runtime-config.json', (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(runtimeConfig);
  });
  app.put(FIRST_SCREEN_SESSION_URL, firstScreenSessionHandler(() => firstScreen.signedInPagePaths()));
  app.delete(FIRST_SCREEN_SESSION_URL, firstScreenSessionHandler(() => firstScreen.signedInPagePaths()));
  app.use(routeByTable(table, proxies, appFiles));
  app.use(shellPageFallback(shellDir, firstScreen, renderer, reportError));

  return {
    app,
    listen: (port = 0, host = '127.0.0.1') =>
      listenEdge(app, port, host, (server) => attachWebSocketRoutes(server, table, options.entryPointUrls ?? {}, reportError), agent),
  };
}
