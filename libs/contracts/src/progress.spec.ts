import { describe, expect, it } from '@jest/globals';
import { completionPercent, completionStatus } from './progress.js';

describe('completionStatus', () => {
  it.each([
    [0, 5, 'In Progress'],
    [4, 5, 'In Progress'],
    [5, 5, 'Completed'],
    [0, 0, 'In Progress'],
  ] as const)('%p of %p → %p', (done, total, status) => expect(completionStatus(done, total)).toBe(status));

  it.each([
    [0, 0, 0],
    [1, 3, 33],
    [3, 3, 100],
  ])('%p of %p is %p%%', (done, total, percent) => expect(completionPercent(done, total)).toBe(percent));
});
