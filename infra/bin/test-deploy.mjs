#!/usr/bin/env node
// `npm run test:deploy`: the production-like run (infra/src/deploy/production-like.deploy.spec.ts): NODE_ENV=production,
// Debian's nginx with the generated config in front of 2 replicas of every service and 2 workers each, the built
// apps served by nginx, PostgreSQL and Redis as external servers (a fresh database and queue prefix), s3rver for
// thumbnails, the sandbox for Auth0 and Razorpay. It prints the processes it ran and the journeys that passed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildAll, checkNodeVersion, installIfNeeded, nxEnv, repoRoot, run, withLocalStores } from './common.mjs';

checkNodeVersion();
if (!['/usr/sbin/nginx', '/usr/bin/nginx'].some((file) => existsSync(file))) {
  console.error('No nginx: the production-like run needs Debian\'s nginx (`sudo apt-get install -y nginx`; .ci/run installs it).');
  process.exit(1);
}
await installIfNeeded();
await buildAll();

const exitCode = await withLocalStores('deploy', ({ databaseUrl, redisUrl }) =>
  run('npx', ['jest', '--config', path.join(repoRoot, 'infra', 'jest.deploy.config.js')], {
    ...nxEnv,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    NODE_OPTIONS: '--experimental-vm-modules',
  }),
);
process.exit(exitCode);
