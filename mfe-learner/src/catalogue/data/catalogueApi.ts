import { apiPath, coursesDetailRoute, coursesListRoute, type CourseDetail, type courseListQuerySchema, type CourseListPage } from '@academy/contracts';
import i18next from 'i18next';
import type { z } from 'zod';
import type { CourseListFilters } from './courseListFilters';
import { ApiError, callApi, type ApiClient } from '@academy/platform';

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

/** The list's query: the trimmed search, the chosen filters and the page (blank values are left out of the address). */
export function coursePageQuery({ search, limit, cursor, filters = {} }: CoursePageQuery): z.input<typeof courseListQuerySchema> {
  const trimmedSearch = search?.trim();
  return {
    ...(trimmedSearch ? { search: trimmedSearch } : {}),
    // Each filter was checked against the values the server takes when it was read from the page's URL.
    ...(filters as z.input<typeof courseListQuerySchema>),
    ...(limit !== undefined ? { limit } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** The list's address with its query, as the page asks for it. */
export function coursePagePath(query: CoursePageQuery): string {
  return apiPath(coursesListRoute, { query: coursePageQuery(query) });
}

/** One page of published courses. */
export async function fetchCoursePage(api: ApiClient, query: CoursePageQuery): Promise<CourseListPage> {
  // Read as partial: a success without the list would otherwise crash the views far from the cause.
  const { courses, nextCursor, facets }: Partial<CourseListPage> = await callApi(api, coursesListRoute, { query: coursePageQuery(query) });
  if (!Array.isArray(courses)) throw new ApiError(i18next.t('learner:catalogue.errors.noCourseList'));
  return { courses, nextCursor: nextCursor ?? null, ...(facets ? { facets } : {}) };
}

/** The course with its chapters (404 when unknown or unpublished, 400 when malformed). */
export async function fetchCourseDetail(api: ApiClient, courseId: string): Promise<CourseDetail> {
  const { courseData }: { courseData?: CourseDetail } = await callApi(api, coursesDetailRoute, { params: { id: courseId } });
  if (!courseData) throw new ApiError(i18next.t('learner:catalogue.errors.noCourseData'));
  return courseData;
}
