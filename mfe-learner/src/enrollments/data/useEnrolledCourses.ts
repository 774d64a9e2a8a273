import { countLectures, type EnrolledCourse, type LearnerProgressData } from '@academy/contracts';
import { errorMessage, useApi } from '@academy/platform';
import { useCallback, useEffect, useState } from 'react';
import { fetchCourseProgress, fetchEnrolledCourses } from './learningApi';

export interface EnrolledCourseRow {
  course: EnrolledCourse;
  totalLectures: number;
  completedLectures: number;
}

export type EnrolledCoursesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; rows: EnrolledCourseRow[] };

/**
 * The signed-in learner's courses, newest enrolment first (the API lists them oldest first), each with its
 * progress (get-course-progress per course, as the spec says). `enabled` false (signed out) loads nothing.
 */
export function useEnrolledCourses(enabled: boolean): EnrolledCoursesState & { reload(): void } {
  const api = useApi();
  const [state, setState] = useState<EnrolledCoursesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setState((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    (async () => {
      const courses = [...(await fetchEnrolledCourses(api))].reverse();
      const progress: LearnerProgressData[] = await Promise.all(courses.map((course) => fetchCourseProgress(api, course._id)));
      return courses.map((course, index) => {
        const lectureIds = new Set(course.courseContent.flatMap((chapter) => chapter.chapterContent.map((lecture) => lecture.lectureId)));
        return {
          course,
          totalLectures: countLectures(course.courseContent),
          completedLectures: progress[index]!.lectureCompleted.filter((id) => lectureIds.has(id)).length,
        };
      });
    })().then(
      (rows) => current && setState({ status: 'ready', rows }),
      (error: unknown) => current && setState({ status: 'error', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [api, enabled, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { ...state, reload };
}
