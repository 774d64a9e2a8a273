import { z } from 'zod';

/** Variables every service reads (docs/DEVELOPING.md, "Service environment"). */
export const coreConfigShape = {
  DATABASE_URL: z.string().url(),
  REDIS_URL: z.string().url(),
  QUEUE_PREFIX: z.string().min(1).default('academy'),
  PORT: z.coerce.number().int().positive().optional(),
  /** Workers only: serve Prometheus metrics on this port (they have no HTTP app). */
  METRICS_PORT: z.coerce.number().int().positive().optional(),
  AUTH_ISSUER: z.string().url(),
  AUTH_AUDIENCE: z.string().min(1),
  AUTH_JWKS_URL: z.string().url().optional(),
  AUTH_CLAIMS_NAMESPACE: z.string().min(1).default('https://academy.example/'),
  INTERNAL_TOKEN: z.string().min(8),
  /** Connections per process; size it so every replica's pool fits the database's limit (infra/deploy/k8s). */
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  /** Which proxies' X-Forwarded-For express believes (its `trust proxy` setting): the edge and ingress run on private addresses. */
  TRUST_PROXY: z.string().min(1).default('loopback, linklocal, uniquelocal'),
  /**
   * HTTP entry points: the port of the operator pages (queue dashboard, dead letters), which nothing in front of the
   * services (the edge, nginx, the Ingress) proxies. Unset: the operator pages are not served at all. They are
   * never served on PORT.
   */
  OPERATOR_PORT: z.coerce.number().int().positive().optional(),
  /** Credential of the operator pages (queue dashboard, dead letters under /internal/); unset: they answer 401. */
  OPERATOR_TOKEN: z.string().min(16).optional(),
  /** Attempts of every job before it becomes a dead letter, and the first exponential backoff delay (ms). */
  JOB_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  JOB_BACKOFF_MS: z.coerce.number().int().min(1).max(600_000).default(1_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
};

export type CoreConfig = z.infer<z.ZodObject<typeof coreConfigShape>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

function describeIssue(issue: z.core.$ZodIssue, env: Record<string, string | undefined>): string {
  const name = issue.path.join('.') || '(environment)';
  if (issue.path.length === 1 && env[String(issue.path[0])] === undefined) return `${name} is required`;
  return `${name} ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
}

/**
 * Validates the environment once, at start-up. The shape is usually `{...coreConfigShape, ...serviceExtras}`.
 * Throws a ConfigError naming every missing or bad variable.
 */
export function loadConfig<Shape extends z.ZodRawShape>(
  shape: Shape,
  env: Record<string, string | undefined> = process.env,
): z.infer<z.ZodObject<Shape>> {
  // An empty string means "unset": `FOO= node x` should not pass a `min(1)` check as a real value.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const sandboxProblems = productionSandboxProblems(cleaned);
  if (sandboxProblems.length > 0) throw new ConfigError(sandboxProblems);
  const result = z.object(shape).safeParse(cleaned);
  if (!result.success) throw new ConfigError(result.error.issues.map((issue) => describeIssue(issue, cleaned)));
  return result.data;
}

/** Secrets the sandbox ships with (services/sandbox/src/config.ts); never acceptable in production. */
export const SANDBOX_DEFAULT_SECRETS: readonly string[] = [
  'sandbox_key_secret',
  'sandbox_webhook_secret',
  'sandbox-newsletter-key',
];

/**
 * Values written in this repository as secrets (test fixtures, benchmarks, examples) long enough to pass the
 * length rule below. `repository-secrets.spec.ts` scans every tracked file and fails when a literal given to a
 * secret there is not refused in production, so a new fixture cannot slip through.
 */
export const REPOSITORY_SECRET_VALUES: readonly string[] = [
  'test-media-link-secret-0123456789abcdef',
  'a-media-link-secret-of-enough-length-0123',
  'catalogue-operator-token-0123456789',
];

/** Production services share an internal token at least this long. */
export const PRODUCTION_MIN_INTERNAL_TOKEN_LENGTH = 32;

/**
 * The secrets a production service holds and the least length of each: the academy's own shared secrets and the
 * webhook secret are generated (`openssl rand -hex 32` gives 64 characters); Razorpay's key secrets are 24.
 */
export const PRODUCTION_SECRET_MIN_LENGTHS: Readonly<Record<string, number>> = {
  INTERNAL_TOKEN: PRODUCTION_MIN_INTERNAL_TOKEN_LENGTH,
  OPERATOR_TOKEN: PRODUCTION_MIN_INTERNAL_TOKEN_LENGTH,
  MEDIA_LINK_SECRET: 32,
  RAZORPAY_WEBHOOK_SECRET: 32,
  RAZORPAY_KEY_SECRET: 20,
  S3_SECRET_ACCESS_KEY: 20,
};

/**
 * A value nobody generated: a placeholder of the manifests (`REPLACE_ME`), a word that only fixtures use, a run
 * of one character, or a counting sequence. A random secret matches none of these (the chance that 64 random hex
 * characters hold "0123456789" is about 1 in 10^10).
 */
const PLACEHOLDER_VALUE = /REPLACE|CHANGE[_-]?ME|PLACEHOLDER|EXAMPLE|SANDBOX|DUMMY|FIXTURE|(^|[^a-z])(test|demo|secret|password|token)s?([^a-z]|$)|0123456789|abcdef|^(.)\4*$/i;

/** Why a production secret is refused, or undefined when it looks generated and is not one of the repository's. */
export function weakSecretProblem(name: string, value: string): string | undefined {
  const minLength = PRODUCTION_SECRET_MIN_LENGTHS[name] ?? 0;
  if (SANDBOX_DEFAULT_SECRETS.includes(value)) return `${name} is a sandbox default secret`;
  if (REPOSITORY_SECRET_VALUES.includes(value)) return `${name} is a value written in the repository (a test or example secret)`;
  if (PLACEHOLDER_VALUE.test(value)) return `${name} is a placeholder or test value, not a generated secret`;
  if (value.length < minLength) return `${name} must be at least ${minLength} characters in production`;
  return undefined;
}

let sandboxEscapeWarned = false;

/**
 * With NODE_ENV=production the payment provider is live (there is no separate "live mode" switch: production IS
 * live), so any setting that points at the sandbox is refused, naming the variable. ALLOW_SANDBOX_PROVIDERS=true
 * is the explicit, test-only escape for production-like deployments that run against the sandbox.
 */
export function productionSandboxProblems(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (env.RAZORPAY_API_URL) problems.push('RAZORPAY_API_URL must not be set in production (it points the payment SDK at a sandbox)');
  for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_ID_PUBLIC']) {
    if (env[name]?.startsWith('rzp_test_')) problems.push(`${name} is a test key (rzp_test_) but NODE_ENV=production means live payments`);
  }
  for (const name of ['AUTH_ISSUER', 'AUTH_JWKS_URL']) {
    if (env[name]?.startsWith('http://')) problems.push(`${name} must be an https:// address in production`);
  }
  if (env.RAZORPAY_KEY_ID !== undefined && !env.RAZORPAY_KEY_ID.startsWith('rzp_test_') && !/^rzp_live_[A-Za-z0-9]{8,}$/.test(env.RAZORPAY_KEY_ID)) {
    problems.push('RAZORPAY_KEY_ID must be a live key (rzp_live_…) in production');
  }
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    const problem =
      name in PRODUCTION_SECRET_MIN_LENGTHS
        ? weakSecretProblem(name, value)
        : SANDBOX_DEFAULT_SECRETS.includes(value)
          ? `${name} is a sandbox default secret`
          : undefined;
    if (problem) problems.push(problem);
  }
  if (problems.length === 0) return [];
  if (env.ALLOW_SANDBOX_PROVIDERS === 'true') {
    if (!sandboxEscapeWarned) {
      sandboxEscapeWarned = true;
      console.warn(
        `WARNING: ALLOW_SANDBOX_PROVIDERS=true: starting in production with sandbox settings (${problems.join('; ')}). ` +
          'This is for production-like TESTS only; never set it for real users.',
      );
    }
    return [];
  }
  return problems;
}

/** Address to listen on: HOST or BIND_ADDRESS, else loopback only (nothing local is reachable from the network). */
export function bindAddressFrom(env: Record<string, string | undefined> = process.env): string {
  return env.HOST?.trim() || env.BIND_ADDRESS?.trim() || '127.0.0.1';
}

/** The JWKS address: explicit, or the issuer's well-known path (issuer has a trailing slash). */
export function jwksUrlOf(config: Pick<CoreConfig, 'AUTH_ISSUER' | 'AUTH_JWKS_URL'>): string {
  if (config.AUTH_JWKS_URL) return config.AUTH_JWKS_URL;
  const issuer = config.AUTH_ISSUER.endsWith('/') ? config.AUTH_ISSUER : `${config.AUTH_ISSUER}/`;
  return `${issuer}.well-known/jwks.json`;
}

/** Injection token for the validated config object. */
export const CORE_CONFIG = Symbol('CORE_CONFIG');
