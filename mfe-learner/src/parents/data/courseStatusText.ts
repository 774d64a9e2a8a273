import type { ChildCourseProgress, CourseStatusKind, QuizToPass } from '@academy/contracts';
import type { TFunction } from 'i18next';

// The server words a child's course status and certificate line in English (contracts' courseStatus); the parent
// reads them in the language shown, worded here from the same figures.

/** "In progress", … (COURSE_STATUS_LABELS, translated). */
export function statusText(t: TFunction, status: CourseStatusKind): string {
  const labels: Record<CourseStatusKind, string> = {
    'not-started': t('parents.status.notStarted'),
    'in-progress': t('parents.status.inProgress'),
    'quiz-to-pass': t('parents.status.quizToPass'),
    completed: t('parents.status.completed'),
  };
  return labels[status];
}

/** "The cell check: best 20%, pass mark 60%" (or "not attempted yet"): quizToPassText, translated. */
export function quizToPassText(t: TFunction, quiz: QuizToPass): string {
  const best = quiz.bestPercent === null ? t('parents.quiz.notAttempted') : t('parents.quiz.best', { percent: quiz.bestPercent });
  return t('parents.quiz.toPass', { title: quiz.title, best, passMark: quiz.passMark });
}

/**
 * "Ready", or what the certificate still needs ("Needs 2 more lectures to complete; pass …"), as courseStatus words
 * it. The assignments still to hand in or awaiting review are counted only in the server's line, so they are read
 * from it; a line this cannot account for is shown as the server sent it.
 */
export function certificateLineText(t: TFunction, course: ChildCourseProgress): string {
  const line = course.certificateLine;
  if (line === 'Ready') return t('parents.certificate.ready');
  const missing: string[] = [];
  if (course.totalLectures === 0) missing.push(t('parents.certificate.noLectures'));
  else if (course.completedLectures < course.totalLectures) {
    missing.push(t('parents.certificate.moreLectures', { count: course.totalLectures - course.completedLectures }));
  }
  for (const quiz of course.quizzesToPass) missing.push(t('parents.certificate.pass', { quiz: quizToPassText(t, quiz) }));
  const toHandIn = /(\d+) assignments? to hand in/.exec(line);
  if (toHandIn) missing.push(t('parents.certificate.toHandIn', { count: Number(toHandIn[1]) }));
  const awaiting = /(\d+) assignments? awaiting the educator's review/.exec(line);
  if (awaiting) missing.push(t('parents.certificate.awaitingReview', { count: Number(awaiting[1]) }));
  return missing.length > 0 ? t('parents.certificate.needs', { items: missing.join('; ') }) : line;
}
