import { z } from 'zod';
import { MAX_RATING, MIN_RATING } from './ratings.js';

/** Longest review and reply, counted after the text is reduced to plain text. */
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEW_REPORT_REASON_MAX = 500;
/** Reviews per page of the course page's list ("More reviews" asks for the next page). */
export const REVIEW_PAGE_SIZE = 5;
export const REVIEW_PAGE_MAX = 50;

export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

// Raw input may carry markup that sanitising removes, so the raw limit is looser than the stored one.
const rawText = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .max(max * 2, `${field} must be at most ${max} characters`);

/** PUT /api/reviews/course/:courseId/mine: write or edit the caller's review; its rating is the caller's rating. */
export const writeReviewRequestSchema = z.object({
  rating: z
    .number({ message: 'rating must be a number' })
    .int('rating must be a whole number')
    .min(MIN_RATING, `rating must be between ${MIN_RATING} and ${MAX_RATING}`)
    .max(MAX_RATING, `rating must be between ${MIN_RATING} and ${MAX_RATING}`),
  text: rawText('Review', REVIEW_TEXT_MAX),
});
export type WriteReviewRequest = z.infer<typeof writeReviewRequestSchema>;

/** POST and PUT /api/reviews/:reviewId/reply: the course's educator's answer. */
export const reviewReplyRequestSchema = z.object({ text: rawText('Reply', REVIEW_REPLY_MAX) });
export type ReviewReplyRequest = z.infer<typeof reviewReplyRequestSchema>;

/** POST /api/reviews/:reviewId/report: why the review should be looked at (optional). */
export const reviewReportRequestSchema = z.object({ reason: rawText('Reason', REVIEW_REPORT_REASON_MAX).optional() });
export type ReviewReportRequest = z.infer<typeof reviewReportRequestSchema>;

/** POST /api/reviews/:reviewId/hide: the course's educator hides or shows a review again. */
export const reviewHideRequestSchema = z.object({ hidden: z.boolean({ message: 'hidden must be true or false' }) });
export type ReviewHideRequest = z.infer<typeof reviewHideRequestSchema>;

export const reviewIdSchema = z.uuid({ message: 'reviewId must be a valid review id' });

/** GET /api/reviews/course/:courseId query. `cursor` is the `nextCursor` of the page before. */
export const reviewListQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS, { message: `sort must be one of ${REVIEW_SORTS.join(', ')}` }).default('newest'),
  cursor: z.string().max(200, 'cursor is not valid').optional(),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(REVIEW_PAGE_MAX, `limit must be at most ${REVIEW_PAGE_MAX}`)
    .default(REVIEW_PAGE_SIZE),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

export interface ReviewReply {
  text: string;
  educatorName: string;
  createdAt: string;
  updatedAt: string;
}

export interface CourseReview {
  _id: string;
  courseId: string;
  userName: string;
  rating: number;
  text: string;
  helpfulCount: number;
  createdAt: string;
  updatedAt: string;
  reply: ReviewReply | null;
  /** Only the course's educator sees hidden reviews (marked so); everyone else never receives them. */
  hidden: boolean;
  /** For the signed-in caller: their review, whether they voted it helpful, whether they reported it. */
  isMine: boolean;
  votedHelpful: boolean;
  reported: boolean;
}

/** Count of ratings per star, 1 to 5 (every rating of the course, with or without text). */
export type RatingHistogram = Record<'1' | '2' | '3' | '4' | '5', number>;

export interface CourseReviewsPage {
  success: true;
  histogram: RatingHistogram;
  reviews: CourseReview[];
  nextCursor: string | null;
  /** True when the signed-in caller is the course's educator (may reply and hide). */
  isEducator: boolean;
}

export interface MyReview {
  _id: string;
  rating: number;
  text: string;
}

// ---- Reported reviews: the course's educator reads reports on their course; the academy reads them all ----

/** The newest reported reviews a moderation list shows (by their latest report). */
export const REPORTED_REVIEWS_MAX = 50;

/** GET /api/reviews/reported?courseId=…: required for an educator (their course), optional for the academy. */
export const reportedReviewsQuerySchema = z.object({ courseId: z.uuid({ message: 'courseId must be a valid course id' }).optional() });
export type ReportedReviewsQuery = z.infer<typeof reportedReviewsQuerySchema>;

/** One report as moderators see it: never who sent it. */
export interface ReviewReportSummary {
  reason: string;
  reportedAt: string;
}

export interface ReportedReview {
  _id: string;
  courseId: string;
  courseTitle: string;
  userName: string;
  rating: number;
  text: string;
  createdAt: string;
  hidden: boolean;
  reportCount: number;
  lastReportedAt: string;
  /** Newest first. */
  reports: ReviewReportSummary[];
}

export interface ReportedReviewsAnswer {
  success: true;
  reviews: ReportedReview[];
}
