import { formatDate, type AssignmentReviewedEvent, type DoubtAnsweredEvent, type DoubtAskedEvent, type LiveClassNotice, type NotificationKind, type ParentMessageEvent } from '@academy/contracts';
import { escapeHtml, type MailMessage } from '@academy/service-core';

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

/** Keeps a name short enough for a one-line title. */
const short = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const playerLink = (courseId: string, lectureId: string, doubtId: string) =>
  `/player/${encodeURIComponent(courseId)}?${new URLSearchParams({ lecture: lectureId, doubt: doubtId }).toString()}`;

export function doubtAnsweredContent(event: DoubtAnsweredEvent): NotificationContent {
  const who = event.byEducator ? `${short(event.answererName, 60)} (educator)` : short(event.answererName, 60);
  return {
    kind: 'doubt_answered',
    userId: event.askerId,
    title: `${who} answered your doubt in ${short(event.courseTitle)}`,
    link: playerLink(event.courseId, event.lectureId, event.doubtId),
    detail: 'Open the lecture to read the answer, and mark your doubt resolved when it helped.',
  };
}

export function doubtAskedContent(event: DoubtAskedEvent): NotificationContent {
  return {
    kind: 'doubt_new',
    userId: event.educatorId,
    title: `${short(event.askerName, 60)} asked a doubt in ${short(event.courseTitle)}`,
    link: `/educator/inbox?${new URLSearchParams({ courseId: event.courseId }).toString()}`,
    detail: 'It waits in your inbox with the other unanswered doubts of your courses.',
  };
}

export function assignmentReviewedContent(event: AssignmentReviewedEvent, courseTitle: string): NotificationContent {
  return {
    kind: 'assignment_reviewed',
    userId: event.learnerId,
    title: `Your assignment in ${short(courseTitle)} was reviewed: ${event.marks}/${event.maxMarks}`,
    link: `/player/${encodeURIComponent(event.courseId)}?${new URLSearchParams({ assignment: event.assignmentId }).toString()}`,
    detail: "Open the course to read the educator's feedback.",
  };
}

/** A message between a parent and an educator: the other side hears of it, with where to answer. */
export function parentMessageContent(event: ParentMessageEvent): NotificationContent {
  const child = short(event.childName || 'a child', 60);
  return event.recipientRole === 'educator'
    ? {
        kind: 'parent_message',
        userId: event.recipientId,
        title: `${short(event.authorName || 'A parent', 60)} (parent of ${child}) wrote about ${short(event.courseTitle)}`,
        link: `/educator/inbox?${new URLSearchParams({ thread: event.threadId }).toString()}#parent-threads`,
        detail: 'Read and answer it under Messages from parents in your inbox.',
      }
    : {
        kind: 'parent_message',
        userId: event.recipientId,
        title: `${short(event.authorName || 'The educator', 60)} answered about ${child}'s ${short(event.courseTitle)}`,
        link: `/parent/child/${encodeURIComponent(event.childId)}#ask-the-educator`,
        detail: "Read it on your child's report, under Ask the educator.",
      };
}

const istTime = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Asia/Kolkata' });

/** A live class's reminder (24 h or 15 min before) or its cancellation, to one enrolled learner. */
export function liveClassNoticeContent(notice: LiveClassNotice, userId: string): NotificationContent {
  const when = `${formatDate(notice.startsAt)} at ${istTime.format(new Date(notice.startsAt))} IST`;
  const titles: Record<LiveClassNotice['kind'], string> = {
    'reminder-24h': `Live class tomorrow: ${short(notice.title)} (${short(notice.courseTitle, 60)}), ${when}`,
    'reminder-15m': `Live class in 15 minutes: ${short(notice.title)} (${short(notice.courseTitle, 60)})`,
    cancelled: `Live class cancelled: ${short(notice.title)} (${short(notice.courseTitle, 60)}), which was on ${when}`,
  };
  return {
    kind: 'live_class',
    userId,
    title: titles[notice.kind],
    link: `/course/${encodeURIComponent(notice.courseId)}`,
    detail: notice.kind === 'cancelled' ? 'Your educator cancelled it; the course page shows the classes still planned.' : `It starts ${when}. Open the course page to join when it is live.`,
  };
}

const settingsLine = (portalUrl: string, kind: NotificationKind) => {
  if (kind === 'parent_alert') return `You get this email because you follow your child on Academy. To change or stop these alerts, open My Children (${portalUrl}/parent) and choose under Alerts and emails.`;
  if (kind === 'parent_message') return 'You get this email because you take part in this conversation about a child\'s course on Academy.';
  return `You get this email because of your notification settings on Academy. To stop emails of this kind, open the bell in the navbar (${portalUrl}) and turn it off under Email settings; the bell keeps showing them.`;
};

/** The email of a notification: a plain-text part and a simple HTML part (as the parents' emails). */
export function notificationEmail(to: string, name: string, content: NotificationContent, portalUrl: string): MailMessage {
  const link = `${portalUrl}${content.link}`;
  const greeting = `Hello ${name || 'there'},`;
  const text = [greeting, `${content.title}.`, content.detail, `Open it: ${link}`, settingsLine(portalUrl, content.kind)].join('\n\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title></head>
<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2937; max-width: 640px;">
<h1 style="font-size: 22px;">${escapeHtml(content.title)}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(content.detail)}</p>
<p><a href="${escapeHtml(link)}">Open it on Academy</a></p>
<p style="font-size: 14px;">${escapeHtml(settingsLine(portalUrl, content.kind))}</p>
</body></html>`;
  return { to, subject: content.title, text, html };
}
