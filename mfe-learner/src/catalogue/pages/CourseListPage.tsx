import { useEffect, useMemo, useRef, useState } from 'react';
import { useCurrentUser, useFormat, useTranslation } from '@academy/platform';
import { Link, useParams, useSearchParams } from '@academy/routing';
import { COURSE_SORTS, DEFAULT_COURSE_SORT, learnerPaths } from '@academy/contracts';
import { CourseGrid, CourseGridSkeleton, ErrorPanel } from '@academy/ui';
import { COURSE_LIST_PAGE_SIZE } from '../data/catalogueApi';
import { CourseFilterPanel } from '../components/CourseFilterPanel';
import { CourseSearchForm } from '../components/CourseSearchForm';
import { FilterSheet } from '../components/FilterSheet';
import { useIsPhone } from '../../common/useMediaQuery';
import { useTaxonomyLabels } from '../../common/taxonomy';
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
  const { t } = useTranslation('learner');
  const format = useFormat();
  const labels = useTaxonomyLabels();
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
  const results = list.status === 'ready' ? list.data : null;
  useInfiniteScroll(sentinel, list.loadMore, results !== null && results.hasMore && !results.isLoadingMore);
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
  const facets = results?.facets ?? null;
  const total = facets?.total ?? null;
  const filterPanel = <CourseFilterPanel filters={filters} facets={facets} onChange={choose} />;
  const chosen = chosenFilterCount(filters);
  const shown = results?.courses.length ?? 0;
  // "Showing 12 courses of 40 for “math”": the total only when more than shown, the search only when there is one.
  const countOptions = { count: shown, formatted: format.count(shown), total: total === null ? '' : format.count(total), search: searchText };
  const moreThanShown = total !== null && total > shown;
  const countText = searchText
    ? moreThanShown
      ? t('catalogue.list.showingOfTotalFor', countOptions)
      : t('catalogue.list.showingFor', countOptions)
    : moreThanShown
      ? t('catalogue.list.showingOfTotal', countOptions)
      : t('catalogue.list.showing', countOptions);

  return (
    <div className="course-list-page">
      <header className="course-list-page__header">
        <div>
          <h1 className="course-list-page__title">{t('catalogue.list.title')}</h1>
          <nav aria-label={t('catalogue.list.breadcrumb')} className="course-list-page__breadcrumb">
            <ol>
              <li>
                <Link to={learnerPaths.home}>{t('catalogue.list.home')}</Link>
              </li>
              <li aria-current="page">{t('catalogue.list.title')}</li>
            </ol>
          </nav>
        </div>
        <CourseSearchForm initialText={searchText} />
      </header>

      {searchText && <SearchFilterChip searchText={searchText} />}

      <div className="course-list-page__toolbar">
        {isPhone && (
          <button type="button" className="button button--secondary course-list-page__filters-button" aria-haspopup="dialog" onClick={() => setSheetOpen(true)}>
            {chosen > 0 ? t('catalogue.list.filtersChosen', { chosen }) : t('catalogue.filters.title')}
          </button>
        )}
        <label className="course-list-page__sort">
          <span>{t('catalogue.list.sortBy')}</span>
          <select value={filters.sort ?? DEFAULT_COURSE_SORT} onChange={(event) => choose('sort', event.target.value)}>
            {COURSE_SORTS.map((sort) => (
              <option key={sort.slug} value={sort.slug}>
                {labels.sort(sort.slug)}
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
        <aside className="course-list-page__sidebar" aria-label={t('catalogue.filters.title')}>
          {filterPanel}
          {chosen > 0 && (
            <button type="button" className="button button--secondary" onClick={clearFilters}>
              {t('catalogue.list.clearFilters')}
            </button>
          )}
        </aside>
      )}
      <div className="course-list-page__results">
      {list.status === 'loading' && <CourseGridSkeleton count={COURSE_LIST_PAGE_SIZE} />}
      {list.status === 'error' && (
        <ErrorPanel title={t('catalogue.list.loadFailed')} message={list.message} onRetry={list.reload} />
      )}
      {list.status === 'ready' && list.data.courses.length === 0 && <NoCoursesFound searchText={searchText} filtered={chosen > 0} onClear={clearFilters} />}
      {list.status === 'ready' && list.data.courses.length > 0 && (
        <>
          <p className="course-list-page__count" role="status">
            {countText}
          </p>
          <CourseGrid courses={list.data.courses} label={searchText ? t('catalogue.list.matching', { search: searchText }) : t('catalogue.list.allCourses')} />
          <div ref={sentinel} className="course-list-page__more">
            {list.data.hasMore && (
              <button
                type="button"
                className="button button--secondary"
                onClick={list.loadMore}
                disabled={list.data.isLoadingMore}
                aria-busy={list.data.isLoadingMore}
              >
                {list.data.isLoadingMore ? t('catalogue.list.loadingMore') : t('catalogue.list.loadMore')}
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
  const { t } = useTranslation('learner');
  return (
    <section className="course-list-page__empty" role="status">
      <h2>{t('catalogue.list.noneFound')}</h2>
      {filtered ? (
        <>
          <p>{searchText ? t('catalogue.list.noMatchFiltersAndSearch', { search: searchText }) : t('catalogue.list.noMatchFilters')}</p>
          <button type="button" className="button button--secondary" onClick={onClear}>
            {t('catalogue.list.clearFilters')}
          </button>
        </>
      ) : searchText ? (
        <>
          <p>{t('catalogue.list.noTitleContains', { search: searchText })}</p>
          <Link to={COURSE_LIST_PATH}>{t('catalogue.showAllCourses')}</Link>
        </>
      ) : (
        <p>{t('catalogue.list.nonePublished')}</p>
      )}
    </section>
  );
}
