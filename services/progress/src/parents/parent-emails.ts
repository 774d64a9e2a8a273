import { formatCount, formatDate, type ChildCourseProgress, type LinkedPerson, type UiLanguage } from '@academy/contracts';
import { escapeHtml, type MailMessage, type Translate } from '@academy/service-core';
import { progressText } from '../i18n/translations.js';

export interface ChildWeek {
  child: LinkedPerson;
  courses: ChildCourseProgress[];
  /** Lectures completed in the last 7 days, over every course. */
  lecturesThisWeek: number;
}

const page = (language: UiLanguage, title: string, body: string) => `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2937; max-width: 640px;">
${body}
</body></html>`;

const greetingOf = (t: Translate, name: string) => (name ? t('email.greeting', { name }) : t('email.greetingNoName'));

/** What the certificate still needs, worded in the parent's language from the counts (the status rule's). */
function certificateNeeds(t: Translate, language: UiLanguage, course: ChildCourseProgress): string {
  const needs = course.certificateNeeds;
  const count = (n: number) => ({ count: n, n: formatCount(n, language) });
  const parts: string[] = [];
  if (needs.noLectures) parts.push(t('weekly.needs.noLectures'));
  if (needs.lecturesLeft > 0) parts.push(t('weekly.needs.lectures', count(needs.lecturesLeft)));
  for (const quiz of course.quizzesToPass) {
    const best = quiz.bestPercent === null ? t('weekly.needs.notAttempted') : t('weekly.needs.best', { percent: formatCount(quiz.bestPercent, language) });
    parts.push(t('weekly.needs.quiz', { quiz: quiz.title, best, passMark: formatCount(quiz.passMark, language) }));
  }
  if (needs.assignmentsToHandIn > 0) parts.push(t('weekly.needs.toHandIn', count(needs.assignmentsToHandIn)));
  if (needs.assignmentsAwaitingReview > 0) parts.push(t('weekly.needs.awaitingReview', count(needs.assignmentsAwaitingReview)));
  return parts.join(t('weekly.needsSeparator'));
}

function courseLine(t: Translate, language: UiLanguage, course: ChildCourseProgress): string {
  const count = (n: number) => ({ count: n, n: formatCount(n, language) });
  return t('weekly.courseLine', {
    title: course.courseTitle,
    completed: formatCount(course.completedLectures, language),
    lectures: t('weekly.lectureCount', count(course.totalLectures)),
    assignments:
      course.totalAssignments > 0
        ? t('weekly.assignmentsReviewed', { reviewed: formatCount(course.reviewedAssignments, language), assignments: t('weekly.assignmentCount', count(course.totalAssignments)) })
        : '',
    percent: formatCount(course.percent, language),
    status: t(`weekly.status.${course.status}`),
    last: course.lastActivityAt ? t('weekly.lastActive', { date: formatDate(course.lastActivityAt, language) }) : '',
    certificate: course.status === 'completed' ? t('weekly.certificateReady') : t('weekly.certificateNeeds', { needs: certificateNeeds(t, language, course) }),
  });
}

/** The weekly summary in the parent's language: one section per linked child, a plain-text part with the same content. */
export function weeklyProgressEmail(to: string, parentName: string, children: ChildWeek[], portalUrl: string, language: UiLanguage = 'en'): MailMessage {
  const t = progressText(language);
  const subject = t('weekly.subject');
  const greeting = greetingOf(t, parentName);
  const settings = t('weekly.settings', { url: portalUrl });
  const week = (entry: ChildWeek) => ({ child: entry.child.name, count: entry.lecturesThisWeek, lectures: formatCount(entry.lecturesThisWeek, language) });
  const textSections = children.map((entry) => {
    const lines = entry.courses.length > 0 ? entry.courses.map((course) => `- ${courseLine(t, language, course)}`) : [`- ${t('weekly.notEnrolled')}`];
    return `${t('weekly.childWeek', week(entry))}\n${lines.join('\n')}`;
  });
  const text = [greeting, t('weekly.intro'), ...textSections, t('weekly.seeMore', { link: `${portalUrl}/parent` }), settings].join('\n\n');
  const htmlSections = children
    .map((entry) => {
      const items =
        entry.courses.length > 0
          ? entry.courses.map((course) => `<li>${escapeHtml(courseLine(t, language, course))}</li>`).join('')
          : `<li>${escapeHtml(t('weekly.notEnrolled'))}</li>`;
      return `<h2 style="font-size: 20px;">${escapeHtml(entry.child.name)}</h2>
<p>${escapeHtml(t('weekly.childWeekHtml', week(entry)))}</p>
<ul>${items}</ul>`;
    })
    .join('\n');
  const html = page(
    language,
    subject,
    `<h1 style="font-size: 24px;">${escapeHtml(t('weekly.heading'))}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t('weekly.intro'))}</p>
${htmlSections}
<p><a href="${escapeHtml(portalUrl)}/parent">${escapeHtml(t('weekly.seeMoreLink'))}</a></p>
<p style="font-size: 14px;">${escapeHtml(settings)}</p>`,
  );
  return { to, subject, text, html };
}

/** Sent to each linked parent, in their language, when a child completes a course (its certificate can then be downloaded). */
export function courseCompletedEmail(
  to: string,
  parentName: string,
  childName: string,
  courseTitle: string,
  childId: string,
  portalUrl: string,
  language: UiLanguage = 'en',
): MailMessage {
  const t = progressText(language);
  const child = childName || t('courseCompleted.someChild');
  const subject = t('courseCompleted.subject', { child, course: courseTitle });
  const link = `${portalUrl}/parent/child/${encodeURIComponent(childId)}`;
  const greeting = greetingOf(t, parentName);
  const settings = t('weekly.settings', { url: portalUrl });
  const text = [greeting, t('courseCompleted.body', { child, course: courseTitle }), t('courseCompleted.download', { link }), settings].join('\n\n');
  const html = page(
    language,
    subject,
    `<h1 style="font-size: 24px;">${escapeHtml(t('courseCompleted.heading', { child }))}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${t('courseCompleted.bodyHtml', { child: escapeHtml(child), course: escapeHtml(courseTitle) })}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(t('courseCompleted.downloadLink'))}</a></p>
<p style="font-size: 14px;">${escapeHtml(settings)}</p>`,
  );
  return { to, subject, text, html };
}
