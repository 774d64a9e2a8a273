import type { EnrolledCourse, LearnerProgressData } from '@academy/contracts';
import {
  isOfflineFailure,
  type Loadable,
  queryKeys,
  toLoadable,
  useApi,
  usePortalAuth,
  useQuery,
} from '@academy/platform';
import i18next from 'i18next';
import { useCallback, useEffect } from 'react';
import { fetchCourseProgress, fetchEnrolledCourses } from '../../enrollments';
import { earliestLinkExpiry, LINK_REFRESH_MARGIN_MS } from './linkExpiry';
import { forgetCoursesNotEnrolled, readEnrolledCourse, saveEnrolledCourse } from '../../offline/offlineStore';
import { queuedWritesOf, withQueuedCompletions } from '../../offline/pendingProgress';

/**
 * The course and its progress; null when the learner is not enrolled in it. `offline`: from this device's offline
 * copy (no network): the outline and kept files work, video does not.
 */
export type PlayerData = { course: EnrolledCourse; progress: LearnerProgressData; offline: boolean } | null;

/**
 * The course from the learner's enrolled courses (the only answer that carries lecture URLs, so a visitor who
 * is not enrolled never receives one) and its progress. `refresh` reloads both without a loading flash.
 */
export function usePlayerCourse(courseId: string, enabled: boolean): Loadable<PlayerData> & { reload(): void; refresh(): Promise<void> } {
  const api = useApi();
  const userId = usePortalAuth().user?.sub;
  const query = useQuery({
    queryKey: queryKeys.learner.playerCourse(courseId),
    enabled,
    // Signed lecture links expire: a page opened again always asks for fresh ones.
    staleTime: 0,
    // Run without a network too: the answer then comes from the offline copy.
    networkMode: 'always',
    meta: { errorToast: false },
    queryFn: async (): Promise<PlayerData> => {
      let data: NonNullable<PlayerData>;
      try {
        const enrolled = await fetchEnrolledCourses(api);
        // The server's list is the entitlement: what this device keeps of a refunded course goes.
        if (userId) {
          await forgetCoursesNotEnrolled(userId, enrolled.map((course) => course._id)).catch((error: unknown) => console.warn('The offline copy was not updated.', error));
        }
        const course = enrolled.find((candidate) => candidate._id === courseId);
        if (!course) return null;
        data = { course, progress: await fetchCourseProgress(api, courseId), offline: false };
        if (userId) await saveEnrolledCourse(userId, data).catch((error: unknown) => console.warn('The offline copy was not saved.', error));
      } catch (error) {
        if (!userId || !isOfflineFailure(error)) throw error;
        const copy = await readEnrolledCourse(userId, courseId);
        // Worded when it happens: shown as the error panel's message.
        if (!copy) throw new Error(i18next.t('learner-study:player.noOfflineCourse'), { cause: error });
        data = { ...copy, offline: true };
      }
      return { ...data, progress: withQueuedCompletions(data.progress, await queuedWritesOf(userId), courseId) };
    },
  });
  const { refetch } = query;
  const refresh = useCallback(async () => {
    await refetch({ throwOnError: true });
  }, [refetch]);
  const loadable = toLoadable(query);

  // Signed links of paid files expire within minutes: fetch fresh ones shortly before, and when the learner comes
  // back to a tab that slept past that time (timers do not run then).
  const expiresAt = query.data && !query.data.offline ? earliestLinkExpiry(query.data.course.courseContent) : null;
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

  return { ...loadable, refresh };
}
