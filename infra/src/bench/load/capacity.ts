// The capacity model of docs/operations.md, computed from bench/results/load.json (the "everything" mix at the
// highest rate it held): `node infra/dist/bench/load/capacity.js` prints the tables. Every assumption is a named
// constant here; every measured figure comes from the results file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../../paths.js';

/** Share of registered learners online at the evening peak. */
export const PEAK_CONCURRENT_SHARE = 0.03;
/** API requests per second of one online learner: 60 % watching (a position save every 10 s), 40 % browsing (an API call every ~7 s). */
export const REQUESTS_PER_ONLINE_LEARNER = 0.6 * 0.1 + 0.4 * 0.15;
/** CPU a pod may use before the HPA adds one (a Node process uses one core at most). */
export const HPA_CPU_TARGET = 0.6;
export const POD_CPU_REQUEST_CORES = 1;
export const DB_POOL_MAX = 4;
export const MIN_REPLICAS = 2;

interface Step {
  offeredRate: number;
  requests: number;
  usage: { cpuSeconds: Record<string, number>; redisCommands: number; postgresTransactions: number };
}

interface LoadResults {
  date: string;
  replicas: number;
  loadBefore: number[];
  mixes: { name: string; best: number | null; steps: Step[] }[];
}

export interface CapacityRow {
  learners: number;
  online: number;
  rate: number;
  httpPods: Record<string, number>;
  workerPods: Record<string, number>;
  nginxPods: number;
  postgresConnections: number;
  postgresCores: number;
  postgresTransactionsPerSecond: number;
  redisCommandsPerSecond: number;
  redisCores: number;
}

const services = ['catalogue', 'commerce', 'progress'];

/** CPU ms per request of the groups whose name starts with `prefix`, at the step. */
const cpuMs = (step: Step, prefix: string) =>
  (Object.entries(step.usage.cpuSeconds)
    .filter(([name]) => name.startsWith(prefix))
    .reduce((sum, [, seconds]) => sum + seconds, 0) *
    1000) /
  step.requests;

const podsFor = (rate: number, msPerRequest: number) => Math.max(MIN_REPLICAS, Math.ceil((rate * msPerRequest) / 1000 / (POD_CPU_REQUEST_CORES * HPA_CPU_TARGET)));

export function capacityFor(learners: number, step: Step): CapacityRow {
  const online = learners * PEAK_CONCURRENT_SHARE;
  const rate = online * REQUESTS_PER_ONLINE_LEARNER;
  const httpPods = Object.fromEntries(services.map((service) => [service, podsFor(rate, cpuMs(step, `${service} HTTP`))]));
  const workerPods = Object.fromEntries(services.map((service) => [service, podsFor(rate, cpuMs(step, `${service} worker`))]));
  const pods = [...Object.values(httpPods), ...Object.values(workerPods)].reduce((sum, count) => sum + count, 0);
  return {
    learners,
    online,
    rate,
    httpPods,
    workerPods,
    nginxPods: podsFor(rate, cpuMs(step, 'nginx')),
    postgresConnections: pods * DB_POOL_MAX,
    postgresCores: (rate * cpuMs(step, 'PostgreSQL')) / 1000,
    postgresTransactionsPerSecond: (rate * step.usage.postgresTransactions) / step.requests,
    redisCommandsPerSecond: (rate * step.usage.redisCommands) / step.requests,
    redisCores: (rate * cpuMs(step, 'Redis')) / 1000,
  };
}

export function everythingStep(results: LoadResults): Step {
  const mix = results.mixes.find((candidate) => candidate.name === 'everything');
  const best = mix?.steps.find((step) => step.offeredRate === mix.best);
  if (!best) throw new Error('bench/results/load.json has no held step of the "everything" mix: run `npm run bench -- load`');
  return best;
}

function main(): void {
  const results = JSON.parse(readFileSync(path.join(repoRoot, 'bench', 'results', 'load.json'), 'utf8')) as LoadResults;
  const step = everythingStep(results);
  console.log(`from the "everything" mix at ${step.offeredRate}/s (${results.date}); CPU ms per request:`);
  for (const prefix of [...services.flatMap((service) => [`${service} HTTP`, `${service} worker`]), 'nginx', 'PostgreSQL', 'Redis', 'sandbox']) {
    console.log(`  ${prefix}: ${cpuMs(step, prefix).toFixed(3)}`);
  }
  console.log(`  Redis commands ${(step.usage.redisCommands / step.requests).toFixed(2)}, PostgreSQL transactions ${(step.usage.postgresTransactions / step.requests).toFixed(2)} per request`);
  for (const learners of [10_000, 1_000_000]) console.log(JSON.stringify(capacityFor(learners, step)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
