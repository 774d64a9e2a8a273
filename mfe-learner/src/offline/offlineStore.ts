// What a learner keeps for offline use, per signed-in user, in IndexedDB: the enrolled courses with their progress
// (written on every online read of My Enrollments or the player), the chapter quizzes opened, and the notes and
// tests the learner chose to "Keep offline". Each online read of the enrolled courses re-checks entitlement:
// everything of a course no longer enrolled (refunded) is deleted then.
import type { EnrolledCourse, LearnerProgressData, QuizForLearner } from '@academy/contracts';
import i18next from 'i18next';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export interface OfflineCourse {
  course: EnrolledCourse;
  progress: LearnerProgressData;
}

export type KeptFileKind = 'notes' | 'test';

export interface KeptFile {
  id: string;
  userId: string;
  courseId: string;
  lectureId: string;
  kind: KeptFileKind;
  /** "Notes of Lecture 1.2 - Fractions", for the link and the saved file. */
  title: string;
  blob: Blob;
  savedAt: number;
}

interface LearnerOfflineSchema extends DBSchema {
  courses: { key: [string, string]; value: OfflineCourse & { userId: string; order: number; savedAt: number }; indexes: { byUser: string } };
  quizzes: { key: [string, string, string]; value: { userId: string; courseId: string; quizId: string; quiz: QuizForLearner }; indexes: { byUser: string } };
  files: { key: string; value: KeptFile; indexes: { byUser: string } };
}

let database: Promise<IDBPDatabase<LearnerOfflineSchema>> | null = null;

function db(): Promise<IDBPDatabase<LearnerOfflineSchema>> {
  database ??= openDB<LearnerOfflineSchema>('academy-learner-offline', 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore('courses', { keyPath: ['userId', 'course._id'] }).createIndex('byUser', 'userId');
      upgrading.createObjectStore('quizzes', { keyPath: ['userId', 'courseId', 'quizId'] }).createIndex('byUser', 'userId');
      upgrading.createObjectStore('files', { keyPath: 'id' }).createIndex('byUser', 'userId');
    },
  });
  return database;
}

/** Whether this browser can keep anything (IndexedDB missing: private modes of old browsers, tests without it). */
export function canKeepOffline(): boolean {
  return typeof indexedDB !== 'undefined';
}

/**
 * Replaces the user's offline copy of their enrolled courses with `courses` (in the order given) and deletes every
 * quiz and kept file of a course not among them: the server's current answer is the entitlement.
 */
export async function saveEnrolledCourses(userId: string, courses: OfflineCourse[]): Promise<void> {
  if (!canKeepOffline()) return;
  const enrolled = new Set(courses.map((entry) => entry.course._id));
  const tx = (await db()).transaction(['courses', 'quizzes', 'files'], 'readwrite');
  const savedAt = Date.now();
  for (const key of await tx.objectStore('courses').index('byUser').getAllKeys(userId)) await tx.objectStore('courses').delete(key);
  for (const [order, entry] of courses.entries()) await tx.objectStore('courses').put({ ...entry, userId, order, savedAt });
  for (const quiz of await tx.objectStore('quizzes').index('byUser').getAll(userId)) {
    if (!enrolled.has(quiz.courseId)) await tx.objectStore('quizzes').delete([userId, quiz.courseId, quiz.quizId]);
  }
  for (const file of await tx.objectStore('files').index('byUser').getAll(userId)) {
    if (!enrolled.has(file.courseId)) await tx.objectStore('files').delete(file.id);
  }
  await tx.done;
}

/** Deletes the copy, quizzes and kept files of every course of the user not in `enrolledIds` (refunded ones). */
export async function forgetCoursesNotEnrolled(userId: string, enrolledIds: readonly string[]): Promise<void> {
  if (!canKeepOffline()) return;
  const enrolled = new Set(enrolledIds);
  const tx = (await db()).transaction(['courses', 'quizzes', 'files'], 'readwrite');
  for (const row of await tx.objectStore('courses').index('byUser').getAll(userId)) {
    if (!enrolled.has(row.course._id)) await tx.objectStore('courses').delete([userId, row.course._id]);
  }
  for (const quiz of await tx.objectStore('quizzes').index('byUser').getAll(userId)) {
    if (!enrolled.has(quiz.courseId)) await tx.objectStore('quizzes').delete([userId, quiz.courseId, quiz.quizId]);
  }
  for (const file of await tx.objectStore('files').index('byUser').getAll(userId)) {
    if (!enrolled.has(file.courseId)) await tx.objectStore('files').delete(file.id);
  }
  await tx.done;
}

/** Updates one course's offline copy (the player read it online), keeping the others. */
export async function saveEnrolledCourse(userId: string, entry: OfflineCourse): Promise<void> {
  if (!canKeepOffline()) return;
  const store = (await db()).transaction('courses', 'readwrite').objectStore('courses');
  const earlier = await store.get([userId, entry.course._id]);
  await store.put({ ...entry, userId, order: earlier?.order ?? Number.MAX_SAFE_INTEGER, savedAt: Date.now() });
}

/** The user's enrolled courses as last read online, in the same order, with when they were read. */
export async function readEnrolledCourses(userId: string): Promise<{ courses: OfflineCourse[]; savedAt: number | null }> {
  if (!canKeepOffline()) return { courses: [], savedAt: null };
  const rows = (await (await db()).getAllFromIndex('courses', 'byUser', userId)).sort((a, b) => a.order - b.order);
  return { courses: rows.map(({ course, progress }) => ({ course, progress })), savedAt: rows.length > 0 ? Math.min(...rows.map((row) => row.savedAt)) : null };
}

export async function readEnrolledCourse(userId: string, courseId: string): Promise<OfflineCourse | null> {
  if (!canKeepOffline()) return null;
  const row = await (await db()).get('courses', [userId, courseId]);
  return row ? { course: row.course, progress: row.progress } : null;
}

export async function saveQuiz(userId: string, courseId: string, quizId: string, quiz: QuizForLearner): Promise<void> {
  if (!canKeepOffline()) return;
  await (await db()).put('quizzes', { userId, courseId, quizId, quiz });
}

export async function readQuiz(userId: string, courseId: string, quizId: string): Promise<QuizForLearner | null> {
  if (!canKeepOffline()) return null;
  return (await (await db()).get('quizzes', [userId, courseId, quizId]))?.quiz ?? null;
}

export function keptFileId(userId: string, courseId: string, lectureId: string, kind: KeptFileKind): string {
  return [userId, courseId, lectureId, kind].join('|');
}

export class KeepOfflineError extends Error {
  override name = 'KeepOfflineError';
}

/** Downloads a notes or test file (its signed link) and keeps it for offline use. */
export async function keepFile(
  userId: string,
  file: { courseId: string; lectureId: string; kind: KeptFileKind; title: string; url: string },
  fetchImpl: typeof fetch = fetch,
): Promise<KeptFile> {
  let response: Response;
  try {
    response = await fetchImpl(file.url, { credentials: 'same-origin' });
  } catch {
    throw new KeepOfflineError(file.kind === 'notes' ? i18next.t('learner:offline.notesNoConnection') : i18next.t('learner:offline.testNoConnection'));
  }
  if (!response.ok) {
    const status = response.status;
    throw new KeepOfflineError(file.kind === 'notes' ? i18next.t('learner:offline.notesFailed', { status }) : i18next.t('learner:offline.testFailed', { status }));
  }
  const kept: KeptFile = {
    id: keptFileId(userId, file.courseId, file.lectureId, file.kind),
    userId,
    courseId: file.courseId,
    lectureId: file.lectureId,
    kind: file.kind,
    title: file.title,
    blob: await response.blob(),
    savedAt: Date.now(),
  };
  await (await db()).put('files', kept);
  return kept;
}

export async function keptFiles(userId: string, courseId: string): Promise<KeptFile[]> {
  if (!canKeepOffline()) return [];
  return (await (await db()).getAllFromIndex('files', 'byUser', userId)).filter((file) => file.courseId === courseId);
}

export async function removeKeptFile(id: string): Promise<void> {
  await (await db()).delete('files', id);
}
