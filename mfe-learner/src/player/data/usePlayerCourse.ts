import type { EnrolledCourse, LearnerProgressData } from '@academy/contracts';
import { errorMessage, useApi } from '@academy/platform';
import { useCallback, useEffect, useState } from 'react';
import { fetchCourseProgress, fetchEnrolledCourses } from '../../enrollments';
import { earliestLinkExpiry, LINK_REFRESH_MARGIN_MS } from './linkExpiry';

export type PlayerCourseState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'not-enrolled' }
  | { status: 'ready'; course: EnrolledCourse; progress: LearnerProgressData };

/**
 * The course from the learner's enrolled courses (the only answer that carries lecture URLs, so a visitor who
 * is not enrolled never receives one) and its progress. `refresh` reloads both without a loading flash.
 */
export function usePlayerCourse(courseId: string, enabled: boolean): PlayerCourseState & { refresh(): Promise<void>; retry(): void } {
  const api = useApi();
  const [state, setState] = useState<PlayerCourseState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(async (): Promise<PlayerCourseState> => {
    const course = (await fetchEnrolledCourses(api)).find((candidate) => candidate._id === courseId);
    if (!course) return { status: 'not-enrolled' };
    return { status: 'ready', course, progress: await fetchCourseProgress(api, courseId) };
  }, [api, courseId]);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (next) => current && setState(next),
      (error: unknown) => current && setState({ status: 'error', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [load, enabled, attempt]);

  const refresh = useCallback(async () => setState(await load()), [load]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);

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
