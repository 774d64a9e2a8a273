import {
  educatorCoursesMyCoursesRoute,
  educatorCoursesPublishRoute,
  educatorCoursesUnpublishRoute,
  educatorEarningsByCourseRoute,
  type CoursePublicationResult,
  type EducatorCourse,
  type EducatorCourseListing,
} from '@academy/contracts';
import { ApiError, callApi, type ApiClient } from '@academy/platform';

/** GET /api/educator/courses (catalogue): the caller's own courses, for lists and pickers. */
export async function fetchMyCourses(api: ApiClient): Promise<EducatorCourseListing[]> {
  // Read as partial: a success without the list would otherwise crash the pages far from the cause.
  const { courses }: { courses?: EducatorCourseListing[] } = await callApi(api, educatorCoursesMyCoursesRoute);
  if (!Array.isArray(courses)) throw new ApiError('The server sent no course list');
  return courses;
}

/**
 * My Courses' rows: catalogue's list joined with commerce's ledger (GET /api/educator/earnings/by-course), asked at
 * once. A course with no sale yet has no ledger row: ₹0.
 */
export async function fetchMyCoursesWithEarnings(api: ApiClient): Promise<EducatorCourse[]> {
  const [courses, ledger] = await Promise.all([fetchMyCourses(api), callApi(api, educatorEarningsByCourseRoute)]);
  if (!Array.isArray(ledger.courses)) throw new ApiError('The server sent no earnings');
  const earnings = new Map(ledger.courses.map((row) => [row.courseId, row.earnings]));
  return courses.map((course) => ({ ...course, earnings: earnings.get(course._id) ?? 0 }));
}

/** POST /api/educator/courses/:id/publish or .../unpublish. */
export async function setCoursePublished(api: ApiClient, courseId: string, publish: boolean): Promise<CoursePublicationResult> {
  return callApi(api, publish ? educatorCoursesPublishRoute : educatorCoursesUnpublishRoute, { params: { id: courseId } });
}
