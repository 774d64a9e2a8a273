import { eventually, settledValue } from './eventually.js';

describe('eventually', () => {
  it('returns the first answer the check accepts', async () => {
    let reads = 0;
    await expect(eventually(() => ++reads, (value) => value === 3, { intervalMs: 1 })).resolves.toBe(3);
    expect(reads).toBe(3);
  });

  it('fails after its time-out, naming what it waited for and the last answer', async () => {
    await expect(eventually(() => false, { timeoutMs: 20, intervalMs: 5, what: 'the email' })).rejects.toThrow(/waiting for the email; last value: false/);
  });
});

describe('settledValue', () => {
  it('returns a value once two reads in a row agree', async () => {
    const values = [1, 2, 3, 3, 4];
    let index = 0;
    await expect(settledValue(async () => values[index++], { intervalMs: 1 })).resolves.toBe(3);
    expect(index).toBe(4);
  });

  it('waits past agreeing reads that the check refuses', async () => {
    const values = [1, 1, 2, 2];
    let index = 0;
    await expect(settledValue(async () => values[index++], { intervalMs: 1, accept: (value) => value === 2 })).resolves.toBe(2);
  });

  it('fails when the value keeps changing', async () => {
    let value = 0;
    await expect(settledValue(async () => ++value, { intervalMs: 1, timeoutMs: 30, what: 'the dashboard' })).rejects.toThrow(/the dashboard/);
  });
});
