import type { CourseFacetCounts, CourseSummary } from '@academy/contracts';
import { queryKeys, useApi } from '@academy/platform';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { COURSE_LIST_PAGE_SIZE, fetchCoursePage } from './catalogueApi';
import type { CourseListFilters } from './courseListFilters';

export type CourseListStatus = 'loading' | 'ready' | 'error';

export interface CourseListState {
  status: CourseListStatus;
  courses: CourseSummary[];
  /** True when the server said more results follow. */
  hasMore: boolean;
  isLoadingMore: boolean;
  /** Counts per filter value (from the first page); null until it arrives. */
  facets: CourseFacetCounts | null;
  error: string | null;
  /** Fetches the next page (no-op while one is on its way or when there is none). */
  loadMore(): void;
  /** Starts again from the first page (after an error). */
  retry(): void;
}

/** Server-side search results, one page at a time, following the server's nextCursor (useInfiniteQuery). */
export function useCourseList(search: string, pageSize = COURSE_LIST_PAGE_SIZE, filters: CourseListFilters = {}): CourseListState {
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
  const retry = useCallback(() => void refetch(), [refetch]);

  // A failed "load more" keeps the courses shown (the platform toasts the failure).
  const status: CourseListStatus = data ? 'ready' : query.isError ? 'error' : 'loading';
  return {
    status,
    courses,
    hasMore: hasNextPage,
    isLoadingMore: isFetchingNextPage,
    facets: data?.pages[0]?.facets ?? null,
    error: status === 'error' ? (query.error?.message ?? null) : null,
    loadMore,
    retry,
  };
}
