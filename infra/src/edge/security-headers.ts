import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { allowedOrigins, CONTENT_SOURCES, originOf, type PolicyContext } from './content-sources.js';
import type { RuntimeConfig } from './runtime-config.js';

export type CspDirectives = Record<string, string[]>;

function unique(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== undefined))];
}

/**
 * Where browsers send violation reports (the catalogue service's `/api/csp-reports`, routed by infra/routes.json).
 * The policy names it with `report-uri` only: every browser sends those at once, while Chromium, given `report-to`
 * as well, ignores `report-uri` and batches reports through the Reporting API for a minute or more (seen here:
 * none arrived within 20 s). The endpoint also accepts the Reporting API's format, for when `report-to` is added.
 */
export const CSP_REPORT_PATH = '/api/csp-reports';

export interface SecurityHeaderOptions {
  /** Adds HSTS and upgrade-insecure-requests, and refuses plain-http origins in the policy. */
  production: boolean;
  /**
   * ALLOW_SANDBOX_PROVIDERS=true, the explicit test-only escape the services and the sandbox also know: in
   * production, the policy may then name the sandbox's plain-http origin (it stands in for Auth0 and Razorpay in
   * `npm run test:deploy`). Nothing else changes: HSTS and upgrade-insecure-requests stay.
   */
  allowSandboxProviders?: boolean;
  /** CSP hash sources of the inline scripts this server writes into pages (`'sha256-…'`); none by default. */
  inlineScriptHashes?: string[];
}

export class InsecureOriginError extends Error {
  override name = 'InsecureOriginError';
}

/**
 * The Content Security Policy of the portal. Every origin in it comes from CONTENT_SOURCES (content-sources.ts),
 * read against the runtime config; 'self' covers the shell, the remotes under /mfe, the API and /media.
 * - no eval, and no inline script but those allowed by their hash (`inlineScriptHashes`: the edge's starter of a
 *   rendered page's scripts, first-screen-start.ts; index.html has none; the favicon is a data: image);
 * - media and workers also allow blob: (a streaming player feeds the <video> from a MediaSource and may run its
 *   demuxer in a worker made from a blob); the service worker is our own file;
 * - styles allow inline: React sets style attributes and the checkout injects its own <style>;
 * - `frame-ancestors 'none'`: no one frames the portal; violations are reported to CSP_REPORT_PATH.
 * In production every origin it names must be https: a plain-http one (the sandbox's) is refused unless
 * `allowSandboxProviders` is set.
 */
export function contentSecurityPolicy(config: RuntimeConfig, options: SecurityHeaderOptions): CspDirectives {
  const context: PolicyContext = {
    config,
    production: options.production,
    identity: originOf(config.auth0.domain.includes('://') ? config.auth0.domain : `https://${config.auth0.domain}`),
    checkout: originOf(config.razorpay.checkoutScriptUrl),
  };
  const allowed = allowedOrigins(CONTENT_SOURCES, context);
  if (options.production && !options.allowSandboxProviders) {
    const insecure = unique(Object.values(allowed).flat()).filter((origin) => origin.startsWith('http:'));
    if (insecure.length > 0) {
      throw new InsecureOriginError(
        `The production Content Security Policy would allow plain-http origins (${insecure.join(', ')}): the runtime config points at the sandbox. ` +
          'Set AUTH0_DOMAIN, RAZORPAY_CHECKOUT_URL, NEWSLETTER_URL and CONTACT_FORM_URL to https services; ALLOW_SANDBOX_PROVIDERS=true is only for production-like test runs.',
      );
    }
  }
  const directives: CspDirectives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", ...allowed['form-action']],
    'script-src': ["'self'", ...(options.inlineScriptHashes ?? []), ...allowed['script-src']],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...allowed['img-src']],
    'font-src': ["'self'", 'data:', ...allowed['font-src']],
    'media-src': ["'self'", 'blob:', ...allowed['media-src']],
    'worker-src': ["'self'", 'blob:', ...allowed['worker-src']],
    // The web app manifest (/manifest.webmanifest) and the service worker (/sw.js, under worker-src) are our own files.
    'manifest-src': ["'self'"],
    'connect-src': ["'self'", ...allowed['connect-src']],
    'frame-src': allowed['frame-src'].length > 0 ? allowed['frame-src'] : ["'none'"],
    'report-uri': [CSP_REPORT_PATH],
  };
  if (options.production) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** HSTS for a year in production only: locally the portal is plain http on localhost. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** Popups stay usable (Razorpay's UPI/net-banking windows, an auth popup) while the portal keeps its own group. */
export const CROSS_ORIGIN_OPENER_POLICY = 'same-origin-allow-popups';

/**
 * A build's content-hashed script, style, strings (JSON), source map, image or font (`main.3f2a9c1b.js`): never a document, so
 * the document policies (CSP, framing, referrer, opener, origin agent cluster) do nothing there. On HTTP/1.1 they
 * cost about 1 KB of headers per file, and the home page loads a dozen scripts. These files carry nosniff, the
 * resource policy and (in production) HSTS. Not SVG: an SVG opened by itself is a document that can run script.
 * The nginx config (src/nginx/generate-nginx.ts) uses the same pattern.
 */
export const BUILD_ASSET_PATTERN = '[.-][0-9a-f]{8,}\\.(js|css|json|map|png|jpe?g|gif|webp|avif|ico|woff2?)$';
const buildAsset = new RegExp(BUILD_ASSET_PATTERN, 'i');

/**
 * A remote's entry script (`/mfe/learner/remoteEntry.js`): not hashed, so revalidated on every load, but a script
 * all the same, never a document. It gets the assets' headers (0.8 KB less on every first page). Not the
 * service worker: a worker's CSP comes from its own response. The nginx config uses the same pattern.
 */
export const REMOTE_ENTRY_PATTERN = '/remoteEntry\\.js$';
const remoteEntry = new RegExp(REMOTE_ENTRY_PATTERN);

/** Whether a path is a file that is never a document: a build asset or a remote's entry script. */
export function isNeverADocument(pathname: string): boolean {
  return buildAsset.test(pathname) || remoteEntry.test(pathname);
}

/**
 * helmet with the portal's policy: CSP, frame-ancestors/X-Frame-Options, nosniff, Referrer-Policy, HSTS (production)
 * on pages, the API, the service worker and everything else; a build's hashed assets and the remotes' entry scripts get
 * only what applies to them.
 */
export function securityHeaders(config: RuntimeConfig, options: SecurityHeaderOptions): RequestHandler {
  const directives = contentSecurityPolicy(config, options);
  const strictTransportSecurity = options.production ? { maxAge: 31536000, includeSubDomains: true } : false;
  // The sandbox (another port, same site) and a CDN may load our media and remotes.
  const crossOriginResourcePolicy = { policy: 'cross-origin' } as const;
  const everything = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity,
    referrerPolicy: { policy: REFERRER_POLICY },
    crossOriginOpenerPolicy: { policy: CROSS_ORIGIN_OPENER_POLICY },
    crossOriginResourcePolicy,
    xFrameOptions: { action: 'deny' },
  });
  const assets = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity,
    crossOriginResourcePolicy,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return (req, res, next) => (isNeverADocument(req.path) ? assets : everything)(req, res, next);
}
