import { ASSIGNMENT_REVIEWED_EVENT, LIVE_CLASS_NOTICE_JOB, LIVE_CLASS_RECORDED_EVENT, PROGRESS_EVENTS_QUEUE } from '@academy/contracts';
import { HEALTH_PING_JOB } from '@academy/service-core';

export const PROGRESS_QUEUE = PROGRESS_EVENTS_QUEUE;

/** Every job of the progress queue; each has exactly one handler (checked when the worker starts, see worker.module.ts). */
export const ProgressJob = {
  HealthPing: HEALTH_PING_JOB,
  /** Repeatable (PARENT_WEEKLY_EMAIL_CRON): each parent's weekly progress email. */
  ParentWeeklyEmail: 'parent-weekly-progress',
  /** Repeatable: parents' alerts (a child quiet for N days, a quiz failed twice), each once per child and period. */
  ParentAlerts: 'parent-alerts',
  /** Outbox topic written when a learner completes a course's last lecture: emails their linked parents. */
  CourseCompleted: 'course.completed',
  /** Outbox topic written with a message between a parent and an educator: the other side is told. */
  ParentMessage: 'parent.message',
  /** Outbox topic written with a new doubt: the course's educator gets a notification (and an email). */
  DoubtAsked: 'doubt.asked',
  /** Outbox topic written with an answer: the doubt's asker gets a notification (and an email). */
  DoubtAnswered: 'doubt.answered',
  /** Outbox topic written when an educator reviews a hand-in: the learner gets a notification (and an email). */
  AssignmentReviewed: ASSIGNMENT_REVIEWED_EVENT,
  /** Added by catalogue (delayed for reminders): a live class's reminder or cancellation to its enrolled learners. */
  LiveClassNotice: LIVE_CLASS_NOTICE_JOB,
  /** Catalogue's outbox topic: a live class's recording became a lecture; the class's doubts move under it. */
  LiveClassRecorded: LIVE_CLASS_RECORDED_EVENT,
} as const;

export const progressJobNames = Object.values(ProgressJob);

/** Payload of the `course.completed` event (plus `eventId`, added by the relay). */
export interface CourseCompletedEvent {
  userId: string;
  courseId: string;
  courseTitle: string;
  completedAt: string;
}
