import { eventually } from '@academy/service-core/testing';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { watchStore } from '../launcher/supervisor.js';
import { infraDir } from '../paths.js';
import { canConnect, ensureDatabase, ensurePostgres, dropDatabase, databaseUrlFor } from './postgres.js';
import { ensureObjectStore, objectStoreAnswers } from './object-store.js';
import { ensureRedis, redisAnswers } from './redis.js';
import { CHILD_PORT_RANGE, findFreePort, isProcessAlive, waitForExit } from './process-utils.js';

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

function postmasterPid(dataRoot: string): number {
  return Number(readFileSync(path.join(dataRoot, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

describe('ensurePostgres (embedded)', () => {
  let dataRoot: string;
  let port: number;
  const noDatabaseUrl = { PATH: process.env.PATH } as NodeJS.ProcessEnv;

  beforeAll(async () => {
    // Under /tmp but reachable by the postgres user when the tests run as root.
    dataRoot = mkdtempSync(path.join(os.tmpdir(), 'infra-pg-'));
    chmodSync(dataRoot, 0o755);
    port = await findFreePort();
  });

  afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

  it('initialises, starts, reuses, recovers from a killed server and stops', async () => {
    const first = await ensurePostgres({ env: noDatabaseUrl, dataRoot, port });
    expect(first.source).toBe('embedded-started');
    expect(existsSync(path.join(dataRoot, 'pg', 'PG_VERSION'))).toBe(true);

    // ensureDatabase is idempotent and gives a usable URL.
    const url = await ensureDatabase(first.url, 'infra_spec');
    expect(await ensureDatabase(first.url, 'infra_spec')).toBe(url);
    await query(url, 'create table notes (id int)');
    await query(url, 'insert into notes values (1)');

    // A second caller while the owner is alive reuses the server and does not stop it.
    const second = await ensurePostgres({ env: noDatabaseUrl, dataRoot, port });
    expect(second.source).toBe('embedded-reused');
    await second.stop();
    expect((await query(url, 'select count(*)::int as n from notes')).rows[0].n).toBe(1);

    // Killed without a clean shutdown (as when node is SIGKILLed): the pid file stays behind.
    const pid = postmasterPid(dataRoot);
    process.kill(-pid, 'SIGKILL');
    expect(await waitForExit(pid, 5000)).toBe(true);
    expect(existsSync(path.join(dataRoot, 'pg', 'postmaster.pid'))).toBe(true);

    const restarted = await ensurePostgres({ env: noDatabaseUrl, dataRoot, port });
    expect(restarted.source).toBe('embedded-started');
    expect((await query(url, 'select count(*)::int as n from notes')).rows[0].n).toBe(1); // data survived

    // A server whose launcher died is adopted, so this process stops it at the end.
    writeFileSync(path.join(dataRoot, 'pg-owner.pid'), '2147483000');
    const adopted = await ensurePostgres({ env: noDatabaseUrl, dataRoot, port });
    expect(adopted.source).toBe('embedded-started');
    const runningPid = postmasterPid(dataRoot);
    await dropDatabase(first.url, 'infra_spec');
    await adopted.stop();
    expect(isProcessAlive(runningPid)).toBe(false);
    expect(existsSync(path.join(dataRoot, 'pg', 'postmaster.pid'))).toBe(false);
  });

  it("is started again by npm start's store watch after it is SIGKILLed, with its data", async () => {
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    let handle = await ensurePostgres({ env: noDatabaseUrl, dataRoot, port });
    expect(handle.source).toBe('embedded-started');
    const url = await ensureDatabase(handle.url, 'infra_watch_spec');
    await query(url, 'create table marks (id int)');
    await query(url, 'insert into marks values (1)');
    let stopping = false;
    // Wired as start-portal.ts watches the embedded PostgreSQL it started.
    watchStore({
      name: 'PostgreSQL',
      answers: () => canConnect(handle.url),
      restart: async () => {
        handle = await ensurePostgres({ env: noDatabaseUrl, dataRoot, port, log });
      },
      log,
      isStopping: () => stopping,
      everyMs: 200,
    });
    try {
      const killed = postmasterPid(dataRoot);
      process.kill(-killed, 'SIGKILL');
      expect(await waitForExit(killed, 5000)).toBe(true);
      await eventually(() => lines.includes('PostgreSQL restarted'), { what: 'PostgreSQL restarted', timeoutMs: 60_000, intervalMs: 100 });
      // Noticed, started again once (after removing the pid file the killed server left), and said so.
      expect(lines[0]).toBe('PostgreSQL is not answering; starting it again');
      expect(lines.filter((line) => line.startsWith('PostgreSQL started on port'))).toHaveLength(1);
      expect(lines.at(-1)).toBe('PostgreSQL restarted');
      expect(handle.source).toBe('embedded-started');
      expect(postmasterPid(dataRoot)).not.toBe(killed);
      expect((await query(url, 'select count(*)::int as n from marks')).rows[0].n).toBe(1);
    } finally {
      stopping = true;
      await dropDatabase(handle.url, 'infra_watch_spec').catch(() => undefined);
      await handle.stop();
    }
  }, 90_000);

  it("refuses a port another checkout's PostgreSQL answers on, instead of passing that one off as its own", async () => {
    const ours = await ensurePostgres({ env: noDatabaseUrl, dataRoot, port });
    const otherCheckout = mkdtempSync(path.join(os.tmpdir(), 'infra-pg-other-'));
    try {
      await expect(ensurePostgres({ env: noDatabaseUrl, dataRoot: otherCheckout, port })).rejects.toThrow(`Port ${port} already has a PostgreSQL that is not this checkout's`);
      expect(await canConnect(ours.url)).toBe(true);
    } finally {
      await ours.stop();
      rmSync(otherCheckout, { recursive: true, force: true });
    }
  });

  it('uses DATABASE_URL as given when it is set', async () => {
    const handle = await ensurePostgres({ env: { DATABASE_URL: 'postgres://someone@db.example:5432/academy' }, dataRoot, port });
    expect(handle).toMatchObject({ url: 'postgres://someone@db.example:5432/academy', source: 'env' });
  });

  it('builds database URLs on the same server', () => {
    expect(databaseUrlFor('postgresql://postgres:pw@127.0.0.1:54329/postgres', 'academy')).toBe('postgresql://postgres:pw@127.0.0.1:54329/academy');
  });
});

describe('ensureRedis', () => {
  it('starts a private redis-server, reuses it when already answering, and stops it', async () => {
    const port = await findFreePort();
    const started = await ensureRedis({ env: {}, port });
    expect(started).toMatchObject({ url: `redis://127.0.0.1:${port}`, source: 'local-started' });
    expect(await redisAnswers(started.url)).toBe(true);

    const reused = await ensureRedis({ env: {}, port });
    expect(reused.source).toBe('local-reused');
    await reused.stop();
    expect(await redisAnswers(started.url)).toBe(true);

    await started.stop();
    expect(await redisAnswers(started.url)).toBe(false);
  });

  it('uses REDIS_URL as given when it is set', async () => {
    expect(await ensureRedis({ env: { REDIS_URL: 'redis://cache.example:6379' } })).toMatchObject({ url: 'redis://cache.example:6379', source: 'env' });
  });

  it('says how to install Redis when there is no redis-server', async () => {
    const port = await findFreePort();
    await expect(ensureRedis({ env: {}, port, redisServerCommand: 'redis-server-that-does-not-exist' })).rejects.toThrow(/apt-get install redis-server/);
  });
});

describe('findFreePort', () => {
  it('hands out ports below the ephemeral range, each once, and skips one in use', async () => {
    const ports: number[] = [];
    for (let index = 0; index < 20; index += 1) ports.push(await findFreePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(port >= CHILD_PORT_RANGE.first && port <= CHILD_PORT_RANGE.last).toBe(true);
    // Taken by someone else after it was checked: the next candidates are checked again, and it is not handed out.
    const busy = net.createServer();
    await new Promise<void>((resolve, reject) => busy.once('error', reject).listen(ports.at(-1)! + 1, '127.0.0.1', resolve));
    try {
      expect(await findFreePort()).not.toBe(ports.at(-1)! + 1);
    } finally {
      busy.close();
    }
  });
});

describe('ensureObjectStore', () => {
  it('starts a private s3rver with the bucket, keeps files under its folder, reuses it, and stops it', async () => {
    const port = await findFreePort();
    const directory = mkdtempSync(path.join(os.tmpdir(), 'academy-s3-launcher-'));
    try {
      const started = await ensureObjectStore({ env: {}, port, dataDir: directory, bucket: 'academy-check' });
      expect(started).toMatchObject({ source: 'local-started', env: { S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_BUCKET: 'academy-check' } });
      const put = await fetch(`${started.endpoint}/academy-check/hello.txt`, { method: 'PUT', body: 'hello', headers: { 'content-type': 'text/plain' } });
      expect(put.status).toBe(200);
      expect(existsSync(path.join(directory, 'academy-check'))).toBe(true);

      const reused = await ensureObjectStore({ env: {}, port, dataDir: directory, bucket: 'academy-other', removeBucketOnStop: true });
      expect(reused.source).toBe('local-reused');
      await reused.stop();
      expect(existsSync(path.join(directory, 'academy-other'))).toBe(false);
      expect(await objectStoreAnswers(started.endpoint!)).toBe(true);

      await started.stop();
      expect(await objectStoreAnswers(started.endpoint!)).toBe(false);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('stops the s3rver it started when the process that started it is killed before its teardown', async () => {
    const port = await findFreePort();
    const directory = mkdtempSync(path.join(os.tmpdir(), 'academy-s3-orphan-'));
    // A run killed mid-test: it started the store (the built launcher, as npm test and npm start run it), then dies.
    const built = pathToFileURL(path.join(infraDir, 'dist', 'local', 'object-store.js')).href;
    const starter = spawn(
      process.execPath,
      ['--input-type=module', '-e', `const { ensureObjectStore } = await import(${JSON.stringify(built)}); await ensureObjectStore({ env: {}, port: ${port}, dataDir: ${JSON.stringify(directory)} }); process.send('started'); setInterval(() => {}, 1000);`],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    try {
      await new Promise((resolve, reject) => {
        starter.once('message', resolve);
        starter.once('exit', (code) => reject(new Error(`the starter exited (${code}) before the store answered`)));
      });
      const endpoint = `http://127.0.0.1:${port}`;
      expect(await objectStoreAnswers(endpoint)).toBe(true);
      starter.kill('SIGKILL');
      await eventually(async () => !(await objectStoreAnswers(endpoint)), { timeoutMs: 10_000, what: 'the orphaned s3rver to stop' });
    } finally {
      starter.kill('SIGKILL');
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('uses the bucket from the environment as given', async () => {
    expect(await ensureObjectStore({ env: { S3_BUCKET: 'real-bucket', S3_ENDPOINT: 'https://r2.example' } })).toMatchObject({ source: 'env', env: {} });
  });
});
