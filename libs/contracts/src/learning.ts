// Shapes of the learner's side after enrolment: enrolled courses, progress with resume data, playback positions
// and certificates. The public paths are all under prefixes the edge already sends to progress.
import { z } from 'zod';
import type { ChapterDto, EducatorRef, LectureDto } from './api.js';
import { courseIdSchema } from './requests.js';
import { countLectures } from './durations.js';
import { countPassedQuizzes, quizzesOf, type QuizStanding } from './quizzes.js';

/** GET /api/user/enrolled-courses → `enrolledCourses` (oldest enrolment first; the page reverses it). */
export interface EnrolledCourse {
  _id: string;
  courseTitle: string;
  courseThumbnail: string;
  coursePrice: number;
  discount: number;
  educator: EducatorRef;
  createdAt: string;
  /** Every lecture with its URL: only enrolled learners get this. */
  courseContent: ChapterDto[];
  enrolledAt: string;
  /** The caller's own rating of the course, null when not rated yet. */
  myRating: number | null;
  /** The lecture the caller watched last (for "Continue"), null before the first. */
  lastLectureId: string | null;
}

/** POST /api/user/get-course-progress → `progressData`. Beyond the spec: resume data. */
export interface LearnerProgressData {
  lectureCompleted: string[];
  lastLectureId: string | null;
  /** Saved mp4 positions in whole seconds, by lecture id. */
  positions: Record<string, number>;
  /** The learner's standing on each quiz they attempted in this course. */
  quizzes: QuizStanding[];
}

/** POST /api/user/update-course-progress/playback: remember where the learner is in a lecture. */
export const PLAYBACK_PATH = '/user/update-course-progress/playback';
export const MAX_POSITION_SECONDS = 24 * 60 * 60;
export const playbackRequestSchema = z.object({
  courseId: courseIdSchema,
  lectureId: z.uuid({ message: 'lectureId must be a valid lecture id' }),
  positionSeconds: z
    .number({ message: 'positionSeconds must be a number' })
    .min(0, 'positionSeconds must not be negative')
    .max(MAX_POSITION_SECONDS, 'positionSeconds is too large'),
});
export type PlaybackRequest = z.infer<typeof playbackRequestSchema>;

/** GET /api/certificates/course/:courseId → the PDF; GET /api/certificates/verify/:code → this. */
export interface CertificateRecord {
  code: string;
  studentName: string;
  courseTitle: string;
  courseId: string;
  /** ISO date the certificate was issued (first download after completing every lecture). */
  issuedAt: string;
}

/** Verification codes: "AC-" and 12 characters of an unambiguous alphabet, grouped in fours. */
export const CERTIFICATE_CODE_PATTERN = /^AC-[0-9A-HJ-NP-Z]{4}-[0-9A-HJ-NP-Z]{4}-[0-9A-HJ-NP-Z]{4}$/;
export const certificateCodeSchema = z.string().trim().toUpperCase().regex(CERTIFICATE_CODE_PATTERN, 'Not a certificate code');

export const certificatePdfPath = (courseId: string): string => `/certificates/course/${encodeURIComponent(courseId)}`;
export const certificateVerifyPath = (code: string): string => `/certificates/verify/${encodeURIComponent(code)}`;

/** Every lecture of a course, in chapter then lecture order, with its "chapter.lecture" label. */
export function lecturesInOrder(chapters: readonly ChapterDto[]): { lecture: LectureDto; chapter: ChapterDto; label: string }[] {
  return [...chapters]
    .sort((a, b) => a.chapterOrder - b.chapterOrder)
    .flatMap((chapter, chapterIndex) =>
      [...chapter.chapterContent]
        .sort((a, b) => a.lectureOrder - b.lectureOrder)
        .map((lecture, lectureIndex) => ({ lecture, chapter, label: `${chapterIndex + 1}.${lectureIndex + 1}` })),
    );
}

/**
 * Whether every lecture of the course is in the completed list and every quiz of it is passed (a course with no
 * lectures never is). `quizzes`: the learner's standings (progress's `quizzes`).
 */
export function isCourseComplete(chapters: readonly ChapterDto[], lectureCompleted: readonly string[], quizzes: readonly QuizStanding[] = []): boolean {
  const done = new Set(lectureCompleted);
  const total = countLectures(chapters);
  return (
    total > 0 &&
    chapters.every((chapter) => chapter.chapterContent.every((lecture) => done.has(lecture.lectureId))) &&
    countPassedQuizzes(chapters, quizzes) === quizzesOf(chapters).length
  );
}
