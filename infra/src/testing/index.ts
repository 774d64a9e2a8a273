import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startPortal, type RunningPortal, type StartPortalOptions } from '../launcher/start-portal.js';
import { dropDatabase, ensureDatabase, ensurePostgres } from '../local/postgres.js';
import { ensureRedis } from '../local/redis.js';
import { repoRoot } from '../paths.js';

export interface TestPortal extends RunningPortal {
  logFile: string;
}

/**
 * The whole portal for a browser test: its own database and queue prefix, free ports, output in a log file
 * under e2e/artifacts/. `stop()` stops everything and drops the database.
 */
export async function startPortalForTests(overrides: StartPortalOptions = {}): Promise<TestPortal> {
  const logFile =
    overrides.logFile ?? path.join(repoRoot, 'e2e', 'artifacts', `portal-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.log`);
  const portal = await startPortal({ isolated: true, ports: 'auto', healthTimeoutMs: 90_000, ...overrides, logFile });
  return { ...portal, logFile };
}

export interface TestStores {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  /** Drops the database and stops whatever this call started. */
  cleanup(): Promise<void>;
}

/** A fresh database and queue prefix on DATABASE_URL / REDIS_URL, or on the embedded defaults of `npm start`. */
export async function createTestStores(): Promise<TestStores> {
  const postgres = await ensurePostgres();
  const redis = await ensureRedis();
  const suffix = randomBytes(5).toString('hex');
  const name = `academy_test_${suffix}`;
  const databaseUrl = await ensureDatabase(postgres.url, name);
  return {
    databaseUrl,
    redisUrl: redis.url,
    queuePrefix: `academy-test-${suffix}`,
    cleanup: async () => {
      await dropDatabase(postgres.url, name);
      await redis.stop();
      await postgres.stop();
    },
  };
}
