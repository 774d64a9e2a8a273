import { describe, expect, it } from '@jest/globals';
import { cpuSecondsOf, cpuUsedBetween, sampleCpu } from './process-cpu.js';
import { stepHolds, type StepResult } from './rate-step.js';

const step = (overrides: Partial<StepResult>): StepResult => ({
  offeredRate: 100,
  achievedRate: 99,
  requests: 800,
  p50Ms: 20,
  p95Ms: 120,
  p99Ms: 250,
  errors: 0,
  non2xx: 0,
  timeouts: 0,
  ...overrides,
});

describe('a load step holds', () => {
  it('when p95 is within 300 ms, nothing failed and the offered rate was kept', () => {
    expect(stepHolds(step({}), 300)).toBe(true);
    expect(stepHolds(step({ p95Ms: 301 }), 300)).toBe(false);
    expect(stepHolds(step({ non2xx: 1 }), 300)).toBe(false);
    expect(stepHolds(step({ errors: 1 }), 300)).toBe(false);
    expect(stepHolds(step({ timeouts: 1 }), 300)).toBe(false);
    expect(stepHolds(step({ achievedRate: 80 }), 300)).toBe(false);
  });
});

describe('CPU per process group from /proc', () => {
  it('counts the CPU this process spends between two samples', () => {
    const groups = [{ name: 'me', find: () => [process.pid] }, { name: 'nobody', find: () => [2 ** 22 + 12345] }];
    const before = sampleCpu(groups);
    const until = Date.now() + 300;
    let spin = 0;
    while (Date.now() < until) spin += Math.sqrt(spin + 1);
    const used = cpuUsedBetween(before, sampleCpu(groups));
    expect(spin).toBeGreaterThan(0);
    expect(used.me).toBeGreaterThanOrEqual(0.1);
    expect(used.me).toBeLessThan(5);
    expect(used.nobody).toBe(0);
    expect(cpuSecondsOf(2 ** 22 + 12345)).toBe(0);
  });
});
