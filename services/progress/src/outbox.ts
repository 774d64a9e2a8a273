import { CATALOGUE_EVENTS_QUEUE, CatalogueEvent } from '@academy/contracts';
import type { OutboxModuleOptions } from '@academy/service-core';
import { analyticsOutboxRoutes } from './analytics/analytics-jobs.js';
import { PROGRESS_QUEUE, ProgressJob } from './queue/progress-jobs.js';

/**
 * The progress schema's one outbox (table created by migration 1760000050000) and where its topics go. The HTTP
 * app writes with `OutboxModule.forRoot(progressOutbox)`; the worker runs the one relay with
 * `OutboxModule.forRelay(progressOutbox)`.
 */
export const progressOutbox: OutboxModuleOptions = {
  schema: 'progress',
  routes: {
    [CatalogueEvent.CourseEnrolled]: CATALOGUE_EVENTS_QUEUE,
    [CatalogueEvent.CourseRated]: CATALOGUE_EVENTS_QUEUE,
    // Parents' milestone emails, sent by this service's own worker.
    [ProgressJob.CourseCompleted]: PROGRESS_QUEUE,
    // Notifications (the bell and their emails), made by this service's own worker.
    [ProgressJob.DoubtAsked]: PROGRESS_QUEUE,
    [ProgressJob.DoubtAnswered]: PROGRESS_QUEUE,
    [ProgressJob.AssignmentReviewed]: PROGRESS_QUEUE,
    [ProgressJob.ParentMessage]: PROGRESS_QUEUE,
    [CatalogueEvent.CourseUnenrolled]: CATALOGUE_EVENTS_QUEUE,
    // Catalogue's course access projection: parents linked to learners (their notes, tests and live classes).
    [CatalogueEvent.ParentLinked]: CATALOGUE_EVENTS_QUEUE,
    [CatalogueEvent.ParentUnlinked]: CATALOGUE_EVENTS_QUEUE,
    // Playback, completion, enrolment and quiz events for the educator's analytics, applied by this service's worker.
    ...analyticsOutboxRoutes,
  },
};
