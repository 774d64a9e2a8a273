import {
  downloadWithToken,
  errorMessage,
  type Formatters,
  queryKeys,
  toLoadable,
  useApi,
  useFormat,
  useInfiniteQuery,
  usePortalAuth,
  useRuntimeConfig,
  useToast,
  useTranslation,
} from '@academy/platform';
import { fromPaise, type EnrolledStudentRecord } from '@academy/contracts';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useEffect, useId, useState } from 'react';
import { StudentCell } from '../common/StudentCell';
import { useRemoteData } from '../common/useRemoteData';
import { fetchMyCourses } from '../my-courses/data/myCoursesApi';
import { fetchEnrolledStudentsPage, studentsQuery, type StudentsFilter } from './data/studentsApi';
import { TableScroll } from '../common/TableScroll';

/** How long typing pauses before the list is asked again. */
const SEARCH_DELAY_MS = 300;

/**
 * The educator's sales for the filters, a page (the server's largest, 100) at a time through the shared query
 * cache; each "Load more students" asks for the next page with the cursor the last one gave.
 */
function useEnrolledStudents(filter: StudentsFilter) {
  const api = useApi();
  const query = useInfiniteQuery({
    queryKey: queryKeys.educator.students(filter),
    queryFn: ({ pageParam }) => fetchEnrolledStudentsPage(api, pageParam, filter),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    // The pages read as one list; the cursors stay with the query.
    select: (data) => data.pages.flatMap((page) => page.enrolledStudents),
  });
  const { reload, ...state } = toLoadable<EnrolledStudentRecord[]>(query);
  return {
    state,
    reload,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
    loadMore: () => void query.fetchNextPage(),
  };
}

const amountText = (record: EnrolledStudentRecord, format: Formatters, free: string) => (record.amountPaise === 0 ? free : format.price(fromPaise(record.amountPaise)));

/**
 * /educator/students-enrolled: every purchase of the educator's courses, newest first, with what was paid; refunded
 * ones marked. A course filter, a search and a CSV export of what they keep. One card per sale on phones.
 */
export function StudentsEnrolledPage() {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const id = useId();
  const courses = useRemoteData(queryKeys.educator.myCourses(), fetchMyCourses);
  const [courseId, setCourseId] = useState('');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const filter: StudentsFilter = { ...(courseId ? { courseId } : {}), ...(search ? { q: search } : {}) };
  const { state, reload, hasMore, loadingMore, moreFailed, loadMore } = useEnrolledStudents(filter);
  const filtered = courseId !== '' || search !== '';
  return (
    <div className="students-enrolled">
      <h1 className="page-title">{t('students.title')}</h1>
      <div className="filters" role="search" aria-label={t('students.filter')}>
        <div className="form-field">
          <label htmlFor={`${id}-search`}>{t('students.search')}</label>
          <input id={`${id}-search`} type="search" maxLength={100} value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-course`}>{t('common.course')}</label>
          <select id={`${id}-course`} value={courseId} onChange={(event) => setCourseId(event.target.value)}>
            <option value="">{t('common.allMyCourses')}</option>
            {courses.state.status === 'ready' &&
              courses.state.data.map((course) => (
                <option key={course._id} value={course._id}>
                  {course.courseTitle}
                </option>
              ))}
          </select>
        </div>
        <ExportButton filter={filter} />
      </div>
      {state.status === 'loading' && <LoadingView label={t('students.loading')} />}
      {state.status === 'error' && <ErrorPanel title={t('students.failed')} message={state.message} onRetry={reload} />}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <p>{filtered ? t('students.noMatch') : t('students.none')}</p>
        ) : (
          <TableScroll label={t('students.table')}>
            <table className="data-table data-table--cards">
              <thead>
                <tr>
                  <th scope="col" className="data-table__index">#</th>
                  <th scope="col">{t('common.studentName')}</th>
                  <th scope="col">{t('common.courseTitle')}</th>
                  <th scope="col">{t('students.date')}</th>
                  <th scope="col">{t('students.amount')}</th>
                  <th scope="col">{t('students.status')}</th>
                </tr>
              </thead>
              <tbody>
                {state.data.map((record, index) => (
                  <tr key={`${index}-${record.purchaseDate}`} className={record.refunded ? 'data-table__row--refunded' : undefined}>
                    <td className="data-table__index">{format.count(index + 1)}</td>
                    <td className="data-table__lead" data-label={t('common.studentName')}><StudentCell student={record.student} /></td>
                    <td data-label={t('common.courseTitle')}>{record.courseTitle}</td>
                    <td data-label={t('students.date')}>
                      {Number.isNaN(Date.parse(record.purchaseDate)) ? (
                        t('students.invalidDate')
                      ) : (
                        <time dateTime={record.purchaseDate}>{format.date(record.purchaseDate)}</time>
                      )}
                    </td>
                    <td data-label={t('students.amount')}>{amountText(record, format, t('students.free'))}</td>
                    <td data-label={t('students.status')}>
                      {record.refunded ? (
                        <span className="status-tag status-tag--refunded">
                          {record.refundedAt ? t('students.refundedOn', { date: format.date(record.refundedAt) }) : t('students.refunded')}
                        </span>
                      ) : record.amountPaise === 0 ? (
                        t('students.enrolledFree')
                      ) : (
                        t('students.paid')
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ))}
      {state.status === 'ready' && moreFailed && <p role="alert">{t('students.moreFailed')}</p>}
      {state.status === 'ready' && hasMore && (
        <button type="button" className="button button--secondary" onClick={loadMore} disabled={loadingMore} aria-busy={loadingMore}>
          {loadingMore ? t('students.loadingMore') : moreFailed ? t('students.tryAgain') : t('students.loadMore')}
        </button>
      )}
    </div>
  );
}

/** Downloads what the filters keep as CSV (bearer token, so through a blob link). */
function ExportButton({ filter }: { filter: StudentsFilter }) {
  const { t } = useTranslation('educator');
  const { apiBaseUrl } = useRuntimeConfig();
  const { getAccessTokenSilently } = usePortalAuth();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const token = (await getAccessTokenSilently()) ?? '';
      const fileName = await downloadWithToken(apiBaseUrl, token, `/educator/enrolledStudents/export${studentsQuery(filter)}`, 'the list', 'students-enrolled.csv');
      toast.success(t('common.downloaded', { fileName }));
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--secondary" onClick={() => void download()} disabled={busy} aria-busy={busy}>
      {busy ? t('students.preparingCsv') : t('students.exportCsv')}
    </button>
  );
}
