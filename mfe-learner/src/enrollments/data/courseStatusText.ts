import type { AssignmentStanding, ChapterDto, CourseStatus, CourseStatusKind } from '@academy/contracts';
import { useMemo } from 'react';
import { useTranslation } from '@academy/platform';

/** The course's assignments still between the learner and the certificate, counted as the contracts' courseStatus counts them. */
export interface AssignmentsLeft {
  toHandIn: number;
  awaitingReview: number;
}

export function assignmentsLeft(chapters: readonly ChapterDto[], assignments: readonly AssignmentStanding[]): AssignmentsLeft {
  // One under a chapter the course no longer has does not count.
  const chapterIds = new Set(chapters.map((chapter) => chapter.chapterId));
  const ofCourse = assignments.filter((assignment) => chapterIds.has(assignment.chapterId));
  return {
    toHandIn: ofCourse.filter((assignment) => !assignment.submitted && !assignment.reviewed).length,
    awaitingReview: ofCourse.filter((assignment) => assignment.submitted && !assignment.reviewed).length,
  };
}

export interface CourseStatusText {
  /** "Not started", "In progress", "Lectures done, quiz to pass", "Completed". */
  label(kind: CourseStatusKind): string;
  /**
   * The certificate line, "Ready" or "Needs …", in the language shown: the contracts' `certificateLine` (English
   * only) rebuilt from the status's parts, item for item in the same order.
   */
  certificateLine(status: CourseStatus, left: AssignmentsLeft): string;
}

export function useCourseStatusText(): CourseStatusText {
  const { t } = useTranslation('learner');
  return useMemo(() => {
    const labels: Record<CourseStatusKind, string> = {
      'not-started': t('enrollments.status.notStarted'),
      'in-progress': t('enrollments.status.inProgress'),
      'quiz-to-pass': t('enrollments.status.quizToPass'),
      completed: t('enrollments.status.completed'),
    };
    return {
      label: (kind) => labels[kind],
      certificateLine: ({ completion, quizzesToPass }, left) => {
        if (completion.complete) return t('enrollments.certificate.ready');
        const needs: string[] = [];
        if (completion.totalLectures === 0) needs.push(t('enrollments.certificate.noLectures'));
        else if (completion.completedLectures < completion.totalLectures) {
          needs.push(t('enrollments.certificate.lecturesLeft', { count: completion.totalLectures - completion.completedLectures }));
        }
        for (const quiz of quizzesToPass) {
          needs.push(
            quiz.bestPercent === null
              ? t('enrollments.certificate.passQuizNotAttempted', { title: quiz.title, passMark: quiz.passMark })
              : t('enrollments.certificate.passQuiz', { title: quiz.title, best: quiz.bestPercent, passMark: quiz.passMark }),
          );
        }
        if (left.toHandIn > 0) needs.push(t('enrollments.certificate.toHandIn', { count: left.toHandIn }));
        if (left.awaitingReview > 0) needs.push(t('enrollments.certificate.awaitingReview', { count: left.awaitingReview }));
        return t('enrollments.certificate.needs', { needs: needs.join('; ') });
      },
    };
  }, [t]);
}
