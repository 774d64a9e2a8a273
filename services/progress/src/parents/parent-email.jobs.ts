import { JobHandler, MAILER, Mailer, readLanguage, type JobProcessor } from '@academy/service-core';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { LEARNING_SETTINGS, type LearningSettings } from '../learning/learning-settings.js';
import { ProgressJob, type CourseCompletedEvent } from '../queue/progress-jobs.js';
import { courseCompletedEmail, weeklyProgressEmail, type ChildWeek } from './parent-emails.js';
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

/** Remembers an email once sent; false when it had been sent already (the job then skips it). */
async function alreadySent(dataSource: DataSource, key: string): Promise<boolean> {
  const rows: unknown[] = await dataSource.query('SELECT 1 FROM "progress"."parent_emails_sent" WHERE "key" = $1', [key]);
  return rows.length > 0;
}

async function markSent(dataSource: DataSource, key: string, parentId: string, kind: 'weekly' | 'course_completed'): Promise<void> {
  await dataSource.query(
    `INSERT INTO "progress"."parent_emails_sent" ("key", "parent_id", "kind") VALUES ($1, $2, $3) ON CONFLICT ("key") DO NOTHING`,
    [key, parentId, kind],
  );
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
    private readonly dataSource: DataSource,
    private readonly links: ParentLinksService,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(LEARNING_SETTINGS) private readonly settings: LearningSettings,
  ) {}

  async handle(job: Job<WeeklyEmailData, EmailJobResult>): Promise<EmailJobResult> {
    const period = job.data.periodKey ?? weekPeriodKey(new Date());
    const result: EmailJobResult = { sent: 0, skipped: 0 };
    const parents: { id: string; name: string; email: string; preferred_language: string | null }[] = await this.dataSource.query(
      `SELECT DISTINCT u."id", u."name", u."email", u."preferred_language" FROM "progress"."parent_links" l
         JOIN "progress"."users" u ON u."id" = l."parent_id"
         LEFT JOIN "progress"."parent_email_settings" s ON s."parent_id" = l."parent_id"
        WHERE COALESCE(s."weekly_progress", true) AND u."email" <> ''
        ORDER BY u."id"`,
    );
    for (const parent of parents) {
      const key = `weekly|${parent.id}|${period}`;
      if (await alreadySent(this.dataSource, key)) {
        result.skipped += 1;
        continue;
      }
      const children: ChildWeek[] = await this.links.childWeeks(parent.id);
      if (children.length === 0) continue;
      const outcome = await this.mailer.send(weeklyProgressEmail(parent.email, parent.name, children, this.settings.portalUrl, readLanguage(parent.preferred_language)));
      if (!outcome.sent) return result; // mail is off (no SMTP_URL): nothing is marked as sent
      await markSent(this.dataSource, key, parent.id, 'weekly');
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
    private readonly dataSource: DataSource,
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
    const parents: { id: string; name: string; email: string; preferred_language: string | null }[] = await this.dataSource.query(
      `SELECT u."id", u."name", u."email", u."preferred_language" FROM "progress"."parent_links" l
         JOIN "progress"."users" u ON u."id" = l."parent_id"
         LEFT JOIN "progress"."parent_email_settings" s ON s."parent_id" = l."parent_id"
        WHERE l."child_id" = $1 AND COALESCE(s."milestones", true) AND u."email" <> ''
        ORDER BY u."id"`,
      [userId],
    );
    for (const parent of parents) {
      // The bell's item (its own email would repeat the completion email below).
      await this.delivery.deliverOnce(`completed|${userId}|${courseId}`, courseCompletedAlert(parent.id, { id: userId, name: child.name }, courseTitle), { email: false });
      const key = `completed|${parent.id}|${userId}|${courseId}`;
      if (await alreadySent(this.dataSource, key)) {
        result.skipped += 1;
        continue;
      }
      const message = courseCompletedEmail(parent.email, parent.name, child.name, courseTitle, userId, this.settings.portalUrl, readLanguage(parent.preferred_language));
      if (!(await this.mailer.send(message)).sent) return result;
      await markSent(this.dataSource, key, parent.id, 'course_completed');
      result.sent += 1;
    }
    return result;
  }
}
