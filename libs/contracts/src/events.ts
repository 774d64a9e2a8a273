// Domain events between services (docs/architecture.md). Producers write them to their outbox in the same
// transaction as the change; the outbox relay adds them to the named BullMQ queue with jobId = eventId
// (so a relayed-twice event is one job) and the consumer is idempotent by the key named below.
import { z } from 'zod';

/** BullMQ queue consumed by the catalogue worker (course counters: students, rating sum/count). */
export const CATALOGUE_EVENTS_QUEUE = 'catalogue-events';

/** Job names on CATALOGUE_EVENTS_QUEUE. */
export const CatalogueEvent = {
  CourseEnrolled: 'course.enrolled',
  CourseRated: 'course.rated',
  CourseUnenrolled: 'course.unenrolled',
} as const;
export type CatalogueEventName = (typeof CatalogueEvent)[keyof typeof CatalogueEvent];

/**
 * A learner was enrolled (written by progress when commerce's internal enrol call creates the enrolment).
 * Catalogue: student_count + 1, at most once per purchaseId.
 */
export const courseEnrolledEventSchema = z.object({
  eventId: z.string().min(1),
  courseId: z.uuid(),
  userId: z.string().min(1),
  purchaseId: z.string().min(1),
});
export type CourseEnrolledEvent = z.infer<typeof courseEnrolledEventSchema>;

/**
 * A learner's enrolment ended because its purchase was refunded (written by progress when commerce's revoke call
 * removes the enrolment). Catalogue: student_count - 1, at most once per purchaseId, and only after that
 * purchase's `course.enrolled` was counted (an early delivery is retried).
 */
export const courseUnenrolledEventSchema = z.object({
  eventId: z.string().min(1),
  courseId: z.uuid(),
  userId: z.string().min(1),
  purchaseId: z.string().min(1),
  refundId: z.string().min(1),
});
export type CourseUnenrolledEvent = z.infer<typeof courseUnenrolledEventSchema>;

/**
 * A learner rated a course (new rating: previousRating null; replaced rating: previousRating is the old value).
 * Catalogue: rating_sum += rating - (previousRating ?? 0); rating_count += previousRating === null ? 1 : 0;
 * at most once per eventId.
 */
export const courseRatedEventSchema = z.object({
  eventId: z.string().min(1),
  courseId: z.uuid(),
  userId: z.string().min(1),
  rating: z.number().int().min(1).max(5),
  previousRating: z.number().int().min(1).max(5).nullable(),
});
export type CourseRatedEvent = z.infer<typeof courseRatedEventSchema>;

export interface CatalogueEventPayloads {
  'course.enrolled': CourseEnrolledEvent;
  'course.rated': CourseRatedEvent;
  'course.unenrolled': CourseUnenrolledEvent;
}

