import type { CourseDetail, CourseListPage } from '@academy/contracts';
import type { CourseListFilters } from './courseListFilters';
import { ApiError, type ApiClient } from '@academy/platform';

/** Courses per request on the course list; the server pages with nextCursor so big catalogues stay fast. */
export const COURSE_LIST_PAGE_SIZE = 12;

export interface CoursePageQuery {
  /** Case-insensitive title search, done by the server. */
  search?: string;
  limit?: number;
  cursor?: string | null;
  /** Filters and sort, sent as they stand in the page's URL. */
  filters?: CourseListFilters;
}

export function coursePagePath({ search, limit, cursor, filters = {} }: CoursePageQuery): string {
  const params = new URLSearchParams();
  const trimmedSearch = search?.trim();
  if (trimmedSearch) params.set('search', trimmedSearch);
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (limit !== undefined) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/course/all?${query}` : '/course/all';
}

/** GET /api/course/all: one page of published courses. */
export async function fetchCoursePage(api: ApiClient, query: CoursePageQuery): Promise<CourseListPage> {
  const { courses, nextCursor, facets } = await api.get<Partial<CourseListPage>>(coursePagePath(query));
  // A success without the list would otherwise crash the views far from the cause.
  if (!Array.isArray(courses)) throw new ApiError('The server sent no course list');
  return { courses, nextCursor: nextCursor ?? null, ...(facets ? { facets } : {}) };
}

/** GET /api/course/:id: the course with its chapters (404 when unknown or unpublished, 400 when malformed). */
export async function fetchCourseDetail(api: ApiClient, courseId: string): Promise<CourseDetail> {
  const { courseData } = await api.get<{ courseData?: CourseDetail }>(`/course/${encodeURIComponent(courseId)}`);
  if (!courseData) throw new ApiError('The server sent no course data');
  return courseData;
}
