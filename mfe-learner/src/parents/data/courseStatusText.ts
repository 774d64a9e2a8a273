import type { ChildCourseProgress, CourseStatus, QuizToPass } from '@academy/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCourseStatusText } from '../../enrollments/data/courseStatusText';

// The server words a child's course status and certificate line in English (contracts' courseStatus). The parent
// reads them as the child reads them in My Enrollments: the same wording (enrollments' useCourseStatusText),
// rebuilt from the figures the parent's answer carries.

export interface ChildCourseText {
  /** "In progress", …: the status as the child sees it. */
  status(course: ChildCourseProgress): string;
  /** "Ready", or what the certificate still needs ("Needs 2 more lectures to complete; pass …"). */
  certificateLine(course: ChildCourseProgress): string;
  /** "The cell check: best 20%, pass mark 60%" (or "not attempted yet"): the contracts' quizToPassText. */
  quizToPass(quiz: QuizToPass): string;
}

export function useChildCourseText(): ChildCourseText {
  const { t } = useTranslation('learner');
  const courseStatus = useCourseStatusText();
  return useMemo(
    () => ({
      status: (course) => courseStatus.label(course.status),
      certificateLine: (course) => {
        const line = course.certificateLine;
        // The assignments left are counted only in the server's line (the parent's answer has no standings).
        const count = (pattern: RegExp) => Number(pattern.exec(line)?.[1] ?? 0);
        const left = { toHandIn: count(/(\d+) assignments? to hand in/), awaitingReview: count(/(\d+) assignments? awaiting the educator's review/) };
        // certificateLine reads only these parts of the status.
        const status = {
          completion: { complete: line === 'Ready', totalLectures: course.totalLectures, completedLectures: course.completedLectures },
          quizzesToPass: course.quizzesToPass,
        } as CourseStatus;
        return courseStatus.certificateLine(status, left);
      },
      quizToPass: (quiz) =>
        t('parents.quiz.toPass', {
          title: quiz.title,
          best: quiz.bestPercent === null ? t('parents.quiz.notAttempted') : t('parents.quiz.best', { percent: quiz.bestPercent }),
          passMark: quiz.passMark,
        }),
    }),
    [t, courseStatus],
  );
}
