import { Redis } from 'ioredis';
import { createIsolatedDatabase, uniqueQueuePrefix, type IsolatedDatabase } from './isolated-database.js';
import { startTestObjectStore, type TestObjectStore } from './object-store.js';
import { TestIssuer } from './test-issuer.js';

export const TEST_INTERNAL_TOKEN = 'test-internal-token-0123456789';
export const TEST_MEDIA_LINK_SECRET = 'test-media-link-secret-0123456789abcdef';

export interface ServiceTestEnvironment {
  database: IsolatedDatabase;
  issuer: TestIssuer;
  queuePrefix: string;
  /** A bucket of this run's own (S3_* variables are in `env`). */
  objectStore: TestObjectStore;
  /** The variables set on process.env for the service under test. */
  env: Record<string, string>;
  /** Drops the database, deletes the run's queue keys, stops the issuer and restores process.env. */
  teardown(): Promise<void>;
}

/**
 * Everything an integration test needs before importing/booting a service: a fresh database, a unique queue
 * prefix, a bucket of its own, a TestIssuer, and process.env filled in (REDIS_URL defaults to the machine's when unset).
 */
export async function prepareServiceTestEnvironment(extra: Record<string, string> = {}): Promise<ServiceTestEnvironment> {
  const database = await createIsolatedDatabase();
  const issuer = await TestIssuer.start();
  const queuePrefix = uniqueQueuePrefix();
  const objectStore = await startTestObjectStore();
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: queuePrefix,
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    MEDIA_LINK_SECRET: TEST_MEDIA_LINK_SECRET,
    // Another service is reachable only when the test starts it (and overrides its URL); port 9 answers nothing.
    CATALOGUE_URL: 'http://127.0.0.1:9',
    PROGRESS_URL: 'http://127.0.0.1:9',
    PORTAL_URL: 'http://portal.test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...issuer.env(),
    ...objectStore.env,
    ...extra,
  };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  return {
    database,
    issuer,
    queuePrefix,
    objectStore,
    env,
    async teardown() {
      for (const key of Object.keys(env)) delete process.env[key];
      Object.assign(process.env, saved);
      await issuer.stop();
      await objectStore.stop();
      await database.drop();
      await deleteQueueKeys(env.REDIS_URL, queuePrefix);
    },
  };
}

/** Removes every Redis key of one test run's queue prefix. */
async function deleteQueueKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
