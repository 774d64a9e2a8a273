// Calls of the learner's side after enrolment (progress service). Every call goes through the platform's API
// client, so failures arrive as ApiError with the server's message.
import {
  apiPath,
  certificatesDownloadRoute,
  certificatesVerifyRoute,
  learningAddRatingRoute,
  learningCourseProgressRoute,
  learningEnrolledCoursesRoute,
  learningSavePlaybackRoute,
  learningUpdateProgressRoute,
  quizzesQuizRoute,
  quizzesSubmitRoute,
  type CertificateRecord,
  type QuizAttemptResult,
  type QuizForLearner,
  type QuizSubmission,
  type EnrolledCourse,
  type LearnerProgressData,
} from '@academy/contracts';
import { apiUrl, callApi, currentLanguage, downloadWithToken, type ApiClient } from '@academy/platform';
import i18next from 'i18next';

export async function fetchEnrolledCourses(api: ApiClient): Promise<EnrolledCourse[]> {
  return (await callApi(api, learningEnrolledCoursesRoute)).enrolledCourses;
}

export async function fetchCourseProgress(api: ApiClient, courseId: string): Promise<LearnerProgressData> {
  // Read as partial: a learner who has not started yet has no lists stored.
  const { progressData }: { progressData: Partial<LearnerProgressData> } = await callApi(api, learningCourseProgressRoute, { body: { courseId } });
  return {
    lectureCompleted: progressData.lectureCompleted ?? [],
    lastLectureId: progressData.lastLectureId ?? null,
    positions: progressData.positions ?? {},
    quizzes: progressData.quizzes ?? [],
    assignments: progressData.assignments ?? [],
  };
}

/** Completing a lecture is idempotent on the server (one row per learner and lecture): safe to queue offline. */
export const COMPLETE_LECTURE_PATH = apiPath(learningUpdateProgressRoute);

export async function markLectureComplete(api: ApiClient, courseId: string, lectureId: string): Promise<string> {
  return (await callApi(api, learningUpdateProgressRoute, { body: { courseId, lectureId } })).message;
}

export async function rateCourse(api: ApiClient, courseId: string, rating: number): Promise<string> {
  return (await callApi(api, learningAddRatingRoute, { body: { courseId, rating } })).message;
}

export interface PlaybackSave {
  courseId: string;
  lectureId: string;
  positionSeconds: number;
}

export async function savePlayback(api: ApiClient, body: PlaybackSave): Promise<void> {
  await callApi(api, learningSavePlaybackRoute, { body });
}

/**
 * The same save for a page that is going away: `keepalive` lets the request outlive the page, which the API
 * client's fetch cannot promise. Needs a token fetched beforehand (no awaiting during unload).
 */
export function savePlaybackOnExit(apiBaseUrl: string, token: string | null, body: PlaybackSave): void {
  if (!token) return;
  void fetch(apiUrl(apiBaseUrl, apiPath(learningSavePlaybackRoute)), {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}

export async function verifyCertificate(api: ApiClient, code: string): Promise<CertificateRecord> {
  return (await callApi(api, certificatesVerifyRoute, { params: { code } })).certificate;
}

/** A PDF's path asking for the document in the language shown (`lang=en|hi`): receipts, credit notes, certificates. */
export function inCurrentLanguage(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${currentLanguage()}`;
}

/**
 * Downloads a PDF with the bearer token and saves it. A failure without the server's own words ("Could not download
 * the receipt (HTTP 502)", written by the platform in English) is said again in the language shown.
 */
export async function downloadPdf(apiBaseUrl: string, token: string, path: string, kind: 'receipt' | 'certificate'): Promise<string> {
  try {
    return await downloadWithToken(apiBaseUrl, token, inCurrentLanguage(path), `the ${kind}`, `${kind}.pdf`);
  } catch (error) {
    const status = error instanceof Error ? /^Could not download the \w+ \(HTTP (\d+)\)$/.exec(error.message)?.[1] : undefined;
    if (status === undefined) throw error;
    throw new Error(
      kind === 'receipt'
        ? i18next.t('learner:enrollments.download.receiptFailed', { status })
        : i18next.t('learner:enrollments.download.certificateFailed', { status }),
      { cause: error },
    );
  }
}

/** Downloads the learner's certificate PDF (bearer token, so not a plain link) and saves it through a blob link. */
export async function downloadCertificate(apiBaseUrl: string, token: string, courseId: string): Promise<string> {
  return downloadCertificateAt(apiBaseUrl, token, apiPath(certificatesDownloadRoute, { params: { courseId }, query: {} }));
}

/** The same download from any certificate path under the API (a linked parent's: /parents/children/…/certificates/…). */
export function downloadCertificateAt(apiBaseUrl: string, token: string, path: string): Promise<string> {
  return downloadPdf(apiBaseUrl, token, path, 'certificate');
}

/** GET /api/user/quizzes/:courseId/:quizId: the quiz without its key and the learner's standing. */
export async function fetchQuiz(api: ApiClient, courseId: string, quizId: string): Promise<QuizForLearner> {
  const { quiz, standing, attemptsLeft } = await callApi(api, quizzesQuizRoute, { params: { courseId, quizId } });
  return { quiz, standing, attemptsLeft };
}

/** POST .../attempts: graded on the server; the answer carries the right answers and explanations. */
export async function submitQuizAttempt(api: ApiClient, courseId: string, quizId: string, submission: QuizSubmission): Promise<QuizAttemptResult> {
  return (await callApi(api, quizzesSubmitRoute, { params: { courseId, quizId }, body: submission })).result;
}
