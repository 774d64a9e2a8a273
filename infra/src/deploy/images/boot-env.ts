import { randomBytes } from 'node:crypto';

export interface BootEnvInput {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  s3Endpoint: string;
}

/**
 * What a service container is started with in this check: the production settings' shape (NODE_ENV=production is
 * the image's own), with the sandbox providers' test-only escape since no Auth0 or Razorpay is reachable. Nothing
 * in a boot check signs anyone in or takes a payment, so the sandbox itself is not started.
 */
export function serviceBootEnv(input: BootEnvInput): Record<string, string> {
  const unreachable = 'http://127.0.0.1:9';
  return {
    ALLOW_SANDBOX_PROVIDERS: 'true',
    HOST: '127.0.0.1',
    DATABASE_URL: input.databaseUrl,
    REDIS_URL: input.redisUrl,
    QUEUE_PREFIX: input.queuePrefix,
    DB_POOL_MAX: '4',
    LOG_LEVEL: 'info',
    AUTH_ISSUER: `${unreachable}/`,
    AUTH_AUDIENCE: 'https://api.academy.local',
    INTERNAL_TOKEN: randomBytes(32).toString('hex'),
    OPERATOR_TOKEN: randomBytes(32).toString('hex'),
    MEDIA_LINK_SECRET: randomBytes(32).toString('hex'),
    CATALOGUE_URL: unreachable,
    COMMERCE_URL: unreachable,
    PROGRESS_URL: unreachable,
    PORTAL_URL: 'http://localhost:8080',
    PORTAL_ORIGINS: 'http://localhost:8080',
    RAZORPAY_KEY_ID: 'rzp_test_sandbox',
    RAZORPAY_KEY_SECRET: randomBytes(16).toString('hex'),
    RAZORPAY_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
    RAZORPAY_API_URL: `${unreachable}/razorpay/`,
    RAZORPAY_WEBHOOK_URL: 'http://localhost:8080/api/payments/razorpay/webhook',
    SMTP_URL: 'smtp://127.0.0.1:9',
    S3_BUCKET: 'academy-media',
    S3_ENDPOINT: input.s3Endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PUBLIC_BASE_URL: `${input.s3Endpoint}/academy-media`,
  };
}
