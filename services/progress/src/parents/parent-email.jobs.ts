import { JobHandler, MAILER, Mailer, readLanguage, type JobProcessor } from '@academy/service-core';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { LEARNING_SETTINGS, type LearningSettings } from '../learning/learning-settings.js';
import { ProgressJob, type CourseCompletedEvent } from '../queue/progress-jobs.js';
import { courseCompletedEmail, weeklyProgressEmail, type ChildWeek } from './parent-emails.js';
import { ParentEmailSettingsRepository } from './parent-email-settings.repository.js';
import { ParentLinksService } from './parent-links.service.js';
import { NotificationDelivery } from '../notifications/notification-delivery.js';
import { courseCompletedAlert } from './parent-alerts.job.js';

export interface WeeklyEmailData {
  /** Which week this run is for (one email per parent and period); default: the Monday (UTC) of the current week. */
  periodKey?: string;
}

export interface EmailJobResult {
  sent: number;
  skipped: number;
}

/** Monday of the week of `now`, as yyyy-mm-dd (UTC). */
export function weekPeriodKey(now: Date): string {
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}

/**
 * Repeatable (see worker.module.ts): every parent who has linked children and has not turned the weekly email off
 * gets one summary per week. A retried run skips the parents already sent to.
 */
@Injectable()
@JobHandler(ProgressJob.ParentWeeklyEmail)
export class ParentWeeklyEmailJob implements JobProcessor<WeeklyEmailData, EmailJobResult> {
  private readonly logger = new Logger(ParentWeeklyEmailJob.name);

  constructor(
    private readonly emails: ParentEmailSettingsRepository,
    private readonly links: ParentLinksService,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(LEARNING_SETTINGS) private readonly settings: LearningSettings,
  ) {}

  async handle(job: Job<WeeklyEmailData, EmailJobResult>): Promise<EmailJobResult> {
    const period = job.data.periodKey ?? weekPeriodKey(new Date());
    const result: EmailJobResult = { sent: 0, skipped: 0 };
    const parents = await this.emails.weeklyRecipients();
    for (const parent of parents) {
      const key = `weekly|${parent.id}|${period}`;
      if (await this.emails.wasSent(key)) {
        result.skipped += 1;
        continue;
      }
      const children: ChildWeek[] = await this.links.childWeeks(parent.id);
      if (children.length === 0) continue;
      const outcome = await this.mailer.send(weeklyProgressEmail(parent.email, parent.name, children, this.settings.portalUrl, readLanguage(parent.preferredLanguage)));
      if (!outcome.sent) return result; // mail is off (no SMTP_URL): nothing is marked as sent
      await this.emails.markSent(key, parent.id, 'weekly');
      result.sent += 1;
    }
    this.logger.log(`weekly parent emails for ${period}: ${result.sent} sent, ${result.skipped} already sent`);
    return result;
  }
}

/** `course.completed` (outbox): each linked parent who wants milestones hears about it once, in the bell and by email. */
@Injectable()
@JobHandler(ProgressJob.CourseCompleted)
export class CourseCompletedEmailJob implements JobProcessor<CourseCompletedEvent, EmailJobResult> {
  constructor(
    private readonly emails: ParentEmailSettingsRepository,
    private readonly links: ParentLinksService,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(LEARNING_SETTINGS) private readonly settings: LearningSettings,
    private readonly delivery: NotificationDelivery,
  ) {}

  async handle(job: Job<CourseCompletedEvent, EmailJobResult>): Promise<EmailJobResult> {
    const { userId, courseId, courseTitle } = job.data;
    const result: EmailJobResult = { sent: 0, skipped: 0 };
    const child = await this.links.childProfile(userId);
    if (!child) return result;
    const parents = await this.emails.milestoneRecipients(userId);
    for (const parent of parents) {
      // The bell's item (its own email would repeat the completion email below).
      await this.delivery.deliverOnce(`completed|${userId}|${courseId}`, courseCompletedAlert(parent.id, { id: userId, name: child.name }, courseTitle), { email: false });
      const key = `completed|${parent.id}|${userId}|${courseId}`;
      if (await this.emails.wasSent(key)) {
        result.skipped += 1;
        continue;
      }
      const message = courseCompletedEmail(parent.email, parent.name, child.name, courseTitle, userId, this.settings.portalUrl, readLanguage(parent.preferredLanguage));
      if (!(await this.mailer.send(message)).sent) return result;
      await this.emails.markSent(key, parent.id, 'course_completed');
      result.sent += 1;
    }
    return result;
  }
}
