import {
  earningsPath,
  type DashboardData,
  type EarningsGranularity,
  type EarningsPoint,
} from '@academy/contracts';
import { ApiError, type ApiClient } from '@academy/platform';

/** GET /api/educator/dashboard (commerce). */
export async function fetchDashboard(api: ApiClient): Promise<DashboardData> {
  const { dashboardData } = await api.get<{ dashboardData?: DashboardData }>('/educator/dashboard');
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
 * GET /api/educator/earnings?granularity=day|month (commerce, contract in libs/contracts/src/earnings.ts).
 * A 404 means commerce does not serve the aggregates yet: that is an empty series, not an error.
 */
export async function fetchEarningsSeries(api: ApiClient, granularity: EarningsGranularity): Promise<EarningsPoint[]> {
  try {
    const { series } = await api.get<{ series?: EarningsPoint[] }>(earningsPath(granularity));
    return Array.isArray(series) ? series.filter((point) => typeof point?.period === 'string') : [];
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404) return [];
    throw failure;
  }
}
