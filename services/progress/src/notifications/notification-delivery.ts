import {
  assignmentReviewedEventSchema,
  liveClassNoticeSchema,
  type LiveClassNotice,
  type AssignmentReviewedEvent,
  type DoubtAnsweredEvent,
  type DoubtAskedEvent,
  type ParentMessageEvent,
  type UiLanguage,
} from '@academy/contracts';
import { MAILER, Mailer } from '@academy/service-core';
import { Inject, Injectable, Logger } from '@nestjs/common';
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
import { PreferredLanguageRepository } from '../i18n/preferred-language.repository.js';
import { NotificationsRepository } from './notifications.repository.js';
import { notificationView } from './notifications.service.js';

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
    private readonly notifications: NotificationsRepository,
    private readonly languages: PreferredLanguageRepository,
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
    const learners = await this.notifications.enrolledLearners(checked.courseId);
    const eventId = `${checked.classId}|${checked.kind}|${start}`;
    let told = 0;
    let emailed = 0;
    for (const userId of learners) {
      const result = await this.deliver(eventId, liveClassNoticeContent(checked, userId));
      if (result.created) told += 1;
      if (result.emailed) emailed += 1;
    }
    return { told, emailed, stale: false };
  }

  /** Worded in the recipient's language at delivery: the bell's item keeps it, the email uses it too. */
  private async deliver(eventId: string, draft: NotificationDraft, email = true): Promise<DeliveryResult> {
    const dedupeKey = `${draft.kind}|${eventId}|${draft.userId}`;
    const language = await this.languages.of(draft.userId);
    const content = draft.render(language);
    const inserted = await this.notifications.insertOnce({ userId: content.userId, kind: content.kind, title: content.title, link: content.link, dedupeKey });
    const created = inserted !== null;
    if (inserted) {
      await this.bus.publish({ userId: content.userId, unreadCount: await this.notifications.unreadCount(content.userId), notification: notificationView(inserted) });
    }
    return { created, emailed: email ? await this.emailOnce(dedupeKey, content, language) : false };
  }

  private async emailOnce(dedupeKey: string, content: NotificationContent, language: UiLanguage): Promise<boolean> {
    const pending = await this.notifications.pendingEmail(dedupeKey);
    if (!pending || !pending.wanted || !pending.email) return false;
    const outcome = await this.mailer.send(notificationEmail(pending.email, pending.name, content, this.settings.portalUrl, language));
    if (!outcome.sent) return false; // mail is off (no SMTP_URL)
    await this.notifications.markEmailed(pending.id);
    this.logger.log(`${content.kind} emailed to ${content.userId}`);
    return true;
  }
}
