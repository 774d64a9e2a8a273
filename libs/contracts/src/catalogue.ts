// Catalogue shapes beyond the public card and detail: the educator's course list, the full course other services
// read over /internal/, and the add-course payload (multipart field `courseData`).
import { z } from 'zod';
import type { ChapterDto, CourseSummary } from './api.js';
import { fromPaise, payableAmountProblem, priceAfterDiscountPaise } from './money.js';
import { formatPrice } from './formatting.js';
import { isYouTubeLink, parseVideoLink, uploadedVideoIdOf } from './video.js';
import { quizInputSchema, type QuizDefinition } from './quizzes.js';
import type { CourseTaxonomy } from './taxonomy.js';
import { courseLanguageSchema } from './language-schemas.js';
import type { CourseLanguage } from './languages.js';
import { courseTaxonomyFields, refineClassRange } from './taxonomy-schemas.js';

/** One of the educator's own courses as catalogue lists them: GET /api/educator/courses. */
export interface EducatorCourseListing extends CourseSummary {
  isPublished: boolean;
  /** Never published yet: saved as it is typed, seen by its educator alone ("Continue editing"). */
  isDraft: boolean;
}

/**
 * A row of the educator's "My Courses" table: catalogue's listing joined in the browser with commerce's
 * `GET /api/educator/earnings/by-course`, so neither service calls the other for it.
 */
export interface EducatorCourse extends EducatorCourseListing {
  /** This course's net earnings from commerce's earnings ledger (the dashboard's source too). */
  earnings: number;
}

/** GET /internal/courses/:id — every lecture URL included; only for commerce and progress. */
export interface InternalCourse {
  _id: string;
  courseTitle: string;
  courseThumbnail: string;
  coursePrice: number;
  discount: number;
  educatorId: string;
  educatorName: string;
  isPublished: boolean;
  createdAt: string;
  courseContent: ChapterDto[];
}

/** Most courses one POST /internal/courses/batch may ask for (a learner's enrolled courses are capped the same). */
export const INTERNAL_COURSES_BATCH_MAX = 200;

/** POST /internal/courses/batch: several courses' full content in one call (progress's enrolled courses). */
export const internalCoursesBatchRequestSchema = z.object({
  ids: z
    .array(z.uuid({ message: 'ids must be valid course ids' }))
    .min(1, 'ids must name at least one course')
    .max(INTERNAL_COURSES_BATCH_MAX, `ids may name at most ${INTERNAL_COURSES_BATCH_MAX} courses`),
});
export type InternalCoursesBatchRequest = z.infer<typeof internalCoursesBatchRequestSchema>;

/** The courses catalogue has among those asked for, in no particular order (unknown ids are left out). */
export interface InternalCoursesBatchAnswer {
  success: true;
  courses: InternalCourse[];
}

export const COURSE_TITLE_MAX = 200;
export const COURSE_PRICE_MAX = 99_999_999.99; // numeric(10,2)
export const COURSE_DESCRIPTION_MAX = 100_000;

const optionalLink = z
  .string()
  .trim()
  .max(2000, 'A link can be at most 2,000 characters')
  .optional()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || /^(https?:\/\/|\/)/i.test(value), 'Enter a link starting with https:// (or a path on this site)');

export const newLectureSchema = z.object({
  lectureTitle: z.string().trim().min(1, 'Enter the lecture title').max(COURSE_TITLE_MAX, `Lecture title can be at most ${COURSE_TITLE_MAX} characters`),
  lectureDuration: z.coerce
    .number({ message: 'Duration must be a number of minutes' })
    .int('Duration must be whole minutes')
    .min(0, 'Duration cannot be negative')
    .max(24 * 60, 'Duration can be at most 1,440 minutes (24 hours)'),
  lectureUrl: z
    .string()
    .trim()
    .max(2000, 'A link can be at most 2,000 characters')
    .refine((value) => /^(https?:\/\/|\/)/i.test(value) && parseVideoLink(value) !== null, 'Lecture URL must be a valid video link'),
  isPreviewFree: z.boolean().default(false),
  notesUrl: optionalLink,
  testUrl: optionalLink,
});

export const newChapterSchema = z.object({
  chapterTitle: z.string().trim().min(1, 'Chapter title is required').max(COURSE_TITLE_MAX, `Chapter title can be at most ${COURSE_TITLE_MAX} characters`),
  chapterContent: z.array(newLectureSchema).max(200),
  /** The chapter's quiz, shown after its lectures; null or absent: none. */
  quiz: quizInputSchema.nullish().transform((quiz) => quiz ?? null),
});

/**
 * What learners would pay (price after discount) must be chargeable: ₹0 (free) or between ₹1 and
 * ₹5,00,000 (`payableAmountProblem`). Reported on the Course Price field, naming the discount when there is one.
 */
export function refineCoursePrice(course: { coursePrice: number; discount: number }, context: z.RefinementCtx): void {
  if (!Number.isFinite(course.coursePrice) || !Number.isFinite(course.discount)) return;
  const payable = priceAfterDiscountPaise(course.coursePrice, course.discount);
  const problem = payableAmountProblem(payable);
  if (!problem) return;
  const after = course.discount > 0 ? ` (${formatPrice(fromPaise(payable))} after the ${course.discount}% discount)` : '';
  context.addIssue({ code: 'custom', path: ['coursePrice'], message: `${problem}${after}`, input: course.coursePrice });
}

/** The course fields without the price-limit rule (to extend or pick from; zod refuses to extend a refined object). */
export const courseFieldsBaseSchema = z.object({
  // NFC: a Hindi title is stored and searched in one form (catalogue's search reads the search text in NFC too).
  courseTitle: z.string().trim().normalize('NFC').min(1, 'Course Title is required').max(COURSE_TITLE_MAX, `Course Title can be at most ${COURSE_TITLE_MAX} characters`),
  courseDescription: z.string().max(COURSE_DESCRIPTION_MAX).default(''),
  coursePrice: z.coerce
    .number({ message: 'Course Price must be a number' })
    .min(0, 'Course Price cannot be negative')
    .max(COURSE_PRICE_MAX)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Course Price has at most 2 decimals'),
  discount: z.coerce
    .number({ message: 'Discount must be a number' })
    .int('Discount must be a whole number')
    .min(0, 'Discount must be between 0 and 100')
    .max(100, 'Discount must be between 0 and 100'),
  courseContent: z.array(newChapterSchema).max(100).default([]),
  // What the course is for. The educator's form requires all four; an API caller that sends none gets
  // DEFAULT_COURSE_TAXONOMY (every class, any board, "Other subjects"); a value outside the lists is a 400.
  classFrom: courseTaxonomyFields.classFrom.optional(),
  classTo: courseTaxonomyFields.classTo.optional(),
  subject: courseTaxonomyFields.subject.optional(),
  board: courseTaxonomyFields.board.optional(),
  // What the course is taught in: English when a new course does not say; an edit without it keeps the course's.
  language: courseLanguageSchema.optional(),
});

/** The price-limit and class-range rules of a course payload. */
export function refineCourseFields(course: { coursePrice: number; discount: number; classFrom?: number; classTo?: number }, context: z.RefinementCtx): void {
  refineCoursePrice(course, context);
  refineClassRange(course, context);
}
/** `courseData` of POST /api/educator/add-course. Orders come from array positions (from 1), never from the client. */
export const newCourseSchema = courseFieldsBaseSchema.superRefine(refineCourseFields);
export type NewCourse = z.infer<typeof newCourseSchema>;

// ---- Educator editing (beyond docs/product.md): GET/PUT /api/educator/courses/:id, POST .../publish and .../unpublish ----

/** GET /api/educator/courses/:id — the owner's full course for the edit form (every lecture URL included). */
export interface EducatorCourseDetail extends CourseTaxonomy {
  _id: string;
  courseTitle: string;
  /** Sanitised HTML, as stored. */
  courseDescription: string;
  courseThumbnail: string;
  coursePrice: number;
  discount: number;
  isPublished: boolean;
  createdAt: string;
  language: CourseLanguage;
  /** Chapters with their quiz in full (the key included): only the owner gets this. */
  courseContent: AuthoredChapterDto[];
}

export type AuthoredChapterDto = Omit<ChapterDto, 'quiz'> & { quiz: QuizDefinition | null };

/** Any other string (a client-side key of a new chapter) is simply not reused. */
const keptId = z.string().max(64).optional();

/**
 * `courseData` of PUT /api/educator/courses/:id: the add-course fields plus, optionally, the ids the course already
 * had. A known id is kept (learners' progress keeps pointing at the lecture); an unknown id is replaced.
 */
export const courseUpdateSchema = courseFieldsBaseSchema
  .extend({
  courseContent: z
    .array(newChapterSchema.extend({ chapterId: keptId, chapterContent: z.array(newLectureSchema.extend({ lectureId: keptId })).max(200) }))
    .max(100)
    .default([]),
  })
  .superRefine(refineCourseFields);
export type CourseUpdate = z.infer<typeof courseUpdateSchema>;

/** Answer of POST /api/educator/courses/:id/publish and .../unpublish. */
export interface CoursePublicationResult {
  message: string;
  isPublished: boolean;
}

export const YOUTUBE_ONLY_MESSAGE = 'Lecture URL must be a YouTube link or a video uploaded here';

/**
 * Lectures an educator authors link to YouTube or to a video uploaded here (the schemas above also accept the site's
 * own mp4s, which the demo seed uses). Returns the field path and message of the first other link, or null. `isGrandfathered`
 * lets an edit keep a lecture's existing, unchanged link.
 */
export function firstNonYouTubeLecture(
  courseContent: ReadonlyArray<{ chapterContent: ReadonlyArray<{ lectureUrl: string; lectureId?: string }> }>,
  isGrandfathered: (lecture: { lectureUrl: string; lectureId?: string }) => boolean = () => false,
): string | null {
  for (const [chapterIndex, chapter] of courseContent.entries()) {
    for (const [lectureIndex, lecture] of chapter.chapterContent.entries()) {
      // An uploaded video's owner is checked by catalogue (it must be the educator's own).
      if (!isYouTubeLink(lecture.lectureUrl) && !uploadedVideoIdOf(lecture.lectureUrl) && !isGrandfathered(lecture)) {
        return `courseContent.${chapterIndex}.chapterContent.${lectureIndex}.lectureUrl: ${YOUTUBE_ONLY_MESSAGE}`;
      }
    }
  }
  return null;
}
