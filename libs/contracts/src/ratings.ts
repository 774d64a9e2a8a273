export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const STAR_COUNT = 5;

/** Rounded-down mean of the ratings; 0 when there are none. */
export function averageRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  return averageFromTotals(
    ratings.reduce((sum, rating) => sum + rating, 0),
    ratings.length,
  );
}

/** The same rule from stored counters (sum and count), as the catalogue keeps them. */
export function averageFromTotals(ratingSum: number, ratingCount: number): number {
  return ratingCount > 0 ? Math.floor(ratingSum / ratingCount) : 0;
}

/** "1 rating", "2 ratings", "1 student", "3 students". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
