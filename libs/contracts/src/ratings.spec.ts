import { describe, expect, it } from '@jest/globals';
import { averageFromTotals, averageRating, pluralize } from './ratings.js';

describe('averageRating', () => {
  it.each([
    [[], 0],
    [[5], 5],
    [[4, 5], 4],
    [[1, 2, 2], 1],
    [[5, 5, 4], 4],
  ])('%p → %p', (ratings, expected) => expect(averageRating(ratings)).toBe(expected));

  it('agrees with the counters form', () => {
    expect(averageFromTotals(14, 3)).toBe(averageRating([5, 5, 4]));
    expect(averageFromTotals(0, 0)).toBe(0);
  });
});

describe('pluralize', () => {
  it.each([
    [0, 'rating', undefined, '0 ratings'],
    [1, 'rating', undefined, '1 rating'],
    [2, 'rating', undefined, '2 ratings'],
    [1, 'student', undefined, '1 student'],
    [3, 'student', undefined, '3 students'],
    [2, 'child', 'children', '2 children'],
  ])('%p %p → %p', (count, singular, plural, expected) => {
    expect(pluralize(count, singular, plural)).toBe(expected);
  });
});
