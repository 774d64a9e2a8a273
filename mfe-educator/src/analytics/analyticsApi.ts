// The educator's lecture analytics (progress): one course's figures from the worker's aggregates.
import { EDUCATOR_ANALYTICS_PATH, type CourseAnalytics, type CourseAnalyticsAnswer } from '@academy/contracts';
import type { ApiClient } from '@academy/platform';

export async function fetchCourseAnalytics(api: ApiClient, courseId: string): Promise<CourseAnalytics> {
  return (await api.get<CourseAnalyticsAnswer>(`${EDUCATOR_ANALYTICS_PATH}/${encodeURIComponent(courseId)}`)).analytics;
}
