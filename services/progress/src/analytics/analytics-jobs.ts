/** Analytics aggregation has its own queue, fed by the outbox (the topic is the job name), as commerce's earnings. */
export const ANALYTICS_QUEUE = 'progress-analytics';

/** Jobs of the analytics queue. Each payload names what changed; the job reads the change from its source rows. */
export enum AnalyticsJob {
  /** A playback position saved or a lecture marked complete. */
  LectureActivity = 'analytics.lecture-activity',
  /** An enrolment made or ended. */
  EnrolmentChanged = 'analytics.enrolment-changed',
  /** A quiz attempt graded. */
  QuizAttempted = 'analytics.quiz-attempted',
}

export const analyticsJobNames = Object.values(AnalyticsJob);

export interface LectureActivityEvent {
  userId: string;
  courseId: string;
  lectureId: string;
}

export interface EnrolmentChangedEvent {
  userId: string;
  courseId: string;
}

export interface QuizAttemptedEvent {
  attemptId: string;
}

/** Outbox topic → queue. */
export const analyticsOutboxRoutes = Object.fromEntries(analyticsJobNames.map((topic) => [topic, ANALYTICS_QUEUE]));
