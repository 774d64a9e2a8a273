import { useEffect, useMemo, useRef, useState } from 'react';
import { useCurrentUser } from '@academy/platform';
import { Link, useParams, useSearchParams } from '@academy/routing';
import { COURSE_SORTS, DEFAULT_COURSE_SORT, learnerPaths, pluralize } from '@academy/contracts';
import { CourseGrid, CourseGridSkeleton, ErrorPanel } from '@academy/ui';
import { COURSE_LIST_PAGE_SIZE } from '../data/catalogueApi';
import { CourseFilterPanel } from '../components/CourseFilterPanel';
import { CourseSearchForm } from '../components/CourseSearchForm';
import { FilterSheet } from '../components/FilterSheet';
import { useIsPhone } from '../../common/useMediaQuery';
import { chosenFilterCount, COURSE_LIST_FILTER_NAMES, filtersFromSearchParams, type CourseListFilterName } from '../data/courseListFilters';
import { SearchFilterChip } from '../components/SearchFilterChip';
import { COURSE_LIST_PATH } from '../data/catalogueRoutes';
import { useCourseList } from '../data/useCourseList';
import { useInfiniteScroll } from '../data/useInfiniteScroll';
import './CourseListPage.css';

/**
 * /course-list and /course-list/:input: the server's search results, a page at a time, narrowed by the filters
 * and ordered by the sort in the URL's query (`?class=8&subject=science&sort=rating`): a link can be shared, a
 * reload keeps them, and Back undoes the last choice. On a phone the filters open in a bottom sheet.
 */
export function CourseListPage() {
  const { input } = useParams<{ input?: string }>();
  const searchText = input?.trim() ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const { user } = useCurrentUser();
  // A signed-in learner's class is chosen for them when they arrive on the plain list (once per visit: clearing
  // it afterwards keeps it cleared). The URL then says so, like any other choice.
  const preselected = useRef(false);
  const preselectClass = !preselected.current && searchParams.toString() === '' && user?.schoolClass ? String(user.schoolClass) : null;
  useEffect(() => {
    if (!preselectClass) return;
    preselected.current = true;
    setSearchParams(new URLSearchParams({ class: preselectClass }), { replace: true });
  }, [preselectClass, setSearchParams]);
  const queryString = preselectClass ? `class=${preselectClass}` : searchParams.toString();
  const filters = useMemo(() => filtersFromSearchParams(new URLSearchParams(queryString)), [queryString]);
  const list = useCourseList(searchText, COURSE_LIST_PAGE_SIZE, filters);
  const sentinel = useRef<HTMLDivElement>(null);
  useInfiniteScroll(sentinel, list.loadMore, list.status === 'ready' && list.hasMore && !list.isLoadingMore);
  const isPhone = useIsPhone();
  const [sheetOpen, setSheetOpen] = useState(false);

  const choose = (name: CourseListFilterName, value: string | undefined) => {
    preselected.current = true;
    const next = new URLSearchParams(searchParams);
    if (value === undefined || (name === 'sort' && value === DEFAULT_COURSE_SORT)) next.delete(name);
    else next.set(name, value);
    setSearchParams(next);
  };
  const clearFilters = () => {
    preselected.current = true;
    const next = new URLSearchParams(searchParams);
    for (const name of COURSE_LIST_FILTER_NAMES) if (name !== 'sort') next.delete(name);
    setSearchParams(next);
  };
  const total = list.facets?.total ?? null;
  const filterPanel = <CourseFilterPanel filters={filters} facets={list.facets} onChange={choose} />;
  const chosen = chosenFilterCount(filters);

  return (
    <div className="course-list-page">
      <header className="course-list-page__header">
        <div>
          <h1 className="course-list-page__title">Course List</h1>
          <nav aria-label="Breadcrumb" className="course-list-page__breadcrumb">
            <ol>
              <li>
                <Link to={learnerPaths.home}>Home</Link>
              </li>
              <li aria-current="page">Course List</li>
            </ol>
          </nav>
        </div>
        <CourseSearchForm initialText={searchText} />
      </header>

      {searchText && <SearchFilterChip searchText={searchText} />}

      <div className="course-list-page__toolbar">
        {isPhone && (
          <button type="button" className="button button--secondary course-list-page__filters-button" aria-haspopup="dialog" onClick={() => setSheetOpen(true)}>
            Filters{chosen > 0 ? ` (${chosen})` : ''}
          </button>
        )}
        <label className="course-list-page__sort">
          <span>Sort by</span>
          <select value={filters.sort ?? DEFAULT_COURSE_SORT} onChange={(event) => choose('sort', event.target.value)}>
            {COURSE_SORTS.map((sort) => (
              <option key={sort.slug} value={sort.slug}>
                {sort.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {isPhone && sheetOpen && (
        <FilterSheet total={total} onClose={() => setSheetOpen(false)} onClear={clearFilters}>
          {filterPanel}
        </FilterSheet>
      )}

      <div className={isPhone ? 'course-list-page__body' : 'course-list-page__body course-list-page__body--with-sidebar'}>
      {!isPhone && (
        <aside className="course-list-page__sidebar" aria-label="Filters">
          {filterPanel}
          {chosen > 0 && (
            <button type="button" className="button button--secondary" onClick={clearFilters}>
              Clear filters
            </button>
          )}
        </aside>
      )}
      <div className="course-list-page__results">
      {list.status === 'loading' && <CourseGridSkeleton count={COURSE_LIST_PAGE_SIZE} />}
      {list.status === 'error' && (
        <ErrorPanel title="Courses could not be loaded" message={list.error ?? 'Please try again in a moment.'} onRetry={list.retry} />
      )}
      {list.status === 'ready' && list.courses.length === 0 && <NoCoursesFound searchText={searchText} filtered={chosen > 0} onClear={clearFilters} />}
      {list.status === 'ready' && list.courses.length > 0 && (
        <>
          <p className="course-list-page__count" role="status">
            Showing {pluralize(list.courses.length, 'course')}
            {total !== null && total > list.courses.length ? ` of ${total.toLocaleString('en-IN')}` : ''}
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
      </div>
    </div>
  );
}

function NoCoursesFound({ searchText, filtered, onClear }: { searchText: string; filtered: boolean; onClear(): void }) {
  return (
    <section className="course-list-page__empty" role="status">
      <h2>No courses found</h2>
      {filtered ? (
        <>
          <p>No course matches these filters{searchText ? ` and “${searchText}”` : ''}.</p>
          <button type="button" className="button button--secondary" onClick={onClear}>
            Clear filters
          </button>
        </>
      ) : searchText ? (
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
