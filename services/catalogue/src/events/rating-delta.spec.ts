import { describe, expect, it } from '@jest/globals';
import { ratingDelta } from './rating-delta.js';

describe('ratingDelta', () => {
  it.each([
    [{ rating: 4, previousRating: null }, { sum: 4, count: 1 }],
    [{ rating: 2, previousRating: 5 }, { sum: -3, count: 0 }],
    [{ rating: 3, previousRating: 3 }, { sum: 0, count: 0 }],
  ])('ratingDelta(%j) = %j', (event, delta) => {
    expect(ratingDelta(event)).toEqual(delta);
  });
});
