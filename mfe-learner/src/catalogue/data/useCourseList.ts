import type { CourseFacetCounts, CourseSummary } from '@academy/contracts';
import { type Loadable, queryKeys, toLoadable, useApi, useInfiniteQuery } from '@academy/platform';
import { useCallback, useMemo } from 'react';
import { COURSE_LIST_PAGE_SIZE, fetchCoursePage } from './catalogueApi';
import type { CourseListFilters } from './courseListFilters';

/** The results so far, as the list page reads them. */
export interface CourseListData {
  courses: CourseSummary[];
  /** True when the server said more results follow. */
  hasMore: boolean;
  isLoadingMore: boolean;
  /** Counts per filter value (from the first page); null when it did not send them. */
  facets: CourseFacetCounts | null;
}

/**
 * Server-side search results, one page at a time, following the server's nextCursor (useInfiniteQuery), as the
 * one `Loadable` shape (`toLoadable`'s rules: what is shown stays while a later page fails). `reload` starts again
 * from the first page; `loadMore` fetches the next (a no-op while one is on its way or when there is none).
 */
export function useCourseList(
  search: string,
  pageSize = COURSE_LIST_PAGE_SIZE,
  filters: CourseListFilters = {},
): Loadable<CourseListData> & { reload(): void; loadMore(): void } {
  const api = useApi();
  const query = useInfiniteQuery({
    queryKey: queryKeys.catalogue.list(search.trim(), pageSize, filters as Record<string, string>),
    queryFn: ({ pageParam }) => fetchCoursePage(api, { search, limit: pageSize, cursor: pageParam, filters }),
    // While another filter's first page loads, the list shown stays (no skeleton flash between choices).
    placeholderData: (previous) => previous,
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? null,
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;

  // The cursor is the server's: a course is never sent twice, but guard anyway against duplicates.
  const courses = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? []).flatMap((page) => page.courses).filter((course) => !seen.has(course._id) && Boolean(seen.add(course._id)));
  }, [data]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The pages read as one list; a failed "load more" keeps the courses shown (the platform toasts the failure).
  const loadable = toLoadable<CourseListData>({
    data: data ? { courses, hasMore: hasNextPage, isLoadingMore: isFetchingNextPage, facets: data.pages[0]?.facets ?? null } : undefined,
    isError: query.isError,
    error: query.error,
    refetch,
  });
  return { ...loadable, loadMore };
}
