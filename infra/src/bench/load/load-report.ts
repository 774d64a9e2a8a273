import { markdownTable } from '../results.js';
import { P95_TARGET_MS, type MeasuredStep, type MixOutcome } from './rate-search.js';

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** CPU milliseconds per request of each process group at a step, largest first. */
export function cpuPerRequest(step: MeasuredStep): [string, number][] {
  return Object.entries(step.usage.cpuSeconds)
    .map(([name, seconds]): [string, number] => [name, (seconds * 1000) / Math.max(1, step.requests)])
    .sort((a, b) => b[1] - a[1]);
}

function summaryRows(outcomes: MixOutcome[], replicas: number): (string | number)[][] {
  return outcomes.map(({ mix, best, steps }) => {
    const failed = steps.find((step) => !step.holds);
    const why = failed ? `${failed.offeredRate}/s: p95 ${fixed(failed.p95Ms)} ms, ${failed.non2xx} non-2xx, ${failed.errors + failed.timeouts} errors` : 'none failed';
    if (!best) return [mix.name, '< start', '–', '–', '–', why];
    return [mix.name, `${best.offeredRate}/s`, `${fixed(best.offeredRate / replicas, 1)}/s`, `${fixed(best.p50Ms)} / ${fixed(best.p95Ms)} ms`, `${fixed(best.usage.redisCommands / best.requests, 1)} / ${fixed(best.usage.postgresTransactions / best.requests, 1)}`, why];
  });
}

function cpuRows(outcomes: MixOutcome[]): (string | number)[][] {
  return outcomes
    .filter((outcome) => outcome.best)
    .map(({ mix, best }) => {
      const perRequest = cpuPerRequest(best!);
      const total = perRequest.reduce((sum, [, value]) => sum + value, 0);
      const top = perRequest.filter(([, value]) => value >= 0.05).map(([name, value]) => `${name} ${value.toFixed(2)} (${((100 * value) / total).toFixed(0)} %)`);
      return [mix.name, fixed(total, 2), top.join('; ')];
    });
}

export interface LoadReportInput {
  outcomes: MixOutcome[];
  replicas: number;
  workers: number;
  stepSeconds: number;
  date: string;
  node: string;
  cpus: number;
  loadBefore: number[];
  loadAfter: number[];
}

export function loadMarkdown(input: LoadReportInput): string {
  const { outcomes, replicas } = input;
  return [
    '# Load: the production-like topology under mixes of real requests',
    '',
    `nginx in front of ${replicas} HTTP replicas and ${input.workers} workers of each service (NODE_ENV=production), PostgreSQL (a fresh database), a Redis of its own (so its figures are this run's), the sandbox for Razorpay. autocannon offers each mix at a fixed rate for ${input.stepSeconds} s; the rate doubles while p95 ≤ ${P95_TARGET_MS} ms with no error, non-2xx answer or shortfall, then bisects. The load generator runs on the same cores. Run ${input.date}, Node ${input.node}, ${input.cpus} cores, load average ${input.loadBefore.map((value) => value.toFixed(1)).join(' ')} before and ${input.loadAfter.map((value) => value.toFixed(1)).join(' ')} after (other work shares the machine: compare ratios within this run).`,
    '',
    markdownTable(['mix', 'highest rate held', 'per replica', 'p50 / p95 there', 'Redis cmds / PG transactions per request', 'first rate that failed'], summaryRows(outcomes, replicas)),
    '',
    '## Where the time goes (CPU ms per request at the highest rate held)',
    '',
    markdownTable(['mix', 'CPU ms per request, all processes', 'by process group (share)'], cpuRows(outcomes)),
    '',
    '## What each mix sends',
    '',
    ...outcomes.map(({ mix }) => `- **${mix.name}**: ${mix.what}; ${mix.requests.length} distinct requests, e.g. \`${mix.requests[0]!.method} ${mix.requests[0]!.path.replace(/[0-9a-f-]{36}/g, ':id')}\`.`),
  ].join('\n');
}
