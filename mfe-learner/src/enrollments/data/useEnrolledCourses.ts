import { courseStatus, lecturesInOrder, type CourseCompletion, type CourseStatus, type EnrolledCourse, type LectureDto } from '@academy/contracts';
import { queryKeys, useApi } from '@academy/platform';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchCourseProgress, fetchEnrolledCourses } from './learningApi';

export interface EnrolledCourseRow {
  course: EnrolledCourse;
  /** Lectures, quizzes and assignments done, the percent and whether the course is complete, by the one rule (`courseCompletion`). */
  completion: CourseCompletion;
  /** The one status (`courseStatus`): the same a linked parent reads. */
  status: CourseStatus;
  /** Where to pick up: the lecture watched last (else the first not completed), its label ("1.2") and saved second. */
  resume: { lecture: LectureDto; label: string; seconds: number } | null;
}

export type EnrolledCoursesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; rows: EnrolledCourseRow[] };

/**
 * The signed-in learner's courses, newest enrolment first (the API lists them oldest first), each with its
 * progress (get-course-progress per course, as the spec says). `enabled` false (signed out) loads nothing.
 * The page shows a failure itself (no toast).
 */
export function useEnrolledCourses(enabled: boolean): EnrolledCoursesState & { reload(): void } {
  const api = useApi();
  const query = useQuery({
    queryKey: queryKeys.learner.enrolledRows(),
    enabled,
    meta: { errorToast: false },
    queryFn: async (): Promise<EnrolledCourseRow[]> => {
      const courses = [...(await fetchEnrolledCourses(api))].reverse();
      const progress = await Promise.all(courses.map((course) => fetchCourseProgress(api, course._id)));
      return courses.map((course, index) => {
        const { lectureCompleted, quizzes, assignments, positions } = progress[index]!;
        const status = courseStatus(course.courseContent, lectureCompleted, quizzes, assignments, Object.keys(positions ?? {}).length > 0);
        return {
          course,
          completion: status.completion,
          status,
          resume: resumePoint(course, progress[index]!.lectureCompleted, progress[index]!.lastLectureId ?? course.lastLectureId, progress[index]!.positions),
        };
      });
    },
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);

  if (query.data) return { status: 'ready', rows: query.data, reload };
  if (query.isError) return { status: 'error', message: query.error.message, reload };
  return { status: 'loading', reload };
}

/** The lecture to resume: the one watched last, or the first not completed; with its saved position. */
export function resumePoint(
  course: EnrolledCourse,
  completed: readonly string[],
  lastLectureId: string | null,
  positions: Record<string, number>,
): EnrolledCourseRow['resume'] {
  const lectures = lecturesInOrder(course.courseContent).filter((entry) => entry.lecture.lectureUrl);
  const done = new Set(completed);
  const entry = lectures.find((candidate) => candidate.lecture.lectureId === lastLectureId) ?? lectures.find((candidate) => !done.has(candidate.lecture.lectureId));
  if (!entry) return null;
  return { lecture: entry.lecture, label: entry.label, seconds: positions[entry.lecture.lectureId] ?? 0 };
}
