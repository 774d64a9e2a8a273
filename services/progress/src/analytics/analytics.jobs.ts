import { JobHandler, type JobProcessor } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { AnalyticsJob, type EnrolmentChangedEvent, type LectureActivityEvent, type QuizAttemptedEvent } from './analytics-jobs.js';
import { AnalyticsAggregator } from './analytics-aggregator.js';

/** A saved playback position or a completed lecture → the lecture's, the course's and the funnel's counters. */
@Injectable()
@JobHandler(AnalyticsJob.LectureActivity)
export class LectureActivityJob implements JobProcessor<LectureActivityEvent, { applied: boolean }> {
  constructor(private readonly aggregator: AnalyticsAggregator) {}

  async handle(job: Job<LectureActivityEvent, { applied: boolean }>): Promise<{ applied: boolean }> {
    return { applied: await this.aggregator.applyLectureActivity(job.data) };
  }
}

/** An enrolment made or ended → the course's enrolled count. */
@Injectable()
@JobHandler(AnalyticsJob.EnrolmentChanged)
export class EnrolmentChangedJob implements JobProcessor<EnrolmentChangedEvent, { applied: boolean }> {
  constructor(private readonly aggregator: AnalyticsAggregator) {}

  async handle(job: Job<EnrolmentChangedEvent, { applied: boolean }>): Promise<{ applied: boolean }> {
    return { applied: await this.aggregator.applyEnrolmentChanged(job.data) };
  }
}

/** A graded quiz attempt → the quiz's average score and each question's share of right answers. */
@Injectable()
@JobHandler(AnalyticsJob.QuizAttempted)
export class QuizAttemptedJob implements JobProcessor<QuizAttemptedEvent, { applied: boolean }> {
  constructor(private readonly aggregator: AnalyticsAggregator) {}

  async handle(job: Job<QuizAttemptedEvent, { applied: boolean }>): Promise<{ applied: boolean }> {
    return { applied: await this.aggregator.applyQuizAttempt(job.data.attemptId) };
  }
}

export const analyticsJobHandlers = [LectureActivityJob, EnrolmentChangedJob, QuizAttemptedJob];
