import type { ChildCourseProgress, CourseStatus, QuizToPass } from '@academy/contracts';
import { useMemo } from 'react';
import { useTranslation } from '@academy/platform';
import { useCourseStatusText } from '../../enrollments/data/courseStatusText';

// The server words a child's course status and certificate line in English (contracts' courseStatus). The parent
// reads them as the child reads them in My Enrollments: the same wording (enrollments' useCourseStatusText), from
// the status and the counts the parent's answer carries.

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
        // certificateLine reads only these parts of the status; the counts are the server's (the one rule's).
        const status = {
          completion: { complete: course.status === 'completed', totalLectures: course.totalLectures, completedLectures: course.completedLectures },
          quizzesToPass: course.quizzesToPass,
        } as CourseStatus;
        const needs = course.certificateNeeds;
        return courseStatus.certificateLine(status, { toHandIn: needs.assignmentsToHandIn, awaitingReview: needs.assignmentsAwaitingReview });
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
