import { queryKeys, useApi } from '@academy/platform';
import { useQuery } from '@tanstack/react-query';
import { formatPrice, formatWaitingTime } from '@academy/contracts';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { Link } from '@academy/routing';
import { educatorPaths } from '../common/educatorPaths';
import { useRemoteData } from '../common/useRemoteData';
import { StudentCell } from '../common/StudentCell';
import { EarningsPanel } from './components/EarningsPanel';
import { StatCard } from './components/StatCard';
import { fetchDashboard } from './data/dashboardApi';
import { fetchDoubtSummary } from '../inbox/inboxApi';
import { fetchAwaitingReviewCount } from '../assignments/assignmentsApi';
import './dashboard.css';
import { TableScroll } from '../common/TableScroll';

const icons = {
  enrolments: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0 2c-4 0-8 2-8 5v1h16v-1c0-3-4-5-8-5Z',
  courses: 'M4 4h11a3 3 0 0 1 3 3v13H7a3 3 0 0 1-3-3V4Zm2 2v11a1 1 0 0 0 1 1h9V7a1 1 0 0 0-1-1H6Z',
  waiting: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 5v5.4l3.5 2.1-1 1.7L11 13.5V7h2Z',
  earnings: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15v2h-2v-2a4 4 0 0 1-3-3h2a2 2 0 0 0 2 1h1a1 1 0 0 0 0-2h-2a3 3 0 0 1 0-6V5h2v2a4 4 0 0 1 3 3h-2a2 2 0 0 0-2-1h-1a1 1 0 0 0 0 2h2a3 3 0 0 1 0 6Z',
};

/** /educator: the three totals, the doubts' figures, the hand-ins awaiting review, the latest enrolments and the earnings chart. */
export function DashboardPage() {
  const { state, reload } = useRemoteData(queryKeys.educator.dashboard(), fetchDashboard);
  const api = useApi();
  // The doubts' figures are extra: when progress cannot give them the cards are left out, with no error over the page.
  const doubts = useQuery({ queryKey: queryKeys.educator.doubtSummary(), queryFn: () => fetchDoubtSummary(api), meta: { errorToast: false } });
  const awaitingReview = useQuery({ queryKey: [...queryKeys.educator.submissions(), 'count'], queryFn: () => fetchAwaitingReviewCount(api), meta: { errorToast: false } });

  return (
    <div className="dashboard">
      <h1 className="visually-hidden">Dashboard</h1>
      {state.status === 'loading' && <LoadingView label="Loading your dashboard" />}
      {state.status === 'error' && <ErrorPanel title="The dashboard could not be loaded" message={state.message} onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          <div className="dashboard__cards">
            <StatCard label="Total Enrolments" value={String(state.data.totalEnrolments)} icon={icons.enrolments} />
            <StatCard label="Total Courses" value={String(state.data.totalCourses)} icon={icons.courses} />
            <StatCard label="Total Earnings" value={formatPrice(state.data.totalEarnings)} icon={icons.earnings} />
            {doubts.data && (
              <>
                <StatCard
                  label="Median time to first answer"
                  value={doubts.data.medianSecondsToFirstAnswer === null ? 'No answers yet' : formatWaitingTime(doubts.data.medianSecondsToFirstAnswer)}
                  icon={icons.waiting}
                />
                <StatCard label="Doubts awaiting your answer" value={String(doubts.data.unansweredDoubts)} icon={icons.enrolments} />
              </>
            )}
            {awaitingReview.data !== undefined && <StatCard label="Awaiting review" value={String(awaitingReview.data)} icon={icons.courses} />}
          </div>
          <nav className="dashboard__shortcuts" aria-label="Shortcuts">
            <Link className="dashboard__shortcut" to={educatorPaths.quizResults()}>
              Quiz results
            </Link>
            <Link className="dashboard__shortcut" to={educatorPaths.myCourses}>
              My Courses
            </Link>
            <Link className="dashboard__shortcut" to={educatorPaths.payouts}>
              Payouts
            </Link>
          </nav>
          <section className="dashboard__latest" aria-labelledby="latest-enrollments">
            <h2 id="latest-enrollments">Latest Enrollments</h2>
            {state.data.enrolledStudentsData.length === 0 ? (
              <p>No enrolments yet.</p>
            ) : (
              <TableScroll label="Latest enrollments">
                <table className="data-table data-table--cards">
                  <thead>
                    <tr>
                      <th scope="col" className="data-table__index">#</th>
                      <th scope="col">Student Name</th>
                      <th scope="col">Course Title</th>
                    </tr>
                  </thead>
                  <tbody>
                    {state.data.enrolledStudentsData.map((row, index) => (
                      <tr key={`${index}-${row.student.name}-${row.courseTitle}`}>
                        <td className="data-table__index">{index + 1}</td>
                        <td className="data-table__lead" data-label="Student Name"><StudentCell student={row.student} /></td>
                        <td data-label="Course Title">{row.courseTitle}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </section>
        </>
      )}
      <EarningsPanel />
    </div>
  );
}
