import autocannon from 'autocannon';
import { percentile } from '../results.js';

/** One request of a mix, as autocannon sends it. */
export interface MixRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface StepResult {
  offeredRate: number;
  achievedRate: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  timeouts: number;
}

/**
 * `requests` (cycled by each connection) at a fixed overall rate for `seconds`, open-loop as far as the connections
 * allow. Latencies are taken per response, so p95 is exact (autocannon's summary has p90 and p97.5, not p95).
 */
export async function runRateStep(baseUrl: string, requests: MixRequest[], rate: number, seconds: number): Promise<StepResult> {
  const latencies: number[] = [];
  const connections = Math.max(4, Math.min(100, Math.ceil(rate / 5)));
  const options = {
    url: baseUrl,
    connections,
    overallRate: rate,
    duration: seconds,
    timeout: 10,
    requests: requests.map((request) => ({ ...request, headers: { 'content-type': 'application/json', ...request.headers } })),
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, finished) => (error ? reject(error) : resolve(finished)));
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return {
    offeredRate: rate,
    achievedRate: result.requests.total / seconds,
    requests: result.requests.total,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    errors: result.errors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
  };
}

/** The step holds when every answer was 2xx, nothing failed or timed out, p95 ≤ the target and the rate was kept. */
export function stepHolds(step: StepResult, p95TargetMs: number): boolean {
  return step.errors === 0 && step.non2xx === 0 && step.timeouts === 0 && step.p95Ms <= p95TargetMs && step.achievedRate >= step.offeredRate * 0.9;
}
