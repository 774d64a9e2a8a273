import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { startPortalForTests, type TestPortal } from '../testing/index.js';
import { databaseUrlFor, ensurePostgres, type PostgresHandle } from '../local/postgres.js';
import { redisAnswers } from '../local/redis.js';

async function databaseExists(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const client = new pg.Client({ connectionString: databaseUrlFor(databaseUrl, 'postgres') });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

describe('startPortal (isolated, auto ports, whatever parts are built)', () => {
  let portal: TestPortal;
  // Held by the test so PostgreSQL outlives the portal and the dropped database can be checked.
  let postgres: PostgresHandle;

  beforeAll(async () => {
    postgres = await ensurePostgres();
    portal = await startPortalForTests({ appDirs: { info: null } });
  });

  afterAll(async () => {
    await portal?.stop();
    await postgres?.stop();
  });

  it('serves the edge with the runtime config pointing at its own sandbox', async () => {
    const response = await fetch(`${portal.portalUrl}/runtime-config.json`);
    expect(response.status).toBe(200);
    const config = (await response.json()) as { auth0: { domain: string } };
    expect(config.auth0.domain).toBe(portal.sandboxUrl);
    expect(portal.ports.portal).not.toBe(8080);
  });

  it('gives the run its own database and a queue prefix, and keeps /internal/ closed', async () => {
    expect(new URL(portal.databaseUrl).pathname).toMatch(/^\/academy_test_[0-9a-f]+$/);
    expect(await databaseExists(portal.databaseUrl)).toBe(true);
    expect(portal.queuePrefix).toMatch(/^academy-test-/);
    expect(await redisAnswers(portal.redisUrl)).toBe(true);
    expect((await fetch(`${portal.portalUrl}/internal/anything`)).status).toBe(404);
    expect((await fetch(`${portal.portalUrl}/mfe/info/mf-manifest.json`)).status).toBe(404);
  });

  it('writes the children output to its log file and drops the database at stop', async () => {
    expect(existsSync(portal.logFile)).toBe(true);
    expect(readFileSync(portal.logFile, 'utf8')).toContain('[start]');
    await portal.stop();
    expect(await databaseExists(portal.databaseUrl)).toBe(false);
  });
});
