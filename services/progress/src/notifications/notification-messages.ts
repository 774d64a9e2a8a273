import { formatDate, type AssignmentReviewedEvent, type DoubtAnsweredEvent, type DoubtAskedEvent, type LiveClassNotice, type NotificationKind } from '@academy/contracts';
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

const settingsLine = (portalUrl: string) =>
  `You get this email because of your notification settings on Academy. To stop emails of this kind, open the bell in the navbar (${portalUrl}) and turn it off under Email settings; the bell keeps showing them.`;

/** The email of a notification: a plain-text part and a simple HTML part (as the parents' emails). */
export function notificationEmail(to: string, name: string, content: NotificationContent, portalUrl: string): MailMessage {
  const link = `${portalUrl}${content.link}`;
  const greeting = `Hello ${name || 'there'},`;
  const text = [greeting, `${content.title}.`, content.detail, `Open it: ${link}`, settingsLine(portalUrl)].join('\n\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.title)}</title></head>
<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2937; max-width: 640px;">
<h1 style="font-size: 22px;">${escapeHtml(content.title)}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(content.detail)}</p>
<p><a href="${escapeHtml(link)}">Open it on Academy</a></p>
<p style="font-size: 14px;">${escapeHtml(settingsLine(portalUrl))}</p>
</body></html>`;
  return { to, subject: content.title, text, html };
}
