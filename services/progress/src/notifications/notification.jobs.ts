import type { AssignmentReviewedEvent, DoubtAnsweredEvent, DoubtAskedEvent, LiveClassNotice, ParentMessageEvent } from '@academy/contracts';
import { JobHandler, type JobProcessor } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ProgressJob } from '../queue/progress-jobs.js';
import { NotificationDelivery, type DeliveryResult } from './notification-delivery.js';

/** `doubt.asked` (outbox): the course's educator's notification and email. */
@Injectable()
@JobHandler(ProgressJob.DoubtAsked)
export class DoubtAskedNotificationJob implements JobProcessor<DoubtAskedEvent & { eventId: string }, DeliveryResult> {
  constructor(private readonly delivery: NotificationDelivery) {}

  handle(job: Job<DoubtAskedEvent & { eventId: string }, DeliveryResult>): Promise<DeliveryResult> {
    return this.delivery.doubtAsked(job.data);
  }
}

/** `doubt.answered` (outbox): the asker's notification and email. */
@Injectable()
@JobHandler(ProgressJob.DoubtAnswered)
export class DoubtAnsweredNotificationJob implements JobProcessor<DoubtAnsweredEvent & { eventId: string }, DeliveryResult> {
  constructor(private readonly delivery: NotificationDelivery) {}

  handle(job: Job<DoubtAnsweredEvent & { eventId: string }, DeliveryResult>): Promise<DeliveryResult> {
    return this.delivery.doubtAnswered(job.data);
  }
}

/** `assignment.reviewed` (outbox): the learner's notification and email. */
@Injectable()
@JobHandler(ProgressJob.AssignmentReviewed)
export class AssignmentReviewedNotificationJob implements JobProcessor<AssignmentReviewedEvent, DeliveryResult> {
  constructor(private readonly delivery: NotificationDelivery) {}

  handle(job: Job<AssignmentReviewedEvent, DeliveryResult>): Promise<DeliveryResult> {
    const { eventId, courseId, assignmentId, submissionId, learnerId, marks, maxMarks } = job.data;
    return this.delivery.assignmentReviewed({ eventId, courseId, assignmentId, submissionId, learnerId, marks, maxMarks });
  }
}

/** `parent.message` (outbox): the other side of a parent's thread with an educator, in the bell and by email. */
@Injectable()
@JobHandler(ProgressJob.ParentMessage)
export class ParentMessageNotificationJob implements JobProcessor<ParentMessageEvent & { eventId: string }, DeliveryResult> {
  constructor(private readonly delivery: NotificationDelivery) {}

  handle(job: Job<ParentMessageEvent & { eventId: string }, DeliveryResult>): Promise<DeliveryResult> {
    return this.delivery.parentMessage(job.data);
  }
}

/** A live class's reminder (delayed job) or cancellation, added by catalogue: every enrolled learner, once. */
@Injectable()
@JobHandler(ProgressJob.LiveClassNotice)
export class LiveClassNoticeJob implements JobProcessor<LiveClassNotice, { told: number; emailed: number; stale: boolean }> {
  constructor(private readonly delivery: NotificationDelivery) {}

  handle(job: Job<LiveClassNotice, { told: number; emailed: number; stale: boolean }>): Promise<{ told: number; emailed: number; stale: boolean }> {
    const { classId, courseId, courseTitle, title, startsAt, kind } = job.data;
    return this.delivery.liveClassNotice({ classId, courseId, courseTitle, title, startsAt, kind });
  }
}
