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
  it('counts the CPU this process spends between two samples, as Node itself counts it', () => {
    const groups = [{ name: 'me', find: () => [process.pid] }, { name: 'nobody', find: () => [2 ** 22 + 12345] }];
    const before = sampleCpu(groups);
    const nodeBefore = process.cpuUsage();
    // Spin until Node's own count says 0.3 s of CPU were used (however busy the machine is), at most 30 s.
    const deadline = Date.now() + 30_000;
    let spin = 0;
    const usedByNode = () => {
      const { user, system } = process.cpuUsage(nodeBefore);
      return (user + system) / 1e6;
    };
    while (usedByNode() < 0.3 && Date.now() < deadline) for (let i = 0; i < 100_000; i += 1) spin += Math.sqrt(i);
    const used = cpuUsedBetween(before, sampleCpu(groups));
    const expected = usedByNode();
    expect(spin).toBeGreaterThan(0);
    expect(expected).toBeGreaterThanOrEqual(0.3);
    // /proc counts in 10 ms ticks: within a few ticks of Node's microsecond count.
    expect(Math.abs(used.me! - expected)).toBeLessThan(0.05);
    expect(used.nobody).toBe(0);
    expect(cpuSecondsOf(2 ** 22 + 12345)).toBe(0);
  });
});
