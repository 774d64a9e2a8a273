// Domain events between services (docs/architecture.md). Producers write them to their outbox in the same
// transaction as the change; the outbox relay adds them to the named BullMQ queue with jobId = eventId
// (so a relayed-twice event is one job) and the consumer is idempotent by the key named below.
import { z } from 'zod';
import { LIVE_CLASS_NOTICE_QUEUE } from './live-classes.js';

/**
 * BullMQ queue consumed by the catalogue worker: course counters (students, rating sum/count) and the course access
 * projection (who may open a course's paid files, videos and live classes).
 */
export const CATALOGUE_EVENTS_QUEUE = 'catalogue-events';

/** Job names on CATALOGUE_EVENTS_QUEUE. */
export const CatalogueEvent = {
  CourseEnrolled: 'course.enrolled',
  CourseRated: 'course.rated',
  CourseUnenrolled: 'course.unenrolled',
  CourseEnrolmentSnapshot: 'course.enrolment_snapshot',
  ParentLinked: 'parent.linked',
  ParentUnlinked: 'parent.unlinked',
} as const;
export type CatalogueEventName = (typeof CatalogueEvent)[keyof typeof CatalogueEvent];

/**
 * A learner was enrolled (written by progress when commerce's internal enrol call creates the enrolment).
 * Catalogue: student_count + 1, at most once per purchaseId; the learner may open the course (unless that purchase's
 * `course.unenrolled` came first).
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
 * removes the enrolment). Catalogue: the learner's access by that purchase ends for good (even delivered before its
 * `course.enrolled`); student_count - 1, at most once per purchaseId, and only after that purchase's
 * `course.enrolled` was counted (an early delivery is retried).
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

/**
 * An enrolment that existed when catalogue's access projection was introduced (written once per enrolment by a
 * progress migration). Catalogue: the learner may open the course, exactly as `course.enrolled`, but no counter
 * changes (those enrolments were counted long ago).
 */
export const courseEnrolmentSnapshotEventSchema = courseEnrolledEventSchema;
export type CourseEnrolmentSnapshotEvent = CourseEnrolledEvent;

/**
 * A parent was linked to a learner (`parent.linked`), or that link was removed (`parent.unlinked`); written by
 * progress in the transaction that changes the link. `linkedAt` is when that link was made (microseconds), the same
 * in both events of one link: it orders them, so a late `parent.linked` never undoes the removal of the same link,
 * and a link made again later wins over an older removal. Catalogue: a linked parent may open the notes, tests and
 * live classes of the courses the learner is enrolled in.
 */
export const parentLinkEventSchema = z.object({
  eventId: z.string().min(1),
  parentId: z.string().min(1),
  childId: z.string().min(1),
  linkedAt: z.iso.datetime(),
});
export type ParentLinkEvent = z.infer<typeof parentLinkEventSchema>;

export interface CatalogueEventPayloads {
  'course.enrolled': CourseEnrolledEvent;
  'course.rated': CourseRatedEvent;
  'course.unenrolled': CourseUnenrolledEvent;
  'course.enrolment_snapshot': CourseEnrolmentSnapshotEvent;
  'parent.linked': ParentLinkEvent;
  'parent.unlinked': ParentLinkEvent;
}

/** Progress's one queue (its worker): catalogue's events for progress go there. */
export const PROGRESS_EVENTS_QUEUE = LIVE_CLASS_NOTICE_QUEUE;

/**
 * A live class's recording became a lecture (written by catalogue's recording job in the transaction that adds the
 * lecture). Progress: the doubts asked in the class move under that lecture at their seconds; only doubts under no
 * lecture move, so a redelivery changes nothing.
 */
export const LIVE_CLASS_RECORDED_EVENT = 'live_class.recorded';
export const liveClassRecordedEventSchema = z.object({
  eventId: z.string().min(1),
  classId: z.uuid(),
  lectureId: z.uuid(),
});
export type LiveClassRecordedEvent = z.infer<typeof liveClassRecordedEventSchema>;

