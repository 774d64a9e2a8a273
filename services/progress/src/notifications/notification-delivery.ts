import {
  assignmentReviewedEventSchema,
  liveClassNoticeSchema,
  type LiveClassNotice,
  type AssignmentReviewedEvent,
  type DoubtAnsweredEvent,
  type DoubtAskedEvent,
  type NotificationItem,
  type ParentMessageEvent,
  type UiLanguage,
} from '@academy/contracts';
import { MAILER, Mailer } from '@academy/service-core';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { LEARNING_SETTINGS, type LearningSettings } from '../learning/learning-settings.js';
import { NotificationBus } from './notification-bus.js';
import {
  assignmentReviewedContent,
  doubtAnsweredContent,
  doubtAskedContent,
  liveClassNoticeContent,
  notificationEmail,
  parentMessageContent,
  type NotificationContent,
  type NotificationDraft,
} from './notification-messages.js';
import { preferredLanguageOf } from '../i18n/translations.js';
import { NotificationsService, notificationView } from './notifications.service.js';

export interface DeliveryResult {
  /** False when the event had made its notification already (a repeated event) or has nobody to tell. */
  created: boolean;
  emailed: boolean;
}

/**
 * Turns domain events into notifications (worker side). Each event makes at most one notification per recipient
 * (`dedupe_key` = kind, event id, recipient: a repeated or retried event finds it there) and at most one email
 * (`emailed_at`, set after the SMTP server took it; a job that failed before that sends it on its retry). The email
 * goes only when the recipient has not turned the kind off; the bell item is made either way.
 */
@Injectable()
export class NotificationDelivery {
  private readonly logger = new Logger(NotificationDelivery.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly notifications: NotificationsService,
    private readonly bus: NotificationBus,
    private readonly catalogue: CatalogueClient,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(LEARNING_SETTINGS) private readonly settings: LearningSettings,
  ) {}

  /** `doubt.answered`: the asker hears of it (not when they answered their own doubt). */
  doubtAnswered(event: DoubtAnsweredEvent & { eventId: string }): Promise<DeliveryResult> {
    if (event.answererId === event.askerId) return Promise.resolve({ created: false, emailed: false });
    return this.deliver(event.eventId, doubtAnsweredContent(event));
  }

  /** `doubt.asked`: the course's educator hears of it (not when they asked it themselves). */
  doubtAsked(event: DoubtAskedEvent & { eventId: string }): Promise<DeliveryResult> {
    if (event.educatorId === event.askerId) return Promise.resolve({ created: false, emailed: false });
    return this.deliver(event.eventId, doubtAskedContent(event));
  }

  /** `assignment.reviewed` (payload {eventId, courseId, assignmentId, submissionId, learnerId, marks, maxMarks}): the learner hears of it. */
  async assignmentReviewed(event: AssignmentReviewedEvent): Promise<DeliveryResult> {
    const checked = assignmentReviewedEventSchema.parse(event);
    const course = await this.catalogue.course(checked.courseId).catch(() => null);
    return this.deliver(checked.eventId, assignmentReviewedContent(checked, course?.courseTitle ?? null));
  }

  /** `parent.message`: the other side of a parent's thread with an educator hears of it (in the bell and by email). */
  parentMessage(event: ParentMessageEvent & { eventId: string }): Promise<DeliveryResult> {
    return this.deliver(event.eventId, parentMessageContent(event));
  }

  /**
   * Any other producer's notification (parents' alerts and messages): `eventKey` names the event (once per key and
   * recipient, however often it is delivered); `email: false` when the producer sends its own email.
   */
  deliverOnce(eventKey: string, draft: NotificationDraft, options: { email?: boolean } = {}): Promise<DeliveryResult> {
    return this.deliver(eventKey, draft, options.email ?? true);
  }


  /**
   * A live class's reminder or cancellation: every learner enrolled now hears of it once (the event id names the
   * class, kind and start). A reminder whose class has moved, started or been cancelled since it was queued tells
   * nobody; so does a cancellation of a class that is not cancelled.
   */
  async liveClassNotice(notice: LiveClassNotice): Promise<{ told: number; emailed: number; stale: boolean }> {
    const checked = liveClassNoticeSchema.parse(notice);
    const current = await this.catalogue.liveClass(checked.classId);
    const start = Date.parse(checked.startsAt);
    const stale =
      !current ||
      (checked.kind === 'cancelled' ? current.status !== 'cancelled' : current.status !== 'scheduled' || Date.parse(current.startsAt) !== start);
    if (stale) return { told: 0, emailed: 0, stale: true };
    const learners: { user_id: string }[] = await this.dataSource.query(
      `SELECT "user_id" FROM "progress"."enrolments" WHERE "course_id" = $1 ORDER BY "user_id"`,
      [checked.courseId],
    );
    const eventId = `${checked.classId}|${checked.kind}|${start}`;
    let told = 0;
    let emailed = 0;
    for (const { user_id: userId } of learners) {
      const result = await this.deliver(eventId, liveClassNoticeContent(checked, userId));
      if (result.created) told += 1;
      if (result.emailed) emailed += 1;
    }
    return { told, emailed, stale: false };
  }

  /** Worded in the recipient's language at delivery: the bell's item keeps it, the email uses it too. */
  private async deliver(eventId: string, draft: NotificationDraft, email = true): Promise<DeliveryResult> {
    const dedupeKey = `${draft.kind}|${eventId}|${draft.userId}`;
    const language = await preferredLanguageOf(this.dataSource, draft.userId);
    const content = draft.render(language);
    const inserted: Array<{ id: string; kind: NotificationItem['kind']; title: string; link: string; read_at: Date | null; created_at: Date }> =
      await this.dataSource.query(
        `INSERT INTO "progress"."notifications" ("user_id", "kind", "title", "link", "dedupe_key") VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT ("dedupe_key") DO NOTHING
         RETURNING "id", "kind", "title", "link", "read_at", "created_at"`,
        [content.userId, content.kind, content.title, content.link, dedupeKey],
      );
    const created = inserted.length > 0;
    if (created) {
      await this.bus.publish({ userId: content.userId, unreadCount: await this.notifications.unreadCount(content.userId), notification: notificationView(inserted[0]!) });
    }
    return { created, emailed: email ? await this.emailOnce(dedupeKey, content, language) : false };
  }

  private async emailOnce(dedupeKey: string, content: NotificationContent, language: UiLanguage): Promise<boolean> {
    const [pending]: { id: string; email: string; name: string; wanted: boolean }[] = await this.dataSource.query(
      `SELECT n."id", coalesce(u."email", '') AS "email", coalesce(u."name", '') AS "name",
              coalesce((to_jsonb(s) ->> n."kind")::boolean, true) AS "wanted"
         FROM "progress"."notifications" n
         LEFT JOIN "progress"."users" u ON u."id" = n."user_id"
         LEFT JOIN "progress"."notification_email_settings" s ON s."user_id" = n."user_id"
        WHERE n."dedupe_key" = $1 AND n."emailed_at" IS NULL`,
      [dedupeKey],
    );
    if (!pending || !pending.wanted || !pending.email) return false;
    const outcome = await this.mailer.send(notificationEmail(pending.email, pending.name, content, this.settings.portalUrl, language));
    if (!outcome.sent) return false; // mail is off (no SMTP_URL)
    await this.dataSource.query(`UPDATE "progress"."notifications" SET "emailed_at" = now() WHERE "id" = $1`, [pending.id]);
    this.logger.log(`${content.kind} emailed to ${content.userId}`);
    return true;
  }
}
