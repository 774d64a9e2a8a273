import type { EnrolledCourse, LearnerProgressData } from '@academy/contracts';
import { queryKeys, useApi } from '@academy/platform';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { fetchCourseProgress, fetchEnrolledCourses } from '../../enrollments';
import { earliestLinkExpiry, LINK_REFRESH_MARGIN_MS } from './linkExpiry';

export type PlayerCourseState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'not-enrolled' }
  | { status: 'ready'; course: EnrolledCourse; progress: LearnerProgressData };

type PlayerData = { course: EnrolledCourse; progress: LearnerProgressData } | null;

/**
 * The course from the learner's enrolled courses (the only answer that carries lecture URLs, so a visitor who
 * is not enrolled never receives one) and its progress. `refresh` reloads both without a loading flash.
 */
export function usePlayerCourse(courseId: string, enabled: boolean): PlayerCourseState & { refresh(): Promise<void>; retry(): void } {
  const api = useApi();
  const query = useQuery({
    queryKey: queryKeys.learner.playerCourse(courseId),
    enabled,
    // Signed lecture links expire: a page opened again always asks for fresh ones.
    staleTime: 0,
    meta: { errorToast: false },
    queryFn: async (): Promise<PlayerData> => {
      const course = (await fetchEnrolledCourses(api)).find((candidate) => candidate._id === courseId);
      if (!course) return null;
      return { course, progress: await fetchCourseProgress(api, courseId) };
    },
  });
  const { refetch } = query;
  const refresh = useCallback(async () => {
    await refetch({ throwOnError: true });
  }, [refetch]);
  const retry = useCallback(() => void refetch(), [refetch]);

  const state: PlayerCourseState =
    query.data === null
      ? { status: 'not-enrolled' }
      : query.data
        ? { status: 'ready', ...query.data }
        : query.isError
          ? { status: 'error', message: query.error.message }
          : { status: 'loading' };

  // Signed links of paid files expire within minutes: fetch fresh ones shortly before, and when the learner comes
  // back to a tab that slept past that time (timers do not run then).
  const expiresAt = state.status === 'ready' ? earliestLinkExpiry(state.course.courseContent) : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const refreshAt = expiresAt - LINK_REFRESH_MARGIN_MS;
    const renew = () => void refresh().catch(() => undefined);
    const timer = setTimeout(renew, Math.max(1_000, refreshAt - Date.now()));
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() >= refreshAt) renew();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [expiresAt, refresh]);

  return { ...state, refresh, retry };
}
