// Reported reviews (progress): the course's educator reads one of their courses; the academy's administrator all.
import type { ReportedReview, ReportedReviewsAnswer } from '@academy/contracts';
import type { ApiClient } from '@academy/platform';

export async function fetchReportedReviews(api: ApiClient, courseId: string | null): Promise<ReportedReview[]> {
  const query = courseId ? `?courseId=${encodeURIComponent(courseId)}` : '';
  return (await api.get<ReportedReviewsAnswer>(`/reviews/reported${query}`)).reviews;
}

/** Hides a review from learners or shows it again; the answer's message is the toast. */
export async function setReviewHidden(api: ApiClient, reviewId: string, hidden: boolean): Promise<string> {
  return (await api.post<{ message: string }>(`/reviews/${encodeURIComponent(reviewId)}/hide`, { hidden })).message;
}
