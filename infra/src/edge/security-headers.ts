import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { RuntimeConfig } from './runtime-config.js';

/** Razorpay's hosted Checkout: its script, and the frames and calls it makes (docs: checkout integration, CSP). */
const RAZORPAY_CHECKOUT_ORIGINS = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
};

export type CspDirectives = Record<string, string[]>;

function originOf(url: string): string | undefined {
  const parsed = URL.parse(url);
  return parsed && /^https?:$/.test(parsed.protocol) ? parsed.origin : undefined;
}

function unique(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== undefined))];
}

export interface SecurityHeaderOptions {
  /** Adds HSTS and upgrade-insecure-requests, and refuses plain-http origins in the policy. */
  production: boolean;
  /**
   * ALLOW_SANDBOX_PROVIDERS=true, the explicit test-only escape the services and the sandbox also know: in
   * production, the policy may then name the sandbox's plain-http origin (it stands in for Auth0 and Razorpay in
   * `npm run test:deploy`). Nothing else changes: HSTS and upgrade-insecure-requests stay.
   */
  allowSandboxProviders?: boolean;
}

export class InsecureOriginError extends Error {
  override name = 'InsecureOriginError';
}

/**
 * The Content Security Policy of the portal, built from what the runtime config lets the page load:
 * - scripts: our own files (shell, remotes under /mfe, or remotes on another origin when configured) and the
 *   payment checkout script; never inline scripts or eval (index.html has none; the favicon is a data: image);
 * - connect: the API, the auth SDK's token calls to the identity origin (Auth0 or the sandbox), the form services;
 * - images: ours, any https origin (thumbnails on a CDN or bucket), and the identity origin (profile pictures);
 * - frames: the checkout's frames only; `frame-ancestors 'none'` so no one frames the portal;
 * - styles allow inline: React sets style attributes and the checkout injects its own <style>.
 * Relative URLs in the config (`/api`, `/mfe/...`) are covered by 'self'.
 * In production every origin it names must be https: a plain-http one (the sandbox's) is refused unless
 * `allowSandboxProviders` is set.
 */
export function contentSecurityPolicy(config: RuntimeConfig, options: SecurityHeaderOptions): CspDirectives {
  const identity = originOf(config.auth0.domain.includes('://') ? config.auth0.domain : `https://${config.auth0.domain}`);
  const checkout = originOf(config.razorpay.checkoutScriptUrl);
  const remotes = Object.values(config.remotes).map(originOf);
  const forms = [config.forms.newsletterUrl, config.forms.contactUrl].map(originOf);
  const api = originOf(config.apiBaseUrl);
  if (options.production && !options.allowSandboxProviders) {
    const insecure = unique([identity, checkout, ...remotes, ...forms, api]).filter((origin) => origin.startsWith('http:'));
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
    'form-action': unique(["'self'", identity]),
    'script-src': unique(["'self'", checkout, ...remotes, ...RAZORPAY_CHECKOUT_ORIGINS.script]),
    'style-src': ["'self'", "'unsafe-inline'"],
    // The identity provider serves the signed-in user's picture (Auth0's are https anyway; the sandbox's are not).
    'img-src': unique(["'self'", 'data:', 'blob:', 'https:', identity]),
    'font-src': ["'self'", 'data:'],
    'connect-src': unique(["'self'", api, identity, checkout, ...remotes, ...forms, ...RAZORPAY_CHECKOUT_ORIGINS.connect]),
    'frame-src': unique([identity, checkout, ...RAZORPAY_CHECKOUT_ORIGINS.frame]),
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

/** helmet with the portal's policy: CSP, frame-ancestors/X-Frame-Options, nosniff, Referrer-Policy, HSTS (production). */
export function securityHeaders(config: RuntimeConfig, options: SecurityHeaderOptions): RequestHandler {
  const directives = contentSecurityPolicy(config, options);
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: options.production ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: REFERRER_POLICY },
    crossOriginOpenerPolicy: { policy: CROSS_ORIGIN_OPENER_POLICY },
    // The sandbox (another port, same site) and a CDN may load our media and remotes.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
}
