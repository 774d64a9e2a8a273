import { useCallback, useEffect, useState } from 'react';
import type { CourseDetail } from '@academy/contracts';
import { ApiError, errorMessage, useApi, useToast } from '@academy/platform';
import { fetchCourseDetail } from './catalogueApi';

export type CourseDetailState =
  | { status: 'loading' }
  | { status: 'ready'; course: CourseDetail }
  | { status: 'not-found' }
  | { status: 'error'; message: string; retry(): void };

/** 404 (unknown or unpublished) and 400 (malformed id) both mean there is no such course to show. */
function isMissingCourse(failure: unknown): boolean {
  return failure instanceof ApiError && (failure.status === 404 || failure.status === 400);
}

export function useCourseDetail(courseId: string | undefined): CourseDetailState {
  const api = useApi();
  const toast = useToast();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Exclude<CourseDetailState, { status: 'error' }> | { status: 'error'; message: string }>(
    { status: 'loading' },
  );
  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    if (!courseId) {
      setState({ status: 'not-found' });
      return;
    }
    let isCurrent = true;
    setState({ status: 'loading' });
    fetchCourseDetail(api, courseId).then(
      (course) => {
        if (isCurrent) setState({ status: 'ready', course });
      },
      (failure: unknown) => {
        if (!isCurrent) return;
        if (isMissingCourse(failure)) {
          setState({ status: 'not-found' });
          return;
        }
        const message = errorMessage(failure);
        setState({ status: 'error', message });
        toast.error(message);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [api, toast, courseId, attempt]);

  return state.status === 'error' ? { ...state, retry } : state;
}
