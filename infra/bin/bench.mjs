#!/usr/bin/env node
// `npm run bench`: every project's benchmarks (`bench` scripts), against PostgreSQL and Redis as `npm test` uses them.
import { buildAll, checkNodeVersion, installIfNeeded, nxEnv, run, runOrExit, withLocalStores } from './common.mjs';

checkNodeVersion();
await installIfNeeded();
await buildAll();
// Build times first: the cold builds leave every project built for the benchmarks below.
await runOrExit(process.execPath, ['infra/bin/build-bench.mjs'], nxEnv);
// The public pages as one bundle without federation, measured next to the portal by the pages benchmark.
await runOrExit('npx', ['rspack', 'build', '-c', 'bench/single-bundle/rspack.config.mjs'], nxEnv);

// Benchmarks are never cached and run one at a time, so they do not disturb each other.
const exitCode = await withLocalStores('bench', ({ databaseUrl, redisUrl }) =>
  run('npx', ['nx', 'run-many', '-t', 'bench', '--parallel=1', '--skip-nx-cache', '--outputStyle=stream'], {
    ...nxEnv,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
  }),
);
process.exit(exitCode);
