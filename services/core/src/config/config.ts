import { z } from 'zod';

/** Variables every service reads (docs/DEVELOPING.md, "Service environment"). */
export const coreConfigShape = {
  DATABASE_URL: z.string().url(),
  REDIS_URL: z.string().url(),
  QUEUE_PREFIX: z.string().min(1).default('academy'),
  PORT: z.coerce.number().int().positive().optional(),
  AUTH_ISSUER: z.string().url(),
  AUTH_AUDIENCE: z.string().min(1),
  AUTH_JWKS_URL: z.string().url().optional(),
  AUTH_CLAIMS_NAMESPACE: z.string().min(1).default('https://academy.example/'),
  INTERNAL_TOKEN: z.string().min(8),
  /** Connections per process; size it so every replica's pool fits the database's limit (infra/deploy/k8s). */
  DB_POOL_MAX: z.coerce.number().int().positive().default(10),
  /** Which proxies' X-Forwarded-For express believes (its `trust proxy` setting): the edge and ingress run on private addresses. */
  TRUST_PROXY: z.string().min(1).default('loopback, linklocal, uniquelocal'),
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
  const result = z.object(shape).safeParse(cleaned);
  if (!result.success) throw new ConfigError(result.error.issues.map((issue) => describeIssue(issue, cleaned)));
  return result.data;
}

/** The JWKS address: explicit, or the issuer's well-known path (issuer has a trailing slash). */
export function jwksUrlOf(config: Pick<CoreConfig, 'AUTH_ISSUER' | 'AUTH_JWKS_URL'>): string {
  if (config.AUTH_JWKS_URL) return config.AUTH_JWKS_URL;
  const issuer = config.AUTH_ISSUER.endsWith('/') ? config.AUTH_ISSUER : `${config.AUTH_ISSUER}/`;
  return `${issuer}.well-known/jwks.json`;
}

/** Injection token for the validated config object. */
export const CORE_CONFIG = Symbol('CORE_CONFIG');
