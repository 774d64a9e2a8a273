import { downloadWithToken, errorMessage, queryKeys, useApi, usePortalAuth, useRuntimeConfig, useToast } from '@academy/platform';
import { formatDate, formatPrice, fromPaise, type EnrolledStudentRecord } from '@academy/contracts';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { StudentCell } from '../common/StudentCell';
import { useRemoteData, type RemoteData } from '../common/useRemoteData';
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
  });
  const state: RemoteData<EnrolledStudentRecord[]> =
    query.data !== undefined
      ? { status: 'ready', data: query.data.pages.flatMap((page) => page.enrolledStudents) }
      : query.isError
        ? { status: 'error', message: query.error.message }
        : { status: 'loading' };
  return {
    state,
    reload: () => void query.refetch(),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
    loadMore: () => void query.fetchNextPage(),
  };
}

const amountText = (record: EnrolledStudentRecord) => (record.amountPaise === 0 ? 'Free' : formatPrice(fromPaise(record.amountPaise)));

/**
 * /educator/students-enrolled: every purchase of the educator's courses, newest first, with what was paid; refunded
 * ones marked. A course filter, a search and a CSV export of what they keep. One card per sale on phones.
 */
export function StudentsEnrolledPage() {
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
      <h1 className="page-title">Students Enrolled</h1>
      <div className="filters" role="search" aria-label="Filter students">
        <div className="form-field">
          <label htmlFor={`${id}-search`}>Search by student or course</label>
          <input id={`${id}-search`} type="search" maxLength={100} value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-course`}>Course</label>
          <select id={`${id}-course`} value={courseId} onChange={(event) => setCourseId(event.target.value)}>
            <option value="">All my courses</option>
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
      {state.status === 'loading' && <LoadingView label="Loading enrolled students" />}
      {state.status === 'error' && <ErrorPanel title="Enrolled students could not be loaded" message={state.message} onRetry={reload} />}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <p>{filtered ? 'No students match these filters.' : 'No students have enrolled yet.'}</p>
        ) : (
          <TableScroll label="Students enrolled">
            <table className="data-table data-table--cards">
              <thead>
                <tr>
                  <th scope="col" className="data-table__index">#</th>
                  <th scope="col">Student Name</th>
                  <th scope="col">Course Title</th>
                  <th scope="col">Date</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {state.data.map((record, index) => (
                  <tr key={`${index}-${record.purchaseDate}`} className={record.refunded ? 'data-table__row--refunded' : undefined}>
                    <td className="data-table__index">{index + 1}</td>
                    <td className="data-table__lead" data-label="Student Name"><StudentCell student={record.student} /></td>
                    <td data-label="Course Title">{record.courseTitle}</td>
                    <td data-label="Date">
                      {Number.isNaN(Date.parse(record.purchaseDate)) ? (
                        'Invalid Date'
                      ) : (
                        <time dateTime={record.purchaseDate}>{formatDate(record.purchaseDate)}</time>
                      )}
                    </td>
                    <td data-label="Amount">{amountText(record)}</td>
                    <td data-label="Status">
                      {record.refunded ? (
                        <span className="status-tag status-tag--refunded">
                          Refunded{record.refundedAt ? ` on ${formatDate(record.refundedAt)}` : ''}
                        </span>
                      ) : record.amountPaise === 0 ? (
                        'Enrolled free'
                      ) : (
                        'Paid'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ))}
      {state.status === 'ready' && moreFailed && <p role="alert">More students could not be loaded just now.</p>}
      {state.status === 'ready' && hasMore && (
        <button type="button" className="button button--secondary" onClick={loadMore} disabled={loadingMore} aria-busy={loadingMore}>
          {loadingMore ? 'Loading more students…' : moreFailed ? 'Try again' : 'Load more students'}
        </button>
      )}
    </div>
  );
}

/** Downloads what the filters keep as CSV (bearer token, so through a blob link). */
function ExportButton({ filter }: { filter: StudentsFilter }) {
  const { apiBaseUrl } = useRuntimeConfig();
  const { getAccessTokenSilently } = usePortalAuth();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const token = (await getAccessTokenSilently()) ?? '';
      const fileName = await downloadWithToken(apiBaseUrl, token, `/educator/enrolledStudents/export${studentsQuery(filter)}`, 'the list', 'students-enrolled.csv');
      toast.success(`Downloaded ${fileName}`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--secondary" onClick={() => void download()} disabled={busy} aria-busy={busy}>
      {busy ? 'Preparing CSV…' : 'Export CSV'}
    </button>
  );
}
