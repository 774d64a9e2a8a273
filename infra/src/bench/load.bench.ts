// Benchmark: the production-like topology (nginx, 2 HTTP replicas and 2 workers per service) under mixes of real
// requests (browse, search, course page, the player's saves, purchases, doubts, the educator dashboard, all
// together): the highest rate each holds at p95 ≤ 300 ms with no error, and the CPU each process group spends per
// request (services, workers, nginx, PostgreSQL backends of this run's database, a Redis of its own). Writes
// bench/results/load.{json,md}. BENCH_LOAD_STEP_SECONDS, BENCH_LOAD_MIXES (comma-separated names) narrow it.
import os from 'node:os';
import path from 'node:path';
import { startProductionLike } from '../deploy/production-like.js';
import { dataDir } from '../paths.js';
import { loadMarkdown } from './load/load-report.js';
import { prepareLoadContext } from './load/load-setup.js';
import { loadMixes } from './load/mixes.js';
import { startOwnRedis } from './load/own-redis.js';
import { searchHighestRate, type MixOutcome } from './load/rate-search.js';
import { cpuGroups, StackMeter } from './load/stack-metrics.js';
import { progress, runStamp, writeResults } from './results.js';

const REPLICAS = 2;
const WORKERS = 2;
const settings = { startRate: 25, maxRate: 6400, stepSeconds: Number(process.env.BENCH_LOAD_STEP_SECONDS ?? 8), refinements: 2 };
const only = process.env.BENCH_LOAD_MIXES?.split(',').map((name) => name.trim());

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const redis = await startOwnRedis();
  progress('load', `starting the production-like stack (${REPLICAS} replicas, ${WORKERS} workers per service; Redis of its own on ${redis.url})`);
  const stack = await startProductionLike({
    replicas: REPLICAS,
    workers: WORKERS,
    logFile: path.join(dataDir, 'bench', 'load.log'),
    env: { ...process.env, REDIS_URL: redis.url },
    // Two demo learners place every order: the per-learner payment limit would answer 429 long before capacity.
    extraEnv: { PAYMENT_RATE_LIMIT_PER_MINUTE: '1000000' },
    log: (line) => progress('load', line),
  });
  const database = new URL(stack.databaseUrl).pathname.slice(1);
  const meter = new StackMeter(cpuGroups(stack, database, redis.pid), redis.url, stack.databaseUrl, database);
  try {
    progress('load', 'signing in the demo learners and educator, enrolling the learners in a course');
    const context = await prepareLoadContext(stack.portalUrl, stack.sandboxUrl);
    const mixes = loadMixes(context).filter((mix) => !only || only.includes(mix.name));
    const outcomes: MixOutcome[] = [];
    for (const mix of mixes) outcomes.push(await searchHighestRate(stack.portalUrl, mix, settings, meter));
    const stamp = runStamp();
    const report = { ...stamp, replicas: REPLICAS, workers: WORKERS, stepSeconds: settings.stepSeconds, loadBefore, loadAfter: os.loadavg() };
    const markdown = loadMarkdown({ ...report, outcomes });
    const summary = { ...report, mixes: outcomes.map(({ mix, steps, best }) => ({ name: mix.name, service: mix.service, best: best?.offeredRate ?? null, steps })) };
    console.log(markdown);
    writeResults('load', summary, markdown);
    progress('load', 'wrote bench/results/load.json and load.md');
  } finally {
    await meter.close();
    await stack.stop();
    await redis.stop();
  }
}

await main();
