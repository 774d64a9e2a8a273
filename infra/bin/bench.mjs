#!/usr/bin/env node
// `npm run bench`: every project's benchmarks, against PostgreSQL and Redis as `npm test` uses them.
// `npm run bench -- <step>...` runs only the named steps (e.g. `npm run bench -- catalogue-api payments`); a step
// name that is not listed below is refused with the list.
import { buildAll, checkNodeVersion, installIfNeeded, nxEnv, run, runOrExit, withLocalStores } from './common.mjs';

/** Every step in the order a full run takes them; `build` runs without the stores, the others against them. */
const STEPS = {
  build: 'infra/bin/build-bench.mjs',
  search: 'services/catalogue/dist/bench/search.bench.js',
  'catalogue-api': 'services/catalogue/dist/bench/api.bench.js',
  pages: 'infra/dist/bench/pages.bench.js',
  payments: 'infra/dist/bench/payments.bench.js',
  dashboard: 'infra/dist/bench/dashboard.bench.js',
  doubts: 'services/progress/dist/bench/doubts.bench.js',
  video: 'infra/dist/bench/video.bench.js',
  analytics: 'services/progress/dist/bench/analytics.bench.js',
  // A live class's doubt loop: a learner's doubt to the educator's socket, through the edge and the gateway.
  'live-doubts': 'infra/dist/bench/live-doubts.bench.js',
  // The production-like topology (nginx, replicas, workers) under request mixes; needs Debian's nginx.
  load: 'infra/dist/bench/load.bench.js',
  // A live class end to end (needs Janus): join time, glass-to-glass for HLS and for speakers, recording to lecture.
  live: 'infra/dist/bench/live.bench.js',
  // Not in a full run (it saturates the machine): WebRTC receivers, HLS pollers through nginx and chat clients at once.
  'live-load': 'infra/dist/bench/live-load.bench.js',
};
/** Steps only run when named. */
const ON_REQUEST = new Set(['live-load']);

checkNodeVersion();
const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in STEPS));
if (unknown.length > 0) {
  console.error(`Unknown bench step ${unknown.join(', ')}; the steps are: ${Object.keys(STEPS).join(', ')}.`);
  process.exit(2);
}
const steps = Object.keys(STEPS).filter((name) => (requested.length === 0 ? !ON_REQUEST.has(name) : requested.includes(name)));

await installIfNeeded();
await buildAll();
// Build times first: the cold builds leave every project built for the benchmarks below.
if (steps.includes('build')) await runOrExit(process.execPath, [STEPS.build], nxEnv);
// The public pages as one bundle without federation, measured next to the portal by the pages benchmark.
if (steps.includes('pages')) await runOrExit('npx', ['rspack', 'build', '-c', 'bench/single-bundle/rspack.config.mjs'], nxEnv);

// Benchmarks run one at a time, so they do not disturb each other.
const storeSteps = steps.filter((name) => name !== 'build');
const exitCode =
  storeSteps.length === 0
    ? 0
    : await withLocalStores('bench', async ({ databaseUrl, redisUrl }) => {
        for (const name of storeSteps) {
          console.log(`[bench] step ${name}`);
          const code = await run(process.execPath, [STEPS[name]], { ...nxEnv, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl });
          if (code !== 0) return code;
        }
        return 0;
      });
process.exit(exitCode);
