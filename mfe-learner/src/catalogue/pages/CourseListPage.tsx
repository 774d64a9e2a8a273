import { useRef } from 'react';
import { Link, useParams } from '@academy/routing';
import { pluralize } from '@academy/contracts';
import { CourseGrid, CourseGridSkeleton, ErrorPanel } from '@academy/ui';
import { COURSE_LIST_PAGE_SIZE } from '../data/catalogueApi';
import { CourseSearchForm } from '../components/CourseSearchForm';
import { SearchFilterChip } from '../components/SearchFilterChip';
import { COURSE_LIST_PATH } from '../data/catalogueRoutes';
import { useCourseList } from '../data/useCourseList';
import { useInfiniteScroll } from '../data/useInfiniteScroll';
import './CourseListPage.css';

/** /course-list and /course-list/:input: the server's search results, a page at a time. */
export function CourseListPage() {
  const { input } = useParams<{ input?: string }>();
  const searchText = input?.trim() ?? '';
  const list = useCourseList(searchText);
  const sentinel = useRef<HTMLDivElement>(null);
  useInfiniteScroll(sentinel, list.loadMore, list.status === 'ready' && list.hasMore && !list.isLoadingMore);

  return (
    <div className="course-list-page">
      <header className="course-list-page__header">
        <div>
          <h1 className="course-list-page__title">Course List</h1>
          <nav aria-label="Breadcrumb" className="course-list-page__breadcrumb">
            <ol>
              <li>
                <Link to="/">Home</Link>
              </li>
              <li aria-current="page">Course List</li>
            </ol>
          </nav>
        </div>
        <CourseSearchForm initialText={searchText} />
      </header>

      {searchText && <SearchFilterChip searchText={searchText} />}

      {list.status === 'loading' && <CourseGridSkeleton count={COURSE_LIST_PAGE_SIZE} />}
      {list.status === 'error' && (
        <ErrorPanel title="Courses could not be loaded" message={list.error ?? 'Please try again in a moment.'} onRetry={list.retry} />
      )}
      {list.status === 'ready' && list.courses.length === 0 && <NoCoursesFound searchText={searchText} />}
      {list.status === 'ready' && list.courses.length > 0 && (
        <>
          <p className="course-list-page__count" role="status">
            Showing {pluralize(list.courses.length, 'course')}
            {searchText ? ` for “${searchText}”` : ''}
          </p>
          <CourseGrid courses={list.courses} label={searchText ? `Courses matching ${searchText}` : 'All courses'} />
          <div ref={sentinel} className="course-list-page__more">
            {list.hasMore && (
              <button
                type="button"
                className="button button--secondary"
                onClick={list.loadMore}
                disabled={list.isLoadingMore}
                aria-busy={list.isLoadingMore}
              >
                {list.isLoadingMore ? 'Loading…' : 'Load more'}
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}

function NoCoursesFound({ searchText }: { searchText: string }) {
  return (
    <section className="course-list-page__empty" role="status">
      <h2>No courses found</h2>
      {searchText ? (
        <>
          <p>No course title contains “{searchText}”. Try another word, or browse every course.</p>
          <Link to={COURSE_LIST_PATH}>Show all courses</Link>
        </>
      ) : (
        <p>No courses are published yet. Please come back soon.</p>
      )}
    </section>
  );
}
