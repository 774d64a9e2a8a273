import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the sandbox needs to run; `main.ts` reads it from the environment, tests build it directly. */
export interface SandboxOptions {
  /** Public base URL with a trailing slash; it is also the OpenID issuer (auth0-spa-js expects the slash). */
  publicUrl: string;
  /** Folder for signing keys, cookie keys, sign-ups and form submissions. */
  dataDir: string;
  /** Browser origins of the portal: redirect targets of the SPA client and CORS-allowed origins. */
  portalOrigins: string[];
  /** OAuth client id of the portal SPA. */
  clientId: string;
  /** Audience (resource indicator) of the API access tokens. */
  apiAudience: string;
  /** Namespace of the custom claims, with a trailing slash. */
  claimsNamespace: string;
  newsletterFormKey: string;
  contactFormId: string;
  razorpay: RazorpaySandboxOptions;
  /** Port of the SMTP server whose mail the inbox shows (main.ts); undefined: no SMTP server. */
  smtpPort?: number;
}

/** The Razorpay stand-in's account: the same keys commerce is given, so signatures agree. */
export interface RazorpaySandboxOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where events are POSTed; undefined means no webhooks are sent (they are still listed). */
  webhookUrl: string | undefined;
  /** Waits before each retry of a delivery that failed; its length is the number of retries. */
  webhookRetryDelaysMs: number[];
  /**
   * How long after it is made a refund stays `pending` before the sandbox settles it by itself (refund.processed,
   * and payment.refunded once the payment is fully refunded), as Razorpay's test mode does; `null`: never by itself,
   * only through `POST /razorpay/sandbox/process-refund/:refundId`. Env: SANDBOX_REFUND_SETTLE_MS.
   */
  refundSettleMs: number | null;
}

/** The launcher (`infra/src/launcher/start-portal.ts`) passes the same values explicitly. */
export const DEFAULT_RAZORPAY_OPTIONS: RazorpaySandboxOptions = {
  keyId: 'rzp_test_sandbox',
  keySecret: 'sandbox_key_secret',
  webhookSecret: 'sandbox_webhook_secret',
  webhookUrl: undefined,
  webhookRetryDelaysMs: [2_000, 10_000, 60_000],
  // Tests that build their options directly settle refunds themselves; main.ts reads SANDBOX_REFUND_SETTLE_MS.
  refundSettleMs: null,
};

/** What `npm start` and a sandbox started without SANDBOX_REFUND_SETTLE_MS use: a refund is processed 5 s after it is made. */
export const DEFAULT_REFUND_SETTLE_MS = 5_000;
/** A day: longer than any demo needs, short enough that a typo in the unit is caught. */
const MAX_REFUND_SETTLE_MS = 86_400_000;

export const DEFAULT_SANDBOX_PORT = 8090;
export const DEFAULT_SANDBOX_SMTP_PORT = 2525;

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Portal edge plus the standalone dev servers of the shell and the three remotes. */
export const DEFAULT_PORTAL_ORIGINS = [
  'http://localhost:8080',
  'http://localhost:3001',
  'http://localhost:3002',
  'http://localhost:3003',
  'http://localhost:3004',
];

export function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

function parsePort(raw: string | undefined, fallback = DEFAULT_SANDBOX_PORT, name = 'SANDBOX_PORT'): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number between 1 and 65535, got "${raw}"`);
  }
  return port;
}

function parseOrigins(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_PORTAL_ORIGINS;
  return raw
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map((origin) => {
      const parsed = URL.parse(origin);
      if (!parsed || !/^https?:$/.test(parsed.protocol)) {
        throw new Error(`PORTAL_ORIGINS must be comma-separated http(s) origins, got "${origin}"`);
      }
      return parsed.origin;
    });
}

function parseWebhookUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const parsed = URL.parse(raw.trim());
  if (!parsed || !/^https?:$/.test(parsed.protocol)) {
    throw new Error(`RAZORPAY_WEBHOOK_URL must be an http(s) URL, got "${raw}"`);
  }
  return parsed.href;
}

/** SANDBOX_REFUND_SETTLE_MS: milliseconds (0: at once), or `off` for refunds settled only by the test-only route. */
export function parseRefundSettleMs(raw: string | undefined): number | null {
  const value = raw?.trim() ?? '';
  if (value === '') return DEFAULT_REFUND_SETTLE_MS;
  if (value.toLowerCase() === 'off') return null;
  const ms = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(ms) || ms > MAX_REFUND_SETTLE_MS) {
    throw new Error(`SANDBOX_REFUND_SETTLE_MS must be a number of milliseconds (0 to ${MAX_REFUND_SETTLE_MS}) or "off", got "${raw}"`);
  }
  return ms;
}

export function readSandboxEnvironment(env: NodeJS.ProcessEnv): { port: number; options: SandboxOptions } {
  const port = parsePort(env.SANDBOX_PORT);
  const publicUrl = withTrailingSlash(env.SANDBOX_PUBLIC_URL?.trim() || `http://localhost:${port}`);
  return {
    port,
    options: {
      publicUrl,
      dataDir: env.SANDBOX_DATA_DIR?.trim() || path.join(repositoryRoot, '.data', 'sandbox'),
      portalOrigins: parseOrigins(env.PORTAL_ORIGINS),
      clientId: env.SANDBOX_CLIENT_ID?.trim() || 'academy-portal',
      apiAudience: env.AUTH_AUDIENCE?.trim() || 'https://api.academy.local',
      claimsNamespace: withTrailingSlash(env.AUTH_CLAIMS_NAMESPACE?.trim() || 'https://academy.example/'),
      newsletterFormKey: env.NEWSLETTER_FORM_KEY?.trim() || 'sandbox-newsletter-key',
      contactFormId: env.CONTACT_FORM_ID?.trim() || 'sandbox-contact-form',
      razorpay: {
        ...DEFAULT_RAZORPAY_OPTIONS,
        keyId: env.RAZORPAY_KEY_ID?.trim() || DEFAULT_RAZORPAY_OPTIONS.keyId,
        keySecret: env.RAZORPAY_KEY_SECRET?.trim() || DEFAULT_RAZORPAY_OPTIONS.keySecret,
        webhookSecret: env.RAZORPAY_WEBHOOK_SECRET?.trim() || DEFAULT_RAZORPAY_OPTIONS.webhookSecret,
        webhookUrl: parseWebhookUrl(env.RAZORPAY_WEBHOOK_URL),
        refundSettleMs: parseRefundSettleMs(env.SANDBOX_REFUND_SETTLE_MS),
      },
      smtpPort: parsePort(env.SANDBOX_SMTP_PORT, DEFAULT_SANDBOX_SMTP_PORT, 'SANDBOX_SMTP_PORT'),
    },
  };
}

/**
 * The sandbox signs anyone in and marks any order paid: it must never serve production. ALLOW_SANDBOX_PROVIDERS=true
 * is the explicit escape for production-like tests (a warning is logged). Returns the refusal, or undefined.
 */
export function sandboxProductionRefusal(env: NodeJS.ProcessEnv): string | undefined {
  if (env.NODE_ENV !== 'production') return undefined;
  if (env.ALLOW_SANDBOX_PROVIDERS === 'true') return undefined;
  return 'NODE_ENV=production: the sandbox refuses to run in production (set ALLOW_SANDBOX_PROVIDERS=true only for production-like tests)';
}

/** Loopback unless HOST or BIND_ADDRESS says otherwise. */
export function sandboxBindAddress(env: NodeJS.ProcessEnv): string {
  return env.HOST?.trim() || env.BIND_ADDRESS?.trim() || '127.0.0.1';
}
