import { useCurrentUser } from '@academy/platform';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@academy/routing';
import type { PendingEnrollmentState } from '../../checkout';

/** How often, and for how long at most, My Enrollments looks again for a course whose payment is being confirmed. */
export const PENDING_POLL_INTERVAL_MS = 3_000;
export const PENDING_POLL_LIMIT_MS = 3 * 60_000;

export type PendingEnrollment = 'none' | 'waiting' | 'gave-up';

/**
 * After a verification that did not settle in time (checkout's 504 path), reloads the enrolled courses every few
 * seconds until the course is there (then the user too, for "Already Enrolled"), for a bounded time.
 */
export function usePendingEnrollment(courseIds: readonly string[] | null, reload: () => void): PendingEnrollment {
  const location = useLocation();
  const { reload: reloadUser } = useCurrentUser();
  const pendingCourseId = (location.state as Partial<PendingEnrollmentState> | null)?.pendingCourseId;
  const [startedAt] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  const arrived = pendingCourseId !== undefined && courseIds !== null && courseIds.includes(pendingCourseId);
  const waiting = pendingCourseId !== undefined && !arrived && !gaveUp;
  // A reload that is a new function each render must not restart the polling clock.
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (Date.now() - startedAt >= PENDING_POLL_LIMIT_MS) setGaveUp(true);
      else reloadRef.current();
    }, PENDING_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [waiting, startedAt]);

  useEffect(() => {
    if (arrived) void reloadUser().catch(() => undefined);
  }, [arrived, reloadUser]);

  if (waiting) return 'waiting';
  return gaveUp && !arrived ? 'gave-up' : 'none';
}
