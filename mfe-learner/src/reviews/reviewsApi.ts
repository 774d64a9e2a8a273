// Calls of written reviews (progress service, /api/reviews/). Failures arrive as ApiError with the server's message.
import type { CourseReviewsPage, MyReview, ReviewSort } from '@academy/contracts';
import type { ApiClient } from '@academy/platform';

export function fetchCourseReviews(api: ApiClient, courseId: string, sort: ReviewSort, cursor: string | null): Promise<CourseReviewsPage> {
  const query = new URLSearchParams({ sort });
  if (cursor) query.set('cursor', cursor);
  return api.get<CourseReviewsPage>(`/reviews/course/${encodeURIComponent(courseId)}?${query.toString()}`);
}

export async function fetchMyReview(api: ApiClient, courseId: string): Promise<MyReview | null> {
  return (await api.get<{ review: MyReview | null }>(`/reviews/course/${encodeURIComponent(courseId)}/mine`)).review;
}

export async function writeReview(api: ApiClient, courseId: string, rating: number, text: string): Promise<string> {
  return (await api.put<{ message: string }>(`/reviews/course/${encodeURIComponent(courseId)}/mine`, { rating, text })).message;
}

export async function replyToReview(api: ApiClient, reviewId: string, text: string, hasReply: boolean): Promise<string> {
  const path = `/reviews/${encodeURIComponent(reviewId)}/reply`;
  return (await (hasReply ? api.put<{ message: string }>(path, { text }) : api.post<{ message: string }>(path, { text }))).message;
}

export async function setReviewHidden(api: ApiClient, reviewId: string, hidden: boolean): Promise<string> {
  return (await api.post<{ message: string }>(`/reviews/${encodeURIComponent(reviewId)}/hide`, { hidden })).message;
}

export async function reportReview(api: ApiClient, reviewId: string): Promise<string> {
  return (await api.post<{ message: string }>(`/reviews/${encodeURIComponent(reviewId)}/report`, {})).message;
}

export async function voteReviewHelpful(api: ApiClient, reviewId: string): Promise<string> {
  return (await api.post<{ message: string }>(`/reviews/${encodeURIComponent(reviewId)}/helpful`, {})).message;
}
