import type { CourseRatedEvent } from '@academy/contracts';

/** The counter change a rating event causes (pure: the consumer applies it, its spec pins it). */
export function ratingDelta(event: Pick<CourseRatedEvent, 'rating' | 'previousRating'>): { sum: number; count: number } {
  return event.previousRating === null
    ? { sum: event.rating, count: 1 }
    : { sum: event.rating - event.previousRating, count: 0 };
}
