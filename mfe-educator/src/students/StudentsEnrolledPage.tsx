import { queryKeys, useApi } from '@academy/platform';
import { formatDate, type EnrolledStudentRecord } from '@academy/contracts';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { StudentCell } from '../common/StudentCell';
import type { RemoteData } from '../common/useRemoteData';
import { fetchEnrolledStudentsPage } from './data/studentsApi';
import { TableScroll } from '../common/TableScroll';

/**
 * The educator's sales, a page (the server's largest, 100) at a time through the shared query cache; each
 * "Load more students" asks for the next page with the cursor the last one gave.
 */
function useEnrolledStudents() {
  const api = useApi();
  const query = useInfiniteQuery({
    queryKey: queryKeys.educator.students(),
    queryFn: ({ pageParam }) => fetchEnrolledStudentsPage(api, pageParam),
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

/** /educator/students-enrolled: every purchase of the educator's courses, newest first; refunded ones marked. */
export function StudentsEnrolledPage() {
  const { state, reload, hasMore, loadingMore, moreFailed, loadMore } = useEnrolledStudents();
  return (
    <div className="students-enrolled">
      <h1 className="page-title">Students Enrolled</h1>
      {state.status === 'loading' && <LoadingView label="Loading enrolled students" />}
      {state.status === 'error' && <ErrorPanel title="Enrolled students could not be loaded" message={state.message} onRetry={reload} />}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <p>No students have enrolled yet.</p>
        ) : (
          <TableScroll label="Students enrolled">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col" className="data-table__index">#</th>
                  <th scope="col">Student Name</th>
                  <th scope="col">Course Title</th>
                  <th scope="col">Date</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {state.data.map((record, index) => (
                  <tr key={`${index}-${record.purchaseDate}`} className={record.refunded ? 'data-table__row--refunded' : undefined}>
                    <td className="data-table__index">{index + 1}</td>
                    <td><StudentCell student={record.student} /></td>
                    <td>{record.courseTitle}</td>
                    <td>
                      {Number.isNaN(Date.parse(record.purchaseDate)) ? (
                        'Invalid Date'
                      ) : (
                        <time dateTime={record.purchaseDate}>{formatDate(record.purchaseDate)}</time>
                      )}
                    </td>
                    <td>
                      {record.refunded ? (
                        <span className="status-tag status-tag--refunded">
                          Refunded{record.refundedAt ? ` on ${formatDate(record.refundedAt)}` : ''}
                        </span>
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
