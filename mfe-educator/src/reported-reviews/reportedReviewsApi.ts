// Reported reviews (progress): the course's educator reads one of their courses; the academy's administrator all.
import { reviewsHideRoute, reviewsReportedRoute, type ReportedReview } from '@academy/contracts';
import { callApi, type ApiClient } from '@academy/platform';

export async function fetchReportedReviews(api: ApiClient, courseId: string | null): Promise<ReportedReview[]> {
  return (await callApi(api, reviewsReportedRoute, { query: { courseId: courseId ?? undefined } })).reviews;
}

/** Hides a review from learners or shows it again; the answer's message is the toast. */
export async function setReviewHidden(api: ApiClient, reviewId: string, hidden: boolean): Promise<string> {
  return (await callApi(api, reviewsHideRoute, { params: { reviewId }, body: { hidden } })).message;
}
