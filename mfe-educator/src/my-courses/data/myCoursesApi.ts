import type { CoursePublicationResult, EducatorCourse } from '@academy/contracts';
import { ApiError, type ApiClient } from '@academy/platform';

/** GET /api/educator/courses (catalogue): the caller's own courses with their figures. */
export async function fetchMyCourses(api: ApiClient): Promise<EducatorCourse[]> {
  const { courses } = await api.get<{ courses?: EducatorCourse[] }>('/educator/courses');
  if (!Array.isArray(courses)) throw new ApiError('The server sent no course list');
  return courses;
}

/** POST /api/educator/courses/:id/publish or .../unpublish. */
export async function setCoursePublished(api: ApiClient, courseId: string, publish: boolean): Promise<CoursePublicationResult> {
  return api.post<CoursePublicationResult>(`/educator/courses/${encodeURIComponent(courseId)}/${publish ? 'publish' : 'unpublish'}`);
}
