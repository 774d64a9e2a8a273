import type { CourseDetail } from '@academy/contracts';
import { ApiError, queryKeys, useApi } from '@academy/platform';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
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

/** The course page's data from the shared cache; a missing course is a page state, not a toast. */
export function useCourseDetail(courseId: string | undefined): CourseDetailState {
  const api = useApi();
  const query = useQuery({
    queryKey: queryKeys.catalogue.detail(courseId ?? ''),
    queryFn: () => fetchCourseDetail(api, courseId!),
    enabled: Boolean(courseId),
    meta: { errorToast: (failure) => !isMissingCourse(failure) },
  });
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  if (!courseId) return { status: 'not-found' };
  if (query.data) return { status: 'ready', course: query.data };
  if (query.isError) return isMissingCourse(query.error) ? { status: 'not-found' } : { status: 'error', message: query.error.message, retry };
  return { status: 'loading' };
}
