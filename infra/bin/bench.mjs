#!/usr/bin/env node
// `npm run bench`: every project's benchmarks (`bench` scripts), against PostgreSQL and Redis as `npm test` uses them.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, checkNodeVersion, installIfNeeded, nxEnv, repoRoot, run } from './common.mjs';

checkNodeVersion();
await installIfNeeded();
await buildAll();

const infra = await import(pathToFileURL(path.join(repoRoot, 'infra', 'dist', 'index.js')).href);
const log = (line) => console.log(`[bench] ${line}`);
let postgres;
let redis;
let exitCode;
try {
  postgres = await infra.ensurePostgres({ log });
  redis = await infra.ensureRedis({ log });
  const env = { ...nxEnv, DATABASE_URL: postgres.url, REDIS_URL: redis.url };
  // Benchmarks are never cached and run one at a time, so they do not disturb each other.
  exitCode = await run('npx', ['nx', 'run-many', '-t', 'bench', '--parallel=1', '--skip-nx-cache', '--outputStyle=stream'], env);
} finally {
  await Promise.all([redis?.stop(), postgres?.stop()]).catch(() => undefined);
}
process.exit(exitCode);
