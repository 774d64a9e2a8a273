import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EnrolmentChangedEvent, LectureActivityEvent } from './analytics-jobs.js';
import { LectureAnalyticsRepository } from './lecture-analytics.repository.js';

/**
 * Applies one event to the analytics aggregates, in the worker (like commerce's earnings). An event only names what
 * changed; the job reads the source rows' current state and moves each counter by the difference from what it
 * counted before, so applying an event twice, or after a later one, changes nothing.
 */
@Injectable()
export class AnalyticsAggregator {
  constructor(
    private readonly dataSource: DataSource,
    private readonly analytics: LectureAnalyticsRepository,
  ) {}

  /** A playback save or a completion: the learner's furthest second and completion, then every counter they move. Returns true when something changed. */
  async applyLectureActivity(event: LectureActivityEvent): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const source = await this.analytics.lectureSource(manager, event.userId, event.lectureId);
      if (!source || (source.position === null && !source.completed)) return false;
      const state = await this.analytics.lockLearnerLecture(manager, event);
      const furthest = Math.max(state.furthestSeconds, source.position ?? 0);
      const watched = furthest - state.furthestSeconds;
      const startedNow = state.started ? 0 : 1;
      const completedNow = !state.completed && source.completed ? 1 : 0;
      if (watched === 0 && startedNow === 0 && completedNow === 0) return false;
      await this.analytics.advanceLearnerLecture(manager, event.userId, event.lectureId, furthest, source.completed);
      // Locks are taken in one order (learner's lecture, learner's course, lecture, course, completion buckets upward),
      // so two events of one course never wait on each other in a circle.
      const learner = await this.analytics.bumpLearnerCourse(manager, event.userId, event.courseId, { lecturesStarted: startedNow, lecturesCompleted: completedNow });
      await this.analytics.bumpLecture(manager, event.courseId, event.lectureId, { learnersStarted: startedNow, learnersCompleted: completedNow, watchSeconds: watched });
      const courseStarted = startedNow === 1 && learner.lecturesStarted === 1 ? 1 : 0;
      await this.analytics.bumpCourse(manager, event.courseId, { learnersStarted: courseStarted, watchSeconds: watched });
      if (completedNow === 1) {
        const count = learner.lecturesCompleted;
        if (count > 1) await this.analytics.bumpCompletionBucket(manager, event.courseId, count - 1, -1);
        await this.analytics.bumpCompletionBucket(manager, event.courseId, count, 1);
      }
      return true;
    });
  }

  /** An enrolment made or ended: the course's enrolled count follows whether the enrolment exists now. */
  async applyEnrolmentChanged(event: EnrolmentChangedEvent): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const enrolled = await this.analytics.isEnrolled(manager, event.userId, event.courseId);
      const counted = await this.analytics.lockLearnerCourseEnrolled(manager, event.userId, event.courseId);
      if (counted === enrolled) return false;
      await this.analytics.setLearnerCourseEnrolled(manager, event.userId, event.courseId, enrolled);
      await this.analytics.bumpCourse(manager, event.courseId, { enrolled: enrolled ? 1 : -1 });
      return true;
    });
  }

  /** A graded attempt, counted once (the attempt row remembers it): its score and each question's right or wrong. */
  async applyQuizAttempt(attemptId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const attempt = await this.analytics.claimQuizAttempt(manager, attemptId);
      if (!attempt) return false;
      await this.analytics.countQuizAttempt(manager, attempt);
      await this.analytics.bumpCourse(manager, attempt.courseId, {});
      return true;
    });
  }
}
