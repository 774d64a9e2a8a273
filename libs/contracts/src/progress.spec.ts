import { describe, expect, it } from '@jest/globals';
import { completionPercent } from './progress.js';

describe('completionPercent', () => {
  it.each([
    [0, 0, 0],
    [1, 3, 33],
    [3, 3, 100],
  ])('%p of %p is %p%%', (done, total, percent) => expect(completionPercent(done, total)).toBe(percent));
});
