import { courseStatus, lecturesInOrder, type CourseCompletion, type CourseStatus, type EnrolledCourse, type LearnerProgressData, type LectureDto } from '@academy/contracts';
import {
  type ApiClient,
  isOfflineFailure,
  type Loadable,
  queryKeys,
  settledUser,
  toLoadable,
  useApi,
  useDeviceUserId,
  usePortalAuth,
  useQuery,
} from '@academy/platform';
import i18next from 'i18next';
import { assignmentsLeft, type AssignmentsLeft } from './courseStatusText';
import { fetchCourseProgress, fetchEnrolledCourses } from './learningApi';
import { canKeepOffline, readEnrolledCourses, saveEnrolledCourses, type OfflineCourse } from '../../offline/offlineStore';
import { queuedWritesOf, withQueuedCompletions } from '../../offline/pendingProgress';

export interface EnrolledCourseRow {
  course: EnrolledCourse;
  /** Lectures, quizzes and assignments done, the percent and whether the course is complete, by the one rule (`courseCompletion`). */
  completion: CourseCompletion;
  /** The one status (`courseStatus`): the same a linked parent reads. */
  status: CourseStatus;
  /** The assignments the certificate still waits for (the status's certificate line, in the language shown). */
  assignmentsLeft: AssignmentsLeft;
  /** Where to pick up: the lecture watched last (else the first not completed), its label ("1.2") and saved second. */
  resume: { lecture: LectureDto; label: string; seconds: number } | null;
}

export interface EnrolledCourses {
  rows: EnrolledCourseRow[];
  /** Read from this device's offline copy (no network), made at that time; null when read online. */
  offlineSince: number | null;
  /** Read from this device's copy, made at that time, while the network's answer is on its way; null otherwise. */
  updatingSince: number | null;
}

/** How recent the user's data must be for its courses' progress to be asked for before the list answers. */
export const USER_DATA_FRESH_MS = 5_000;

/**
 * The signed-in learner's courses, newest enrolment first (the API lists them oldest first), each with its
 * progress (get-course-progress per course, as docs/product.md says). `enabled` false (signed out) loads nothing.
 * The page shows a failure itself (no toast).
 */
export function useEnrolledCourses(enabled: boolean): Loadable<EnrolledCourses> & { reload(): void } {
  const api = useApi();
  const userId = usePortalAuth().user?.sub;
  const deviceUserId = useDeviceUserId();
  const query = useQuery({
    queryKey: queryKeys.learner.enrolledRows(),
    enabled,
    // Run without a network too: the answer then comes from the offline copy.
    networkMode: 'always',
    meta: { errorToast: false },
    queryFn: async (): Promise<EnrolledCourses> => {
      let entries: OfflineCourse[];
      let offlineSince: number | null = null;
      try {
        const progressOf = progressOnce(api);
        // The user's data names their courses, often before the list answers: their progress is asked for then, in
        // parallel with the list, instead of one round trip after it. Only recent data (USER_DATA_FRESH_MS): older data
        // may name a course refunded since, which progress would refuse.
        void settledUser({ maxAgeMs: USER_DATA_FRESH_MS }).then((user) => user?.enrolledCourses.forEach((courseId) => progressOf(courseId).catch(() => undefined)));
        const courses = [...(await fetchEnrolledCourses(api))].reverse();
        const progress = await Promise.all(courses.map((course) => progressOf(course._id)));
        entries = courses.map((course, index) => ({ course, progress: progress[index]! }));
        // The server's list is the entitlement: the copy of a refunded course goes with it.
        if (userId) await saveEnrolledCourses(userId, entries).catch((error: unknown) => console.warn('The offline copy was not saved.', error));
      } catch (error) {
        if (!userId || !isOfflineFailure(error)) throw error;
        const copy = await readEnrolledCourses(userId);
        // No network and no copy on this device yet.
        if (copy.savedAt === null) throw new Error(i18next.t('learner:enrollments.noOfflineCopy'), { cause: error });
        entries = copy.courses;
        offlineSince = copy.savedAt;
      }
      return { rows: await rowsOf(entries, userId), offlineSince, updatingSince: null };
    },
  });
  // A learner back on this device sees their list as this device last saw it at once, while the sign-in SDK, the
  // list and its progress are on their way (a phone's slow link): the network's answer replaces it.
  const deviceCopy = useQuery({
    queryKey: queryKeys.learner.enrolledRowsOnDevice(deviceUserId ?? ''),
    enabled: deviceUserId !== null && canKeepOffline() && query.data === undefined && !query.isError,
    networkMode: 'always',
    staleTime: Infinity,
    meta: { errorToast: false },
    queryFn: async (): Promise<EnrolledCourses | null> => {
      const copy = await readEnrolledCourses(deviceUserId!);
      if (copy.savedAt === null) return null;
      return { rows: await rowsOf(copy.courses, deviceUserId!), offlineSince: null, updatingSince: copy.savedAt };
    },
  });
  const loadable = toLoadable(query);
  if (loadable.status === 'loading' && deviceUserId !== null && deviceCopy.data) return { status: 'ready', data: deviceCopy.data, reload: loadable.reload };
  return loadable;
}

/** My Enrollments' rows of the courses given, with the progress this device has queued and not yet sent. */
async function rowsOf(entries: OfflineCourse[], userId: string | undefined): Promise<EnrolledCourseRow[]> {
  const queued = await queuedWritesOf(userId);
  return entries.map(({ course, progress: saved }) => {
    const progress = withQueuedCompletions(saved, queued, course._id);
    const status = courseStatus(course.courseContent, progress.lectureCompleted, progress.quizzes, progress.assignments, Object.keys(progress.positions ?? {}).length > 0);
    return {
      course,
      completion: status.completion,
      status,
      assignmentsLeft: assignmentsLeft(course.courseContent, progress.assignments ?? []),
      resume: resumePoint(course, progress.lectureCompleted, progress.lastLectureId ?? course.lastLectureId, progress.positions),
    };
  });
}

/** get-course-progress at most once per course: the first ask starts it, later ones share it. */
function progressOnce(api: ApiClient): (courseId: string) => Promise<LearnerProgressData> {
  const asked = new Map<string, Promise<LearnerProgressData>>();
  return (courseId) => {
    let progress = asked.get(courseId);
    if (!progress) {
      progress = fetchCourseProgress(api, courseId);
      asked.set(courseId, progress);
    }
    return progress;
  };
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
