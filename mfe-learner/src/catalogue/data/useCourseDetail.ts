import type { CourseDetail } from '@academy/contracts';
import { ApiError, type Loadable, queryKeys, toLoadable, useApi, useQuery } from '@academy/platform';
import i18next from 'i18next';
import { fetchCourseDetail } from './catalogueApi';

/** 404 (unknown or unpublished) and 400 (malformed id) both mean there is no such course to show. */
export function isMissingCourseStatus(httpStatus: number | undefined): boolean {
  return httpStatus === 404 || httpStatus === 400;
}

function isMissingCourse(failure: unknown): boolean {
  return failure instanceof ApiError && isMissingCourseStatus(failure.status);
}

/**
 * The course page's data from the shared cache. A missing course is an error with its HTTP status (404 or 400,
 * see `isMissingCourseStatus`) that the page shows as its own state, not a toast.
 */
export function useCourseDetail(courseId: string | undefined): Loadable<CourseDetail> & { reload(): void } {
  const api = useApi();
  const query = useQuery({
    queryKey: queryKeys.catalogue.detail(courseId ?? ''),
    queryFn: () => fetchCourseDetail(api, courseId!),
    enabled: Boolean(courseId),
    meta: { errorToast: (failure) => !isMissingCourse(failure) },
  });
  const loadable = toLoadable(query);
  // No id in the address: nothing to ask for, the same as an unknown course.
  if (!courseId) return { status: 'error', message: i18next.t('learner:catalogue.detail.notFound'), httpStatus: 404, reload: loadable.reload };
  return loadable;
}
