#!/usr/bin/env node
// `npm test`: every project's tests (unit, integration on real PostgreSQL and Redis, e2e in headless Chromium).
import { existsSync } from 'node:fs';
import { buildAll, checkNodeVersion, installIfNeeded, nxEnv, run, runOrExit, withLocalStores } from './common.mjs';

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

const exitCode = await withLocalStores('test', ({ databaseUrl, redisUrl }) =>
  run('npx', ['nx', 'run-many', '-t', 'test', '--parallel=1', '--outputStyle=stream'], {
    ...nxEnv,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    CHROMIUM_PATH: chromium,
  }),
);
console.log(exitCode === 0 ? '\nAll tests passed.' : `\nTests failed (exit code ${exitCode}).`);
process.exit(exitCode);
