import { DEFAULT_INACTIVITY_DAYS, formatCount, quizzesOf, type UiLanguage } from '@academy/contracts';
import { JobHandler, type JobProcessor } from '@academy/service-core';
import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { NotificationDelivery } from '../notifications/notification-delivery.js';
import type { NotificationDraft } from '../notifications/notification-messages.js';
import { progressText } from '../i18n/translations.js';
import { ProgressJob } from '../queue/progress-jobs.js';
import { ParentLinksRepository } from './parent-links.repository.js';

export interface ParentAlertsData {
  /** The moment the run is for (tests pass one); default: now. */
  now?: string;
}

export interface ParentAlertsResult {
  /** Alerts made by this run (each once per parent, child and period: a repeated run makes none again). */
  inactive: number;
  quizFailedTwice: number;
}

const DAY_MS = 86_400_000;
const childLink = (childId: string) => `/parent/child/${encodeURIComponent(childId)}`;
const named = (name: string, language: UiLanguage) => name || progressText(language)('alerts.someChild');

/** A parent's alert, worded in the parent's language when it is delivered. */
function parentAlert(parentId: string, childId: string, words: (language: UiLanguage) => { title: string; detail: string }): NotificationDraft {
  return {
    kind: 'parent_alert',
    userId: parentId,
    render: (language) => ({ kind: 'parent_alert', userId: parentId, link: childLink(childId), ...words(language) }),
  };
}

/** "Aarav has not studied for 4 days": the quiet spell is dated from the child's last activity. */
export function inactiveAlert(parentId: string, child: { id: string; name: string }, days: number): NotificationDraft {
  return parentAlert(parentId, child.id, (language) => {
    const t = progressText(language);
    const values = { child: named(child.name, language), count: days, days: formatCount(days, language) };
    return { title: t('alerts.inactiveTitle', values), detail: t('alerts.inactiveDetail', values) };
  });
}

export function quizFailedTwiceAlert(
  parentId: string,
  child: { id: string; name: string },
  quiz: { title: string; bestPercent: number; passMark: number },
  courseTitle: string,
): NotificationDraft {
  return parentAlert(parentId, child.id, (language) => {
    const t = progressText(language);
    return {
      title: t('alerts.quizFailedTwiceTitle', { child: named(child.name, language), quiz: quiz.title, course: courseTitle }),
      detail: t('alerts.quizFailedTwiceDetail', { best: formatCount(quiz.bestPercent, language), passMark: formatCount(quiz.passMark, language) }),
    };
  });
}

export function courseCompletedAlert(parentId: string, child: { id: string; name: string }, courseTitle: string): NotificationDraft {
  return parentAlert(parentId, child.id, (language) => {
    const t = progressText(language);
    return { title: t('alerts.courseCompletedTitle', { child: named(child.name, language), course: courseTitle }), detail: t('alerts.courseCompletedDetail') };
  });
}

/**
 * Repeatable (PARENT_ALERTS_CRON, hourly by default). For each parent who has not turned the alert off:
 * - a linked child enrolled in a course who has not studied (lecture completed, playback saved, quiz attempted) for
 *   the parent's number of days, counted from the last activity or from the link when there was none since: one
 *   alert per quiet spell (the period is the last activity's moment; studying again starts a new one);
 * - a child who failed a quiz twice (a second failed attempt after the link was made) without passing it since:
 *   one alert per quiz.
 * Each alert is a notification with its email; the notification's unique key makes a repeated run send nothing.
 */
@Injectable()
@JobHandler(ProgressJob.ParentAlerts)
export class ParentAlertsJob implements JobProcessor<ParentAlertsData, ParentAlertsResult> {
  private readonly logger = new Logger(ParentAlertsJob.name);

  constructor(
    private readonly links: ParentLinksRepository,
    private readonly delivery: NotificationDelivery,
    private readonly catalogue: CatalogueClient,
  ) {}

  async handle(job: Job<ParentAlertsData, ParentAlertsResult>): Promise<ParentAlertsResult> {
    const now = job.data.now ? new Date(job.data.now) : new Date();
    const result: ParentAlertsResult = { inactive: 0, quizFailedTwice: 0 };
    result.inactive = await this.quietChildren(now);
    result.quizFailedTwice = await this.quizzesFailedTwice();
    if (result.inactive + result.quizFailedTwice > 0) this.logger.log(`parent alerts: ${result.inactive} quiet, ${result.quizFailedTwice} quiz failed twice`);
    return result;
  }

  private async quietChildren(now: Date): Promise<number> {
    const rows = await this.links.quietChildren(now, DEFAULT_INACTIVITY_DAYS);
    let made = 0;
    for (const row of rows) {
      const lastActive = new Date(row.lastActive);
      const days = Math.floor((now.getTime() - lastActive.getTime()) / DAY_MS);
      const key = `inactive|${row.childId}|${lastActive.toISOString()}`;
      const { created } = await this.delivery.deliverOnce(key, inactiveAlert(row.parentId, { id: row.childId, name: row.childName }, days));
      if (created) made += 1;
    }
    return made;
  }

  private async quizzesFailedTwice(): Promise<number> {
    const rows = await this.links.quizzesFailedTwice();
    if (rows.length === 0) return 0;
    const courses = await this.catalogue.courses([...new Set(rows.map((row) => row.courseId))]);
    let made = 0;
    for (const row of rows) {
      const course = courses.get(row.courseId);
      const quiz = course ? quizzesOf(course.courseContent).find((entry) => entry.quizId === row.quizId) : undefined;
      if (!course || !quiz) continue; // a quiz no longer in the course is not reported
      const key = `quiz-failed-twice|${row.childId}|${row.quizId}`;
      const content = quizFailedTwiceAlert(row.parentId, { id: row.childId, name: row.childName }, { title: quiz.title, bestPercent: row.bestPercent, passMark: quiz.passMark }, course.courseTitle);
      const { created } = await this.delivery.deliverOnce(key, content);
      if (created) made += 1;
    }
    return made;
  }
}
