// Calls of written reviews (progress service). Failures arrive as ApiError with the server's message.
import {
  reviewsEditReplyRoute,
  reviewsHelpfulRoute,
  reviewsHideRoute,
  reviewsListRoute,
  reviewsMineRoute,
  reviewsReplyRoute,
  reviewsReportRoute,
  reviewsWriteRoute,
  type CourseReviewsPage,
  type MyReview,
  type ReviewSort,
} from '@academy/contracts';
import { callApi, type ApiClient } from '@academy/platform';

export function fetchCourseReviews(api: ApiClient, courseId: string, sort: ReviewSort, cursor: string | null): Promise<CourseReviewsPage> {
  return callApi(api, reviewsListRoute, { params: { courseId }, query: { sort, cursor: cursor ?? undefined } });
}

export async function fetchMyReview(api: ApiClient, courseId: string): Promise<MyReview | null> {
  return (await callApi(api, reviewsMineRoute, { params: { courseId } })).review;
}

export async function writeReview(api: ApiClient, courseId: string, rating: number, text: string): Promise<string> {
  return (await callApi(api, reviewsWriteRoute, { params: { courseId }, body: { rating, text } })).message;
}

/** The educator's reply: written the first time, edited after. */
export async function replyToReview(api: ApiClient, reviewId: string, text: string, hasReply: boolean): Promise<string> {
  const input = { params: { reviewId }, body: { text } };
  return (await (hasReply ? callApi(api, reviewsEditReplyRoute, input) : callApi(api, reviewsReplyRoute, input))).message;
}

export async function setReviewHidden(api: ApiClient, reviewId: string, hidden: boolean): Promise<string> {
  return (await callApi(api, reviewsHideRoute, { params: { reviewId }, body: { hidden } })).message;
}

export async function reportReview(api: ApiClient, reviewId: string): Promise<string> {
  return (await callApi(api, reviewsReportRoute, { params: { reviewId }, body: {} })).message;
}

export async function voteReviewHelpful(api: ApiClient, reviewId: string): Promise<string> {
  return (await callApi(api, reviewsHelpfulRoute, { params: { reviewId } })).message;
}
