import { progress } from '../results.js';
import type { Mix } from './mixes.js';
import { runRateStep, stepHolds, type StepResult } from './rate-step.js';
import type { StackMeter, StepUsage } from './stack-metrics.js';

export const P95_TARGET_MS = 300;

export interface MeasuredStep extends StepResult {
  holds: boolean;
  usage: StepUsage;
}

export interface MixOutcome {
  mix: Mix;
  steps: MeasuredStep[];
  /** The highest offered rate that held; undefined when even the first did not. */
  best: MeasuredStep | undefined;
}

export interface SearchSettings {
  startRate: number;
  maxRate: number;
  stepSeconds: number;
  /** Bisections between the last rate that held and the first that did not. */
  refinements: number;
}

async function measure(baseUrl: string, mix: Mix, rate: number, settings: SearchSettings, meter: StackMeter): Promise<MeasuredStep> {
  const before = await meter.read();
  const step = await runRateStep(baseUrl, mix.requests, rate, settings.stepSeconds);
  const usage = await meter.usageSince(before);
  const holds = stepHolds(step, P95_TARGET_MS);
  progress('load', `${mix.name}: ${rate}/s offered → ${step.achievedRate.toFixed(0)}/s, p95 ${step.p95Ms.toFixed(0)} ms, ${step.non2xx} non-2xx, ${step.errors + step.timeouts} errors: ${holds ? 'holds' : 'does not hold'}`);
  return { ...step, holds, usage };
}

/**
 * Doubles the rate from `startRate` while it holds (p95 ≤ 300 ms, no error, rate kept), then bisects between the
 * last rate that held and the first that did not (halving first when even the start rate did not hold). A short
 * warm-up at the start rate is not counted.
 */
export async function searchHighestRate(baseUrl: string, mix: Mix, settings: SearchSettings, meter: StackMeter): Promise<MixOutcome> {
  await runRateStep(baseUrl, mix.requests, settings.startRate, 3);
  const steps: MeasuredStep[] = [];
  let good: number | undefined;
  let bad: number | undefined;
  for (let rate = settings.startRate; rate <= settings.maxRate; rate *= 2) {
    const step = await measure(baseUrl, mix, rate, settings, meter);
    steps.push(step);
    if (!step.holds) {
      bad = rate;
      break;
    }
    good = rate;
  }
  // Not even the start rate held: halve until one does (down to 3/s), so the mix still gets a figure and a profile.
  for (let rate = Math.floor(settings.startRate / 2); good === undefined && rate >= 3; rate = Math.floor(rate / 2)) {
    const step = await measure(baseUrl, mix, rate, settings, meter);
    steps.push(step);
    if (step.holds) good = rate;
    else bad = rate;
  }
  for (let round = 0; round < settings.refinements && good !== undefined && bad !== undefined; round += 1) {
    const rate = Math.round((good + bad) / 2);
    if (rate === good || rate === bad) break;
    const step = await measure(baseUrl, mix, rate, settings, meter);
    steps.push(step);
    if (step.holds) good = rate;
    else bad = rate;
  }
  const best = steps.filter((step) => step.holds).sort((a, b) => b.offeredRate - a.offeredRate)[0];
  return { mix, steps, best };
}
