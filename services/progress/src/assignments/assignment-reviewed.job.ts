import { assignmentReviewedEventSchema, type AssignmentReviewedEvent } from '@academy/contracts';
import { JobHandler, type JobProcessor } from '@academy/service-core';
import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { ProgressJob } from '../queue/progress-jobs.js';

/**
 * Receives `assignment.reviewed` from the outbox. Nothing acts on it yet: notifications (the learner's bell and
 * email) will. Until then the job checks the payload against its contract and records that it arrived.
 */
@Injectable()
@JobHandler(ProgressJob.AssignmentReviewed)
export class AssignmentReviewedJob implements JobProcessor<AssignmentReviewedEvent, { received: string }> {
  private readonly logger = new Logger(AssignmentReviewedJob.name);

  async handle(job: Job<AssignmentReviewedEvent, { received: string }>): Promise<{ received: string }> {
    const event = assignmentReviewedEventSchema.parse(job.data);
    this.logger.log(`assignment.reviewed ${event.submissionId}: ${event.marks}/${event.maxMarks}`);
    return { received: event.eventId };
  }
}
