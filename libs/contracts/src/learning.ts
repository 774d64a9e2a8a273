// Shapes of the learner's side after enrolment: enrolled courses, progress with resume data, playback positions
// and certificates. The public paths are all under prefixes the edge already sends to progress. The rules every view
// applies to them (completion, status) are in course-status.ts, without zod, for the learner's pages.
import { z } from 'zod';
import type { ChapterDto, EducatorRef } from './api.js';
import { courseIdSchema } from './requests.js';
import { uiLanguageSchema } from './language-schemas.js';
import type { QuizStanding } from './quizzes.js';
import type { AssignmentStanding } from './assignments.js';
import { MAX_POSITION_SECONDS } from './video-time.js';

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

/** POST /api/user/get-course-progress → `progressData`. Beyond docs/product.md: resume data. */
export interface LearnerProgressData {
  lectureCompleted: string[];
  lastLectureId: string | null;
  /** Saved mp4 positions in whole seconds, by lecture id. */
  positions: Record<string, number>;
  /** The learner's standing on each quiz they attempted in this course. */
  quizzes: QuizStanding[];
  /** Every assignment of the course with the learner's standing (handed in, reviewed, marks). */
  assignments: AssignmentStanding[];
}

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

/** GET a certificate's PDF: `lang` (`en` or `hi`) picks its language; absent, the holder's chosen language (else English). */
export const certificateQuerySchema = z.object({ lang: uiLanguageSchema.optional() });
export type CertificateQuery = z.infer<typeof certificateQuerySchema>;
