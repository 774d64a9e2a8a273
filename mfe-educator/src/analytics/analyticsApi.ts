// The educator's lecture analytics (progress): one course's figures from the worker's aggregates.
import { analyticsCourseAnalyticsRoute, type CourseAnalytics } from '@academy/contracts';
import { callApi, type ApiClient } from '@academy/platform';

export async function fetchCourseAnalytics(api: ApiClient, courseId: string): Promise<CourseAnalytics> {
  return (await callApi(api, analyticsCourseAnalyticsRoute, { params: { courseId } })).analytics;
}
