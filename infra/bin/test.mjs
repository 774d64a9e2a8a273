#!/usr/bin/env node
// `npm test`: every project's tests (unit, integration on real PostgreSQL and Redis, e2e in headless Chromium).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, checkNodeVersion, installIfNeeded, nxEnv, repoRoot, run, runOrExit } from './common.mjs';

checkNodeVersion();
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`No Chromium at ${chromium}: the end-to-end tests need it.`);
  console.error('Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium binary.');
  process.exit(1);
}
await installIfNeeded();
await buildAll();
// Lint and type checks first: the front ends are built by swc, which does not type-check.
await runOrExit('npm', ['run', 'lint', '--silent'], nxEnv);

const infra = await import(pathToFileURL(path.join(repoRoot, 'infra', 'dist', 'index.js')).href);
const log = (line) => console.log(`[test] ${line}`);
let postgres;
let redis;
let stopping;
const stopStores = () => (stopping ??= Promise.all([redis?.stop(), postgres?.stop()]).catch(() => undefined));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void stopStores().then(() => process.exit(130)));
}

let exitCode = 1;
try {
  postgres = await infra.ensurePostgres({ log });
  redis = await infra.ensureRedis({ log });
  const env = { ...nxEnv, DATABASE_URL: postgres.url, REDIS_URL: redis.url, CHROMIUM_PATH: chromium };
  exitCode = await run('npx', ['nx', 'run-many', '-t', 'test', '--parallel=1', '--outputStyle=stream'], env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopStores();
}
console.log(exitCode === 0 ? '\nAll tests passed.' : `\nTests failed (exit code ${exitCode}).`);
process.exit(exitCode);
