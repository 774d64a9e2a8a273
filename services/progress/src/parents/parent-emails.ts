import { formatDate, pluralize, type ChildCourseProgress, type LinkedPerson } from '@academy/contracts';
import { escapeHtml, type MailMessage } from '@academy/service-core';

export interface ChildWeek {
  child: LinkedPerson;
  courses: ChildCourseProgress[];
  /** Lectures completed in the last 7 days, over every course. */
  lecturesThisWeek: number;
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2937; max-width: 640px;">
${body}
</body></html>`;

const settingsLine = (portalUrl: string) =>
  `You get this email because you linked your child on Academy. To stop these emails, open My Children (${portalUrl}/parent) and turn them off under Email settings.`;

function courseLine(course: ChildCourseProgress): string {
  const last = course.lastActivityAt ? `, last active ${formatDate(course.lastActivityAt)}` : '';
  const assignments = course.totalAssignments > 0 ? `, ${course.reviewedAssignments} of ${pluralize(course.totalAssignments, 'assignment')} reviewed` : '';
  const certificate = course.status === 'completed' ? ', certificate ready' : ` (certificate: ${course.certificateLine.replace(/^Needs /, 'needs ')})`;
  return `${course.courseTitle}: ${course.completedLectures} of ${pluralize(course.totalLectures, 'lecture')} complete${assignments} (${course.percent}%), ${course.statusLabel}${last}${certificate}`;
}

/** The weekly summary: one section per linked child, a plain-text part with the same content. */
export function weeklyProgressEmail(to: string, parentName: string, children: ChildWeek[], portalUrl: string): MailMessage {
  const subject = 'Your weekly progress summary from Academy';
  const greeting = `Hello ${parentName || 'there'},`;
  const textSections = children.map((entry) => {
    const lines = entry.courses.length > 0 ? entry.courses.map((course) => `- ${courseLine(course)}`) : ['- Not enrolled in any course yet'];
    return `${entry.child.name}: ${pluralize(entry.lecturesThisWeek, 'lecture')} completed this week\n${lines.join('\n')}`;
  });
  const text = [greeting, "Here is how your children's learning went this week.", ...textSections, `See more: ${portalUrl}/parent`, settingsLine(portalUrl)].join('\n\n');
  const htmlSections = children
    .map((entry) => {
      const items =
        entry.courses.length > 0
          ? entry.courses.map((course) => `<li>${escapeHtml(courseLine(course))}</li>`).join('')
          : '<li>Not enrolled in any course yet</li>';
      return `<h2 style="font-size: 20px;">${escapeHtml(entry.child.name)}</h2>
<p>${escapeHtml(pluralize(entry.lecturesThisWeek, 'lecture'))} completed this week.</p>
<ul>${items}</ul>`;
    })
    .join('\n');
  const html = page(
    subject,
    `<h1 style="font-size: 24px;">Weekly progress summary</h1>
<p>${escapeHtml(greeting)}</p>
<p>Here is how your children's learning went this week.</p>
${htmlSections}
<p><a href="${escapeHtml(portalUrl)}/parent">See your children's progress on Academy</a></p>
<p style="font-size: 14px;">${escapeHtml(settingsLine(portalUrl))}</p>`,
  );
  return { to, subject, text, html };
}

/** Sent to each linked parent when a child completes a course (its certificate can then be downloaded). */
export function courseCompletedEmail(to: string, parentName: string, childName: string, courseTitle: string, childId: string, portalUrl: string): MailMessage {
  const subject = `${childName} completed ${courseTitle}`;
  const link = `${portalUrl}/parent/child/${encodeURIComponent(childId)}`;
  const text = [
    `Hello ${parentName || 'there'},`,
    `${childName} has completed every lecture of "${courseTitle}" and earned its certificate of completion.`,
    `You can download the certificate from ${link}`,
    settingsLine(portalUrl),
  ].join('\n\n');
  const html = page(
    subject,
    `<h1 style="font-size: 24px;">${escapeHtml(childName)} completed a course</h1>
<p>${escapeHtml(`Hello ${parentName || 'there'},`)}</p>
<p>${escapeHtml(childName)} has completed every lecture of <strong>${escapeHtml(courseTitle)}</strong> and earned its certificate of completion.</p>
<p><a href="${escapeHtml(link)}">Download the certificate</a></p>
<p style="font-size: 14px;">${escapeHtml(settingsLine(portalUrl))}</p>`,
  );
  return { to, subject, text, html };
}
