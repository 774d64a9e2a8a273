import { queryKeys } from '@academy/platform';
import { formatDate } from '@academy/contracts';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { StudentCell } from '../common/StudentCell';
import { useRemoteData } from '../common/useRemoteData';
import { fetchEnrolledStudents } from './data/studentsApi';
import { TableScroll } from '../common/TableScroll';

/** /educator/students-enrolled: every purchase of the educator's courses, newest first; refunded ones marked. */
export function StudentsEnrolledPage() {
  const { state, reload } = useRemoteData(queryKeys.educator.students(), fetchEnrolledStudents);
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
    </div>
  );
}
