#!/usr/bin/env node
// Build benchmark (run by `npm run bench` before the services' benchmarks): one remote rebuilt alone, and a cold
// build of every project (Nx's cache skipped), timed over BENCH_BUILD_RUNS runs (3) and BENCH_BUILD_COLD_RUNS runs
// (2, as a cold build takes minutes on a loaded 2-core machine); the median is reported.
// Writes bench/results/build.{json,md}. Plain JavaScript: it runs before anything is built.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { RSPACK_CACHE_DIR } from '../../tools/rspack/create-app-config.mjs';
import { nxEnv, repoRoot } from './common.mjs';

const RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 3);
const COLD_RUNS = Number(process.env.BENCH_BUILD_COLD_RUNS ?? 2);
const REMOTE = 'mfe-learner';
const TARGETS = { remoteAloneMaxSeconds: 5, coldAllMaxSeconds: 60 };

function timed(command, args, cwd = repoRoot) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let output = '';
    const child = spawn(command, args, { cwd, env: nxEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve((performance.now() - started) / 1000);
      else reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}):\n${output.slice(-3000)}`));
    });
  });
}

/** A developer's rebuild: one page of the remote edited (a comment appended), rebuilt, and put back. */
const EDITED_FILE = path.join(repoRoot, REMOTE, 'src', 'catalogue', 'pages', 'HomePage.tsx');
async function afterAnEdit(build) {
  const original = readFileSync(EDITED_FILE, 'utf8');
  writeFileSync(EDITED_FILE, `${original}\n// bench edit ${Date.now()}\n`);
  try {
    return await build();
  } finally {
    writeFileSync(EDITED_FILE, original);
  }
}

/** Cold means nothing reused: neither Nx's cache (skipped) nor rspack's persistent cache (deleted). */
function withoutRspackCache(build) {
  rmSync(RSPACK_CACHE_DIR, { recursive: true, force: true });
  return build();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const cases = [
  {
    name: `${REMOTE} alone after a one-file edit (rspack)`,
    what: `rspack build --mode production in ${REMOTE}/`,
    run: () => afterAnEdit(() => timed('npx', ['rspack', 'build', '--mode', 'production'], path.join(repoRoot, REMOTE))),
    target: TARGETS.remoteAloneMaxSeconds,
  },
  {
    name: `${REMOTE} alone after a one-file edit (nx)`,
    what: `nx run ${REMOTE}:build --skip-nx-cache --excludeTaskDependencies`,
    run: () => afterAnEdit(() => timed('npx', ['nx', 'run', `${REMOTE}:build`, '--skip-nx-cache', '--excludeTaskDependencies'])),
    target: TARGETS.remoteAloneMaxSeconds,
  },
  {
    name: 'everything, cold',
    what: 'nx run-many -t build --skip-nx-cache',
    run: () => withoutRspackCache(() => timed('npx', ['nx', 'run-many', '-t', 'build', '--skip-nx-cache'])),
    target: TARGETS.coldAllMaxSeconds,
    runs: COLD_RUNS,
  },
];

const results = [];
for (const buildCase of cases) {
  const seconds = [];
  const runs = buildCase.runs ?? RUNS;
  for (let run = 1; run <= runs; run += 1) {
    console.log(`[bench] build: ${buildCase.name}, run ${run}/${runs}`);
    seconds.push(await buildCase.run());
    console.log(`[bench] build:   ${seconds.at(-1).toFixed(1)} s`);
  }
  results.push({ name: buildCase.name, command: buildCase.what, seconds, medianSeconds: median(seconds), targetSeconds: buildCase.target, met: median(seconds) <= buildCase.target });
}

const summary = { date: new Date().toISOString(), node: process.version, cpus: availableParallelism(), results };
const markdown = [
  '# Build (median of the runs)',
  '',
  `Run ${summary.date} on ${summary.cpus} cores.`,
  '',
  '| build | median | runs | target |',
  '|---|---|---|---|',
  ...results.map((r) => `| ${r.name} (\`${r.command}\`) | ${r.medianSeconds.toFixed(1)} s | ${r.seconds.map((s) => s.toFixed(1)).join(', ')} | ≤ ${r.targetSeconds} s |`),
].join('\n');
console.log(markdown);
const resultsDir = path.join(repoRoot, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(path.join(resultsDir, 'build.json'), `${JSON.stringify(summary, null, 2)}\n`);
writeFileSync(path.join(resultsDir, 'build.md'), `${markdown}\n`);
