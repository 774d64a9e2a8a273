import { randomBytes } from 'node:crypto';
import type { JanusHandle } from '../local/janus.js';
import type { ServiceName } from '../routes/route-table.js';
import { refundSettleSetting } from './refund-settle.js';

// Fixed sandbox test credentials: the sandbox's Razorpay emulator and commerce must agree on them.
export const razorpaySandbox = { keyId: 'rzp_test_sandbox', keySecret: 'sandbox_key_secret', webhookSecret: 'sandbox_webhook_secret' };

/** Where the local portal's parts answer. */
export interface PortalUrls {
  portalUrl: string;
  sandboxUrl: string;
  serviceUrls: Record<ServiceName, string>;
}

export interface ServiceEnvInput {
  /** The launcher's own environment: passed on, and read for the settings a developer may give. */
  env: NodeJS.ProcessEnv;
  urls: PortalUrls;
  ports: { portal: number; sandbox: number; smtp: number };
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  objectStoreEnv: NodeJS.ProcessEnv;
  janus: JanusHandle;
  sandboxDataDir: string;
  refundSettleMs: number | 'off' | undefined;
  /** Origins besides the portal's that may sign in through the sandbox (StartPortalOptions.extraPortalOrigins). */
  extraPortalOrigins?: string[];
  /** Another token issuer's settings, over the sandbox's. */
  authEnv: Record<string, string> | undefined;
}

/** The variables every service, worker and the sandbox start with (PORT is set per process). */
export function serviceEnvironment(input: ServiceEnvInput): NodeJS.ProcessEnv {
  const { env, urls, ports } = input;
  const { portalUrl, sandboxUrl } = urls;
  const serviceEnv: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: env.NODE_ENV ?? 'development',
    DATABASE_URL: input.databaseUrl,
    REDIS_URL: input.redisUrl,
    QUEUE_PREFIX: input.queuePrefix,
    ...input.objectStoreEnv,
    AUTH_ISSUER: `${sandboxUrl}/`,
    AUTH_AUDIENCE: env.AUTH_AUDIENCE ?? 'https://api.academy.local',
    AUTH_CLAIMS_NAMESPACE: env.AUTH_CLAIMS_NAMESPACE ?? 'https://academy.example/',
    INTERNAL_TOKEN: randomBytes(24).toString('hex'),
    // Operators' queue dashboard and dead letters (docs/operations.md): a fresh token per start unless given.
    OPERATOR_TOKEN: env.OPERATOR_TOKEN ?? randomBytes(16).toString('hex'),
    MEDIA_LINK_SECRET: env.MEDIA_LINK_SECRET ?? randomBytes(32).toString('hex'),
    CATALOGUE_URL: urls.serviceUrls.catalogue,
    PROGRESS_URL: urls.serviceUrls.progress,
    // Certificates print their verification link on the portal.
    PORTAL_URL: env.PORTAL_URL ?? portalUrl,
    RAZORPAY_KEY_ID: razorpaySandbox.keyId,
    RAZORPAY_KEY_SECRET: razorpaySandbox.keySecret,
    RAZORPAY_WEBHOOK_SECRET: razorpaySandbox.webhookSecret,
    RAZORPAY_API_URL: `${sandboxUrl}/razorpay/`,
    RAZORPAY_WEBHOOK_URL: `${portalUrl}/api/payments/razorpay/webhook`,
    SANDBOX_PORT: String(ports.sandbox),
    // Mail (parents' emails) goes to the sandbox's SMTP server and shows in its inbox, unless SMTP_URL is given.
    SANDBOX_SMTP_PORT: String(ports.smtp),
    SMTP_URL: env.SMTP_URL ?? `smtp://127.0.0.1:${ports.smtp}`,
    SANDBOX_PUBLIC_URL: sandboxUrl,
    SANDBOX_DATA_DIR: input.sandboxDataDir,
    // The sandbox settles refunds by itself (refund.processed by webhook) this long after they are asked for.
    SANDBOX_REFUND_SETTLE_MS: refundSettleSetting(input.refundSettleMs, env),
    PORTAL_ORIGINS: [portalUrl, `http://127.0.0.1:${ports.portal}`, 'http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003', 'http://localhost:3004', ...(input.extraPortalOrigins ?? [])].join(','),
  };
  const { janus } = input;
  Object.assign(serviceEnv, janus.url ? { JANUS_URL: janus.url } : {}, janus.recordingsDir ? { JANUS_RECORDINGS_DIR: janus.recordingsDir } : {});
  Object.assign(serviceEnv, input.authEnv ?? {});
  delete serviceEnv.PORT;
  delete serviceEnv.NODE_OPTIONS; // the test runner's --experimental-vm-modules must not leak into the services
  return serviceEnv;
}
