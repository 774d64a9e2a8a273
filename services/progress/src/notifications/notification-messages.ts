import { formatCount, formatDate, formatTime, type AssignmentReviewedEvent, type DoubtAnsweredEvent, type DoubtAskedEvent, type LiveClassNotice, type NotificationKind, type ParentMessageEvent, type UiLanguage } from '@academy/contracts';
import { escapeHtml, type MailMessage } from '@academy/service-core';
import { progressText } from '../i18n/translations.js';

/** What a notification says and where it leads; the same words go in the bell and in the email's subject. */
export interface NotificationContent {
  kind: NotificationKind;
  userId: string;
  title: string;
  /** A portal path. */
  link: string;
  /** One more sentence for the email body. */
  detail: string;
}

/**
 * A notification before its words: the recipient's language is read when it is delivered, then `render` words
 * the bell's title and the email in it.
 */
export interface NotificationDraft {
  kind: NotificationKind;
  userId: string;
  render: (language: UiLanguage) => NotificationContent;
}

/** Keeps a name short enough for a one-line title. */
const short = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A doubt asked in a live class has no lecture until its recording is one: the player opens the course then. */
const playerLink = (courseId: string, lectureId: string | null, doubtId: string) =>
  `/player/${encodeURIComponent(courseId)}?${new URLSearchParams(lectureId ? { lecture: lectureId, doubt: doubtId } : { doubt: doubtId }).toString()}`;

export function doubtAnsweredContent(event: DoubtAnsweredEvent): NotificationDraft {
  return {
    kind: 'doubt_answered',
    userId: event.askerId,
    render: (language) => {
      const t = progressText(language);
      const name = short(event.answererName, 60);
      return {
        kind: 'doubt_answered',
        userId: event.askerId,
        title: t('notifications.doubtAnswered.title', { who: event.byEducator ? t('notifications.doubtAnswered.byEducator', { name }) : name, course: short(event.courseTitle) }),
        link: playerLink(event.courseId, event.lectureId, event.doubtId),
        detail: t('notifications.doubtAnswered.detail'),
      };
    },
  };
}

export function doubtAskedContent(event: DoubtAskedEvent): NotificationDraft {
  return {
    kind: 'doubt_new',
    userId: event.educatorId,
    render: (language) => {
      const t = progressText(language);
      return {
        kind: 'doubt_new',
        userId: event.educatorId,
        title: t('notifications.doubtAsked.title', { asker: short(event.askerName, 60), course: short(event.courseTitle) }),
        link: `/educator/inbox?${new URLSearchParams({ courseId: event.courseId }).toString()}`,
        detail: t('notifications.doubtAsked.detail'),
      };
    },
  };
}

/** `courseTitle` null: the catalogue could not say it ("your course"). */
export function assignmentReviewedContent(event: AssignmentReviewedEvent, courseTitle: string | null): NotificationDraft {
  return {
    kind: 'assignment_reviewed',
    userId: event.learnerId,
    render: (language) => {
      const t = progressText(language);
      return {
        kind: 'assignment_reviewed',
        userId: event.learnerId,
        title: t('notifications.assignmentReviewed.title', {
          course: courseTitle === null ? t('notifications.assignmentReviewed.someCourse') : short(courseTitle),
          marks: formatCount(event.marks, language),
          maxMarks: formatCount(event.maxMarks, language),
        }),
        link: `/player/${encodeURIComponent(event.courseId)}?${new URLSearchParams({ assignment: event.assignmentId }).toString()}`,
        detail: t('notifications.assignmentReviewed.detail'),
      };
    },
  };
}

/** A message between a parent and an educator: the other side hears of it, with where to answer. */
export function parentMessageContent(event: ParentMessageEvent): NotificationDraft {
  return {
    kind: 'parent_message',
    userId: event.recipientId,
    render: (language) => {
      const t = progressText(language);
      const child = event.childName ? short(event.childName, 60) : t('notifications.parentMessage.someChild');
      const course = short(event.courseTitle);
      return event.recipientRole === 'educator'
        ? {
            kind: 'parent_message',
            userId: event.recipientId,
            title: t('notifications.parentMessage.toEducatorTitle', { author: event.authorName ? short(event.authorName, 60) : t('notifications.parentMessage.someParent'), child, course }),
            link: `/educator/inbox?${new URLSearchParams({ thread: event.threadId }).toString()}#parent-threads`,
            detail: t('notifications.parentMessage.toEducatorDetail'),
          }
        : {
            kind: 'parent_message',
            userId: event.recipientId,
            title: t('notifications.parentMessage.toParentTitle', { author: event.authorName ? short(event.authorName, 60) : t('notifications.parentMessage.theEducator'), child, course }),
            link: `/parent/child/${encodeURIComponent(event.childId)}#ask-the-educator`,
            detail: t('notifications.parentMessage.toParentDetail'),
          };
    },
  };
}

/** A live class's reminder (24 h or 15 min before) or its cancellation, to one enrolled learner. */
export function liveClassNoticeContent(notice: LiveClassNotice, userId: string): NotificationDraft {
  return {
    kind: 'live_class',
    userId,
    render: (language) => {
      const t = progressText(language);
      const when = t('notifications.liveClass.when', { date: formatDate(notice.startsAt, language), time: formatTime(notice.startsAt, language) });
      const values = { title: short(notice.title), course: short(notice.courseTitle, 60), when };
      const titles: Record<LiveClassNotice['kind'], string> = {
        'reminder-24h': t('notifications.liveClass.reminder24h', values),
        'reminder-15m': t('notifications.liveClass.reminder15m', values),
        cancelled: t('notifications.liveClass.cancelled', values),
      };
      return {
        kind: 'live_class',
        userId,
        title: titles[notice.kind],
        link: `/course/${encodeURIComponent(notice.courseId)}`,
        detail: notice.kind === 'cancelled' ? t('notifications.liveClass.cancelledDetail') : t('notifications.liveClass.reminderDetail', { when }),
      };
    },
  };
}

const settingsLine = (language: UiLanguage, portalUrl: string, kind: NotificationKind) => {
  const t = progressText(language);
  if (kind === 'parent_alert') return t('email.settings.parentAlert', { url: portalUrl });
  if (kind === 'parent_message') return t('email.settings.parentMessage');
  return t('email.settings.default', { url: portalUrl });
};

/** The email of a notification, in the recipient's language: a plain-text part and a simple HTML part. */
export function notificationEmail(to: string, name: string, content: NotificationContent, portalUrl: string, language: UiLanguage = 'en'): MailMessage {
  const t = progressText(language);
  const link = `${portalUrl}${content.link}`;
  const greeting = name ? t('email.greeting', { name }) : t('email.greetingNoName');
  const settings = settingsLine(language, portalUrl, content.kind);
  const text = [greeting, t('email.titleSentence', { title: content.title }), content.detail, t('email.openIt', { link }), settings].join('\n\n');
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title></head>
<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2937; max-width: 640px;">
<h1 style="font-size: 22px;">${escapeHtml(content.title)}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(content.detail)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t('email.openLink'))}</a></p>
<p style="font-size: 14px;">${escapeHtml(settings)}</p>
</body></html>`;
  return { to, subject: content.title, text, html };
}
