// Request bodies of the public API, validated on the server with these schemas (400 with the first issue's message).
import { z } from 'zod';
import { couponCodeSchema } from './coupons.js';
import { EARNINGS_GRANULARITIES } from './earnings.js';
import { MAX_RATING, MIN_RATING } from './ratings.js';
import { courseFilterQueryFields } from './taxonomy-schemas.js';

export const courseIdSchema = z.uuid({ message: 'courseId must be a valid course id' });

/**
 * A user id is the identity provider's subject (`auth0|64f…`, `google-oauth2|1234`, `sandbox|student-aarav`):
 * letters, digits and `| _ . @ : + = -`, starting with a letter or digit. So `.`, `..`, `/` or `%2e` never reach a
 * path of an internal call as an id.
 */
export const USER_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9|_.@:+=-]{0,199}$/;
export const userIdSchema = (field: string) =>
  z
    .string({ message: `${field} must be a user id` })
    .trim()
    .min(1, `${field} is required`)
    .max(200, `${field} is too long`)
    .regex(USER_ID_PATTERN, `${field} must be a user id`);

export const purchaseRequestSchema = z.object({
  courseId: courseIdSchema,
  /** A parent buying for a linked child: the child's user id (the learner enrolled); absent: the caller learns. */
  learnerId: userIdSchema('learnerId').optional(),
  /** A coupon code: the server prices the order with it (or refuses with the reason). */
  couponCode: couponCodeSchema.optional(),
});
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;

export const verifyPaymentRequestSchema = z.object({
  razorpay_order_id: z.string().min(1, 'razorpay_order_id is required').max(64),
  razorpay_payment_id: z.string().min(1, 'razorpay_payment_id is required').max(64),
  razorpay_signature: z.string().min(1, 'razorpay_signature is required').max(256),
  purchaseId: z.uuid({ message: 'purchaseId must be a valid purchase id' }),
});
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequestSchema>;

export const courseProgressRequestSchema = z.object({ courseId: courseIdSchema });
export type CourseProgressRequest = z.infer<typeof courseProgressRequestSchema>;

export const updateProgressRequestSchema = z.object({
  courseId: courseIdSchema,
  lectureId: z.uuid({ message: 'lectureId must be a valid lecture id' }),
});
export type UpdateProgressRequest = z.infer<typeof updateProgressRequestSchema>;

export const addRatingRequestSchema = z.object({
  courseId: courseIdSchema,
  rating: z
    .number({ message: 'rating must be a number' })
    .int('rating must be a whole number')
    .min(MIN_RATING, `rating must be between ${MIN_RATING} and ${MAX_RATING}`)
    .max(MAX_RATING, `rating must be between ${MIN_RATING} and ${MAX_RATING}`),
});
export type AddRatingRequest = z.infer<typeof addRatingRequestSchema>;

export const COURSE_PAGE_MAX = 100;
export const SEARCH_TEXT_MAX = 100;

export const courseListQuerySchema = z.object({
  ...courseFilterQueryFields,
  search: z.string().trim().max(SEARCH_TEXT_MAX, `search must be at most ${SEARCH_TEXT_MAX} characters`).optional(),
  limit: z.coerce.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(COURSE_PAGE_MAX, `limit must be at most ${COURSE_PAGE_MAX}`).optional(),
  cursor: z.string().max(200).optional(),
});
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;

/**
 * Hard caps of the lists that have no pages (clamped: the newest rows are kept): an educator's own courses, a
 * learner's enrolled courses, and the points of the earnings chart (the latest days or months).
 */
export const EDUCATOR_COURSES_MAX = 500;
export const ENROLLED_COURSES_MAX = 200;
export const EARNINGS_SERIES_MAX_POINTS = { day: 366, month: 120 } as const;

/** Largest page of an educator's enrolled students; also the page a call without `limit` gets. */
export const ENROLLED_STUDENTS_PAGE_MAX = 100;

/** `GET /api/educator/enrolledStudents?limit=&cursor=`: newest first, keyset pages; a limit over the cap is a 400. */
/** Students Enrolled's filters: one course of the educator's, and words in the student's name or the course title. */
const enrolledStudentsFilterShape = {
  courseId: z.uuid({ message: 'courseId must be a valid course id' }).optional(),
  q: z
    .string()
    .trim()
    .max(100, 'The search may be at most 100 characters')
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
};
/** `GET /api/educator/enrolledStudents/export`: every row the filters keep, as CSV. */
export const enrolledStudentsExportQuerySchema = z.object(enrolledStudentsFilterShape);
export type EnrolledStudentsExportQuery = z.infer<typeof enrolledStudentsExportQuerySchema>;

export const enrolledStudentsQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ENROLLED_STUDENTS_PAGE_MAX, `limit must be at most ${ENROLLED_STUDENTS_PAGE_MAX}`)
    .optional(),
  cursor: z.string().min(1, 'cursor must not be empty').max(200, 'cursor is not valid: pass back the nextCursor of the previous page').optional(),
  ...enrolledStudentsFilterShape,
});
export type EnrolledStudentsQuery = z.infer<typeof enrolledStudentsQuerySchema>;

/** `GET /api/educator/earnings?granularity=day|month` (libs/contracts/src/earnings.ts); a day series when absent. */
export const earningsQuerySchema = z.object({
  granularity: z.enum(EARNINGS_GRANULARITIES, { message: 'granularity must be day or month' }).default('day'),
});
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;
