#!/usr/bin/env node
// `npm run test:faults`: purchase flows under injected faults (infra/src/faults). `npm run test:faults -- --flows 1000`
// for the full run (CI runs the default 100).
import path from 'node:path';
import { buildAll, checkNodeVersion, installIfNeeded, repoRoot, run, withLocalStores } from './common.mjs';

checkNodeVersion();
await installIfNeeded();
await buildAll();

const exitCode = await withLocalStores('faults', ({ databaseUrl, redisUrl }) =>
  run(process.execPath, [path.join(repoRoot, 'infra', 'dist', 'faults', 'cli.js'), ...process.argv.slice(2)], { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl }),
);
process.exit(exitCode);
