#!/usr/bin/env node
// `npm start`: install if needed, build what is stale, then run the portal (infra/dist/cli/start.js).
import path from 'node:path';
import { buildAll, checkNodeVersion, installIfNeeded, repoRoot, run } from './common.mjs';

checkNodeVersion();
await installIfNeeded();
await buildAll();
// The launcher handles Ctrl-C itself (stopping services, then Redis and PostgreSQL); do not die before it.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);
process.exit(await run(process.execPath, [path.join(repoRoot, 'infra', 'dist', 'cli', 'start.js')]));
