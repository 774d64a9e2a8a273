import { educatorDashboardRoute, educatorEarningsSeriesRoute, type DashboardData, type EarningsGranularity, type EarningsPoint } from '@academy/contracts';
import { ApiError, callApi, type ApiClient } from '@academy/platform';

/** The educator's dashboard figures (commerce). */
export async function fetchDashboard(api: ApiClient): Promise<DashboardData> {
  // Read as partial: a server that sends only the spec's fields still gives a dashboard.
  const dashboardData: Partial<DashboardData> | undefined = (await callApi(api, educatorDashboardRoute)).dashboardData;
  if (!dashboardData) throw new ApiError('The server sent no dashboard data');
  const enrolledStudentsData = Array.isArray(dashboardData.enrolledStudentsData) ? dashboardData.enrolledStudentsData : [];
  return {
    // A server that sends only the spec's fields lists every enrolment, so the list's length is the total.
    totalEnrolments: dashboardData.totalEnrolments ?? enrolledStudentsData.length,
    totalCourses: dashboardData.totalCourses ?? 0,
    totalEarnings: dashboardData.totalEarnings ?? 0,
    enrolledStudentsData,
  };
}

/**
 * The earnings per day or month (commerce, contract in libs/contracts/src/earnings.ts).
 * A 404 means commerce does not serve the aggregates yet: that is an empty series, not an error.
 */
export async function fetchEarningsSeries(api: ApiClient, granularity: EarningsGranularity): Promise<EarningsPoint[]> {
  try {
    const series: EarningsPoint[] | undefined = (await callApi(api, educatorEarningsSeriesRoute, { query: { granularity } })).series;
    return Array.isArray(series) ? series.filter((point) => typeof point?.period === 'string') : [];
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404) return [];
    throw failure;
  }
}
