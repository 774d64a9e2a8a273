import { queryKeys, toLoadable, useApi, useFormat, useQuery, useTranslation } from '@academy/platform';
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
import { waitingTimeText } from './waitingTime';

const icons = {
  enrolments: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0 2c-4 0-8 2-8 5v1h16v-1c0-3-4-5-8-5Z',
  courses: 'M4 4h11a3 3 0 0 1 3 3v13H7a3 3 0 0 1-3-3V4Zm2 2v11a1 1 0 0 0 1 1h9V7a1 1 0 0 0-1-1H6Z',
  waiting: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 5v5.4l3.5 2.1-1 1.7L11 13.5V7h2Z',
  earnings: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15v2h-2v-2a4 4 0 0 1-3-3h2a2 2 0 0 0 2 1h1a1 1 0 0 0 0-2h-2a3 3 0 0 1 0-6V5h2v2a4 4 0 0 1 3 3h-2a2 2 0 0 0-2-1h-1a1 1 0 0 0 0 2h2a3 3 0 0 1 0 6Z',
};

/** /educator: the three totals, the doubts' figures, the hand-ins awaiting review, the latest enrolments and the earnings chart. */
export function DashboardPage() {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const { state, reload } = useRemoteData(queryKeys.educator.dashboard(), fetchDashboard);
  const api = useApi();
  // The doubts' figures are extra: when progress cannot give them the cards are left out, with no error over the page.
  const doubtsQuery = useQuery({ queryKey: queryKeys.educator.doubtSummary(), queryFn: () => fetchDoubtSummary(api), meta: { errorToast: false } });
  const awaitingReviewQuery = useQuery({ queryKey: [...queryKeys.educator.submissions(), 'count'], queryFn: () => fetchAwaitingReviewCount(api), meta: { errorToast: false } });
  const doubts = toLoadable(doubtsQuery);
  const awaitingReview = toLoadable(awaitingReviewQuery);

  return (
    <div className="dashboard">
      <h1 className="visually-hidden">{t('dashboard.title')}</h1>
      {state.status === 'loading' && <LoadingView label={t('dashboard.loading')} />}
      {state.status === 'error' && <ErrorPanel title={t('dashboard.failed')} message={state.message} onRetry={reload} />}
      {state.status === 'ready' && (
        <>
          <div className="dashboard__cards">
            <StatCard label={t('dashboard.totalEnrolments')} value={format.count(state.data.totalEnrolments)} icon={icons.enrolments} />
            <StatCard label={t('dashboard.totalCourses')} value={format.count(state.data.totalCourses)} icon={icons.courses} />
            <StatCard label={t('dashboard.totalEarnings')} value={format.price(state.data.totalEarnings)} icon={icons.earnings} />
            {doubts.status === 'ready' && (
              <>
                <StatCard
                  label={t('dashboard.medianFirstAnswer')}
                  value={doubts.data.medianSecondsToFirstAnswer === null ? t('dashboard.noAnswersYet') : waitingTimeText(doubts.data.medianSecondsToFirstAnswer, t)}
                  icon={icons.waiting}
                />
                <StatCard label={t('dashboard.doubtsAwaiting')} value={format.count(doubts.data.unansweredDoubts)} icon={icons.enrolments} />
              </>
            )}
            {awaitingReview.status === 'ready' && <StatCard label={t('dashboard.awaitingReview')} value={format.count(awaitingReview.data)} icon={icons.courses} />}
          </div>
          <nav className="dashboard__shortcuts" aria-label={t('dashboard.shortcuts')}>
            <Link className="dashboard__shortcut" to={educatorPaths.quizResults()}>
              {t('dashboard.quizResults')}
            </Link>
            <Link className="dashboard__shortcut" to={educatorPaths.myCourses}>
              {t('dashboard.myCourses')}
            </Link>
            <Link className="dashboard__shortcut" to={educatorPaths.payouts}>
              {t('dashboard.payouts')}
            </Link>
          </nav>
          <section className="dashboard__latest" aria-labelledby="latest-enrollments">
            <h2 id="latest-enrollments">{t('dashboard.latestEnrollments')}</h2>
            {state.data.enrolledStudentsData.length === 0 ? (
              <p>{t('dashboard.noEnrolments')}</p>
            ) : (
              <TableScroll label={t('dashboard.latestEnrollmentsTable')}>
                <table className="data-table data-table--cards">
                  <thead>
                    <tr>
                      <th scope="col" className="data-table__index">#</th>
                      <th scope="col">{t('common.studentName')}</th>
                      <th scope="col">{t('common.courseTitle')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {state.data.enrolledStudentsData.map((row, index) => (
                      <tr key={`${index}-${row.student.name}-${row.courseTitle}`}>
                        <td className="data-table__index">{format.count(index + 1)}</td>
                        <td className="data-table__lead" data-label={t('common.studentName')}><StudentCell student={row.student} /></td>
                        <td data-label={t('common.courseTitle')}>{row.courseTitle}</td>
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
