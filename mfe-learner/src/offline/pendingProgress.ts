import type { LearnerProgressData } from '@academy/contracts';
import { queuedWrites, type QueuedWrite } from '@academy/platform';
import { COMPLETE_LECTURE_PATH } from '../enrollments/data/learningApi';

/** The lecture completions of `courseId` made offline and not sent yet. */
export function queuedCompletions(writes: readonly QueuedWrite[], courseId: string): string[] {
  return writes
    .filter((write) => write.path === COMPLETE_LECTURE_PATH)
    .map((write) => write.body as { courseId?: string; lectureId?: string })
    .filter((body) => body.courseId === courseId && typeof body.lectureId === 'string')
    .map((body) => body.lectureId!);
}

/** The user's queued writes, or none when this browser cannot keep any (no IndexedDB). */
export async function queuedWritesOf(userId: string | undefined): Promise<QueuedWrite[]> {
  if (!userId || typeof indexedDB === 'undefined') return [];
  return queuedWrites(userId).catch(() => []);
}

/** Progress as the learner sees it: what the server said plus the completions still waiting to be sent. */
export function withQueuedCompletions(progress: LearnerProgressData, writes: readonly QueuedWrite[], courseId: string): LearnerProgressData {
  const queued = queuedCompletions(writes, courseId).filter((lectureId) => !progress.lectureCompleted.includes(lectureId));
  return queued.length === 0 ? progress : { ...progress, lectureCompleted: [...progress.lectureCompleted, ...queued] };
}
