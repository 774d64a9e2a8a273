import { useCallback, useEffect, useRef, useState } from 'react';
import type { CourseSummary } from '@academy/contracts';
import { errorMessage, useApi, useToast } from '@academy/platform';
import { COURSE_LIST_PAGE_SIZE, fetchCoursePage } from './catalogueApi';

export type CourseListStatus = 'loading' | 'ready' | 'error';

export interface CourseListState {
  status: CourseListStatus;
  courses: CourseSummary[];
  /** True when the server said more results follow. */
  hasMore: boolean;
  isLoadingMore: boolean;
  error: string | null;
  /** Fetches the next page (no-op while one is on its way or when there is none). */
  loadMore(): void;
  /** Starts again from the first page (after an error). */
  retry(): void;
}

/** Server-side search results, one page at a time, following the server's nextCursor. */
export function useCourseList(search: string, pageSize = COURSE_LIST_PAGE_SIZE): CourseListState {
  const api = useApi();
  const toast = useToast();
  const [status, setStatus] = useState<CourseListStatus>('loading');
  const [courses, setCourses] = useState<CourseSummary[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Answers for an older search (or after unmount) are dropped: only the latest generation may write.
  const generation = useRef(0);
  const loadingMore = useRef(false);

  useEffect(() => {
    const current = ++generation.current;
    loadingMore.current = false;
    setStatus('loading');
    setCourses([]);
    setNextCursor(null);
    setIsLoadingMore(false);
    setError(null);
    fetchCoursePage(api, { search, limit: pageSize }).then(
      (page) => {
        if (current !== generation.current) return;
        setCourses(page.courses);
        setNextCursor(page.nextCursor ?? null);
        setStatus('ready');
      },
      (failure: unknown) => {
        if (current !== generation.current) return;
        const message = errorMessage(failure);
        setError(message);
        setStatus('error');
        toast.error(message);
      },
    );
    return () => {
      generation.current++;
    };
  }, [api, toast, search, pageSize, attempt]);

  const loadMore = useCallback(() => {
    if (!nextCursor || loadingMore.current) return;
    const current = generation.current;
    loadingMore.current = true;
    setIsLoadingMore(true);
    fetchCoursePage(api, { search, limit: pageSize, cursor: nextCursor })
      .then(
        (page) => {
          if (current !== generation.current) return;
          // The cursor is the server's: a course is never sent twice, but guard anyway against duplicates.
          setCourses((shown) => {
            const seen = new Set(shown.map((course) => course._id));
            return [...shown, ...page.courses.filter((course) => !seen.has(course._id))];
          });
          setNextCursor(page.nextCursor ?? null);
        },
        (failure: unknown) => {
          if (current === generation.current) toast.error(errorMessage(failure));
        },
      )
      .finally(() => {
        if (current !== generation.current) return;
        loadingMore.current = false;
        setIsLoadingMore(false);
      });
  }, [api, toast, search, pageSize, nextCursor]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  return { status, courses, hasMore: nextCursor !== null, isLoadingMore, error, loadMore, retry };
}
