import { FIRST_SCREEN_SERVER_FILE, FIRST_SCREEN_SESSION_URL, RUNTIME_CONFIG_URL } from '@academy/contracts';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { infraDir } from '../paths.js';
import { loadRouteTable, STREAM_READ_TIMEOUT_SECONDS, type RouteTable, type ServiceName } from '../routes/route-table.js';
import type { RuntimeConfig } from '../edge/runtime-config.js';
import {
  BUILD_ASSET_PATTERN,
  REMOTE_ENTRY_PATTERN,
  contentSecurityPolicy,
  CROSS_ORIGIN_OPENER_POLICY,
  HSTS_VALUE,
  REFERRER_POLICY,
  serializeCsp,
} from '../edge/security-headers.js';

/** The shell's service worker and web app manifest (shell/rspack.config.mjs, shell/public). */
export const SERVICE_WORKER_PATH = '/sw.js';
export const APP_MANIFEST_PATH = '/manifest.webmanifest';

export const nginxConfigFile = path.join(infraDir, 'nginx', 'nginx.conf');

/** Where Debian's libnginx-mod-http-brotli-static puts its module (the nginx image and .ci/run install it). */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** Where the production image keeps the files: the shell at the root, each remote under its own prefix. */
const staticRoot = '/usr/share/nginx/academy';
// Quoted where used: nginx reads an unquoted `{` as the start of a block.
const hashedFile = '[.-][0-9a-f]{8,}\\.[a-z0-9]+$';

/**
 * The production image's CSP allows what a production runtime config points at: Auth0 and Razorpay over https.
 * Its origins are fixed here (the identity tenant is any https origin for connect/frame; the checkout is Razorpay's).
 */
const productionRuntimeConfig: RuntimeConfig = {
  apiBaseUrl: '/api',
  auth0: { domain: 'https://*.auth0.com', clientId: '', audience: '', claimsNamespace: '' },
  remotes: { learner: '/mfe/learner/mf-manifest.json', educator: '/mfe/educator/mf-manifest.json', info: '/mfe/info/mf-manifest.json' },
  remoteLoadTimeoutMs: 10000,
  razorpay: { keyId: '', checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js' },
  forms: { newsletterUrl: '', newsletterKey: '', contactUrl: '', contactFormId: '' },
  whatsappNumber: '',
  socialLinks: { instagram: '', youtube: '' },
};

/**
 * Same headers as the edge's helmet (src/edge/security-headers.ts), always the production ones (HSTS,
 * upgrade-insecure-requests); nginx drops inherited add_header, so every block repeats them. The CSP names the
 * origins of the runtime config nginx serves.
 */
export function securityHeaderLines(runtimeConfig: RuntimeConfig = productionRuntimeConfig, options: { allowSandboxProviders?: boolean } = {}): string[] {
  const csp = serializeCsp(contentSecurityPolicy(runtimeConfig, { production: true, allowSandboxProviders: options.allowSandboxProviders }));
  return [
    `add_header Content-Security-Policy "${csp}" always;`,
    'add_header X-Content-Type-Options "nosniff" always;',
    'add_header X-Frame-Options "DENY" always;',
    `add_header Referrer-Policy "${REFERRER_POLICY}" always;`,
    `add_header Strict-Transport-Security "${HSTS_VALUE}" always;`,
    `add_header Cross-Origin-Opener-Policy "${CROSS_ORIGIN_OPENER_POLICY}" always;`,
  ];
}

/** A build's hashed script, style, map, image or font (BUILD_ASSET_PATTERN): only the headers that apply to it. */
export const ASSET_SECURITY_HEADER_LINES = ['add_header X-Content-Type-Options "nosniff" always;', `add_header Strict-Transport-Security "${HSTS_VALUE}" always;`];

function block(header: string, lines: string[], indent: string): string[] {
  return [`${indent}${header} {`, ...lines.map((line) => (line === '' ? '' : `${indent}  ${line}`)), `${indent}}`];
}

function jsonNotFound(message: string, noCache: string[]): string[] {
  return ['default_type application/json;', ...noCache, `return 404 '${JSON.stringify({ success: false, message })}';`];
}

/**
 * Where the config differs between the image (the defaults, what nginx.conf holds) and a run on one machine
 * (`npm run test:deploy`): listening address, file folders, and the addresses behind each service's upstream.
 */
export interface NginxConfigOptions {
  listen?: string;
  staticRoot?: string;
  runtimeConfigDir?: string;
  /** Servers of each service's (or WebSocket entry point's) upstream; default one `<name>:<port>` (the Kubernetes Service name). */
  upstreams?: Partial<Record<ServiceName | string, string[]>>;
  /** Extra lines at the end of the `http` block (temp folders, logs, more servers). */
  extraHttp?: string[];
  /** Extra lines in the portal's `server` block, before the app files (e.g. a path proxied to the object store). */
  extraServer?: string[];
  /**
   * The runtime config nginx serves, whose origins the CSP allows; default the production image's (Auth0 and
   * Razorpay over https). A plain-http origin (the sandbox's) is refused without `allowSandboxProviders`.
   */
  runtimeConfig?: RuntimeConfig;
  /** ALLOW_SANDBOX_PROVIDERS=true: the test-only escape of the production-like run (see security-headers.ts). */
  allowSandboxProviders?: boolean;
}

/** The headers every location repeats, alone and with each of the two caching rules; and a build asset's. */
interface LocationHeaders {
  common: string[];
  noCache: string[];
  immutable: string[];
  buildAsset: string[];
  /** A remote's entry script (REMOTE_ENTRY_PATTERN): revalidated like the manifests, with the assets' headers. */
  remoteEntry: string[];
}

function locationHeaders(options: NginxConfigOptions): LocationHeaders {
  // Every location sets its own add_header, so nginx would drop an http-level one: the request id is repeated here.
  const tracing = ['add_header Timing-Allow-Origin "*" always;', 'add_header X-Request-Id $request_id always;'];
  const common = [...tracing, ...securityHeaderLines(options.runtimeConfig, { allowSandboxProviders: options.allowSandboxProviders })];
  const immutableCaching = 'add_header Cache-Control "public, max-age=31536000, immutable" always;';
  return {
    common,
    noCache: [...common, 'add_header Cache-Control "no-cache" always;'],
    immutable: [...common, immutableCaching],
    buildAsset: [...tracing, ...ASSET_SECURITY_HEADER_LINES, immutableCaching],
    remoteEntry: [...tracing, ...ASSET_SECURITY_HEADER_LINES, 'add_header Cache-Control "no-cache" always;'],
  };
}

/** The runtime config, the service worker and the app manifest: files that must never be cached; the session's answer. */
function uncachedFileLocations(options: NginxConfigOptions, noCache: string[]): string[] {
  return [
    '# Written at deploy time (ConfigMap / volume); never cached, so a changed remote URL applies at once.',
    ...block('location = /runtime-config.json', [`root ${options.runtimeConfigDir ?? '/etc/academy'};`, ...noCache], ''),
    '',
    '# The service worker and the app manifest: revalidated on every load (a new shell build is noticed at once);',
    '# served from the root, so the worker controls every page of the portal.',
    ...block(`location = ${SERVICE_WORKER_PATH}`, ['try_files $uri =404;', ...noCache], ''),
    ...block(`location = ${APP_MANIFEST_PATH}`, ['types { }', 'default_type application/manifest+json;', 'try_files $uri =404;', ...noCache], ''),
    '',
    "# nginx renders no page, so it keeps no signed-in learner's first-screen session (the edge does): the portal's",
    '# request is answered, and nothing is kept.',
    ...block(`location = ${FIRST_SCREEN_SESSION_URL}`, [...noCache, 'return 204;'], ''),
  ];
}

function apiLocations(table: RouteTable, commonHeaders: string[]): string[] {
  // Server-sent events: each event passes at once, and a quiet stream stays open (the service sends a heartbeat).
  const streamingLines = [
    'proxy_buffering off;',
    'proxy_cache off;',
    'gzip off;',
    `proxy_read_timeout ${STREAM_READ_TIMEOUT_SECONDS}s;`,
    `proxy_send_timeout ${STREAM_READ_TIMEOUT_SECONDS}s;`,
  ];
  const lines = ['# API routes: each prefix goes to the service that owns it (longest prefix wins, path kept).'];
  const routes = [...table.api].sort((a, b) => b.prefix.length - a.prefix.length || a.prefix.localeCompare(b.prefix));
  for (const route of routes) {
    const proxy = [`proxy_pass http://${route.service};`, ...(route.streaming ? streamingLines : []), ...commonHeaders];
    if (route.prefix.endsWith('/')) {
      lines.push(...block(`location ^~ ${route.prefix}`, proxy, ''));
    } else {
      // Same matching as the edge: the path itself or its sub-paths, not /api/user/database for /api/user/data.
      lines.push(...block(`location = ${route.prefix}`, proxy, ''));
      lines.push(...block(`location ^~ ${route.prefix}/`, proxy, ''));
    }
  }
  return lines;
}

function websocketLocations(table: RouteTable): string[] {
  const lines = ['# WebSocket routes: the upgrade is passed on, and a quiet connection stays open an hour.'];
  for (const route of table.websockets ?? []) {
    const upgrade = [
      `proxy_pass http://${route.entryPoint};`,
      'proxy_set_header Upgrade $http_upgrade;',
      'proxy_set_header Connection "upgrade";',
      'proxy_set_header Host $host;',
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      'proxy_set_header X-Forwarded-Proto $scheme;',
      'proxy_set_header X-Request-Id $request_id;',
      `proxy_read_timeout ${STREAM_READ_TIMEOUT_SECONDS}s;`,
      `proxy_send_timeout ${STREAM_READ_TIMEOUT_SECONDS}s;`,
    ];
    lines.push(...block(`location ^~ ${route.prefix}`, upgrade, ''));
  }
  return lines;
}

/**
 * The `Link` header of every page's HTML: what the shell asks for before anything else (the runtime config, then the
 * manifests of the remotes it names), preloaded with the HTML instead of after main.js has run. The Node edge names
 * more in the HTML itself (src/edge/first-screen.ts: the page's remote files, data, strings and image, read from the
 * manifests as deployed); nginx serves index.html as built, so it names only these fixed URLs. `crossorigin` as the
 * shell's fetch() asks (mode cors), or the browser would fetch each twice. A remote on another origin (a CDN) is not
 * named: its manifest's address is the runtime config's to change at deploy time.
 */
export function firstRequestsLinkHeader(runtimeConfig: RuntimeConfig): string {
  const sameOrigin = Object.values(runtimeConfig.remotes).filter((url) => url.startsWith('/') && !url.startsWith('//'));
  return [RUNTIME_CONFIG_URL, ...sameOrigin].map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`).join(', ');
}

/**
 * A hashed script, style or SVG comes with `.br` and `.gz` copies made at the best levels by the build
 * (PrecompressedCopies in tools/rspack/create-app-config.mjs): sent as they are, instead of compressed as it goes
 * out at gzip's level 1. Only hashed files have copies: a hashed name's content never changes, so neither does its copy.
 */
const PRECOMPRESSED_COPIES = ['brotli_static on;', 'gzip_static on;'];

function appFileLocations(table: RouteTable, headers: LocationHeaders, options: NginxConfigOptions): string[] {
  const lines = [
    '# App files: hashed names are immutable; index.html, mf-manifest.json, remoteEntry.js are revalidated.',
    "# A hashed script, style, image or font, or a remote's entry script, is never a document: it gets only the",
    '# headers that apply to it.',
  ];
  const mounts = [...table.static].sort((a, b) => b.prefix.length - a.prefix.length);
  const pageLink = `add_header Link "${firstRequestsLinkHeader(options.runtimeConfig ?? productionRuntimeConfig)}" always;`;
  for (const mount of mounts.filter((candidate) => candidate.spaFallback)) {
    // Every page's answer is this file (the fallback below): it alone carries the first requests' preloads.
    lines.push(...block(`location = ${mount.prefix}index.html`, ['try_files $uri =404;', ...headers.noCache, pageLink], ''));
  }
  for (const mount of mounts) {
    const fallback = mount.spaFallback ? 'try_files $uri $uri/ /index.html;' : 'try_files $uri =404;';
    lines.push(
      ...block(
        `location ${mount.prefix}`,
        [
          `# ${mount.app}: files of ${mount.workspace}/dist`,
          fallback,
          ...headers.noCache,
          ...block(`location ~* "${BUILD_ASSET_PATTERN}"`, ['try_files $uri =404;', ...PRECOMPRESSED_COPIES, ...headers.buildAsset], ''),
          ...block(`location ~ "${REMOTE_ENTRY_PATTERN}"`, ['try_files $uri =404;', ...headers.remoteEntry], ''),
          ...block(`location ~* "${hashedFile}"`, ['try_files $uri =404;', ...PRECOMPRESSED_COPIES, ...headers.immutable], ''),
        ],
        '',
      ),
    );
  }
  return lines;
}

/** The portal's `server` block: uncached files, refused paths, API and WebSocket routes, then the apps' files. */
function portalServer(table: RouteTable, options: NginxConfigOptions): string[] {
  const headers = locationHeaders(options);
  return [
    `listen ${options.listen ?? '8080'};`,
    'server_name _;',
    `root ${options.staticRoot ?? staticRoot};`,
    'client_max_body_size 20m;',
    '',
    ...uncachedFileLocations(options, headers.noCache),
    '',
    '# Service-to-service routes are never exposed.',
    ...table.denied.flatMap((prefix) => block(`location ^~ ${prefix}`, jsonNotFound('Not found', headers.noCache), '')),
    "# Nor the apps' server modules (the edge's render of a first screen), which sit beside their files.",
    ...block(`location ~ "/${path.posix.dirname(FIRST_SCREEN_SERVER_FILE).replace('.', '\\.')}/"`, ['default_type text/plain;', ...headers.noCache, "return 404 'Not found';"], ''),
    '',
    ...apiLocations(table, headers.common),
    ...websocketLocations(table),
    ...block(`location ^~ ${table.apiNotFoundPrefix}`, jsonNotFound('No API route for this path', headers.noCache), ''),
    '',
    ...(options.extraServer ? [...options.extraServer, ''] : []),
    ...appFileLocations(table, headers, options),
  ];
}

/** The http block's settings for every location: file types, compression, and what each proxied request carries. */
const httpDefaults = [
  'include /etc/nginx/mime.types;',
  'default_type application/octet-stream;',
  'sendfile on;',
  'server_tokens off;',
  'gzip on;',
  'gzip_vary on;',
  'gzip_proxied any;',
  'gzip_min_length 1024;',
  // What has no compressed copy (remoteEntry.js, the manifests, HTML, API answers): level 5, as the HTML5
  // Boilerplate's server configs have it, instead of nginx's default 1 (remoteEntry.js 10 % smaller).
  'gzip_comp_level 5;',
  'gzip_types text/css application/javascript application/json image/svg+xml text/plain;',
  '',
  'proxy_http_version 1.1;',
  'proxy_set_header Host $host;',
  'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
  'proxy_set_header X-Forwarded-Proto $scheme;',
  'proxy_set_header X-Forwarded-Host $host;',
  // Services log it on every line (services/core logging); the browser gets it back to quote in a report.
  'proxy_set_header X-Request-Id $request_id;',
  // The services echo it; nginx adds it itself on every answer, so the upstream's copy is dropped (one header).
  'proxy_hide_header X-Request-Id;',
  'proxy_set_header Connection "";',
  '',
];

/** One upstream per service and per WebSocket entry point: its Kubernetes Service unless `options.upstreams` names others. */
function upstreams(table: RouteTable, options: NginxConfigOptions): string[] {
  const lines: string[] = [];
  for (const [service, { port }] of Object.entries(table.services)) {
    const servers = options.upstreams?.[service as ServiceName] ?? [`${service}:${port}`];
    lines.push(...block(`upstream ${service}`, [...servers.map((address) => `server ${address};`), 'keepalive 16;'], ''));
  }
  for (const route of table.websockets ?? []) {
    const servers = options.upstreams?.[route.entryPoint] ?? [`${route.entryPoint}:${route.port}`];
    lines.push(...block(`upstream ${route.entryPoint}`, servers.map((address) => `server ${address};`), ''));
  }
  return lines;
}

/** Builds nginx.conf from the route table, with the same rules as the local edge (src/edge). */
export function generateNginxConfig(table: RouteTable = loadRouteTable(), options: NginxConfigOptions = {}): string {
  const http = [
    ...httpDefaults,
    ...upstreams(table, options),
    '',
    ...block('server', portalServer(table, options), ''),
    ...(options.extraHttp ? ['', ...options.extraHttp] : []),
  ];
  return [
    '# GENERATED from infra/routes.json by `npm run generate:nginx -w @academy/infra`: do not edit by hand.',
    '# A test fails when this file and the route table disagree.',
    // Debian's brotli_static module (libnginx-mod-http-brotli-static), by its absolute path: nginx runs with its
    // own prefix (-p) in the deploy tests, against which Debian's relative `modules/` would not resolve.
    `load_module ${BROTLI_STATIC_MODULE};`,
    'worker_processes auto;',
    'events { worker_connections 1024; }',
    '',
    ...block('http', http, ''),
    '',
  ]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(nginxConfigFile, generateNginxConfig());
  console.log(`wrote ${nginxConfigFile}`);
}
