import { fromPaise, totalLectureMinutes, type LearnerPurchase } from '@academy/contracts';
import { errorMessage, Trans, translateMessage, useCurrentUser, useFormat, useTranslation } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from '@academy/routing';
import { useDurationText } from '../../common/duration';
import { useTaxonomyLabels } from '../../common/taxonomy';
import { useCourseStatusText } from '../data/courseStatusText';
import { RefundDialog } from '../components/RefundDialog';
import { useEnrolledCourses, type EnrolledCourseRow } from '../data/useEnrolledCourses';
import { usePendingEnrollment } from '../data/usePendingEnrollment';
import { usePurchases, useRequestRefund } from '../data/usePurchases';
import { LiveAttendanceList } from '../../live/LiveAttendanceList';
import './MyEnrollmentsPage.css';

// Suggestions for an empty list come from the catalogue feature, loaded only when the list is empty.
const CoursesForClass = lazy(() => import('../../catalogue').then((m) => ({ default: m.CoursesForClass })));

export function LoginRequired({ text, onLogin }: { text: string; onLogin(): void }) {
  const { t } = useTranslation('learner');
  return (
    <section className="login-required" aria-labelledby="login-required-title">
      <h1 id="login-required-title">{t('enrollments.loginRequired.title')}</h1>
      <p>{text}</p>
      <button type="button" className="button" onClick={onLogin}>
        {t('enrollments.loginRequired.goToLogin')}
      </button>
    </section>
  );
}

function ProgressBar({ percent, title }: { percent: number; title: string }) {
  const { t } = useTranslation('learner');
  return (
    <div
      className="enrollments__progress"
      role="progressbar"
      aria-label={t('enrollments.progressOf', { title })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="enrollments__progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The refund column: the button where the policy allows, the pending refund, or why there is none. */
function RefundCell({ title, purchase, purchases, onRequest }: { title: string; purchase: LearnerPurchase | undefined; purchases: RefundColumn['state']; onRequest(): void }) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  if (purchases === 'loading') return <span className="enrollments__refund-note">{t('enrollments.refund.checking')}</span>;
  if (purchases === 'error') return <span className="enrollments__refund-note">{t('enrollments.refund.unavailable')}</span>;
  if (!purchase) return <span className="enrollments__refund-note">{t('enrollments.refund.noPayment')}</span>;
  const { refund } = purchase;
  if (refund && refund.status !== 'processed' && refund.status !== 'failed') {
    return (
      <span className="enrollments__refund-pending">
        {t('enrollments.refund.pending')}
        <span className="enrollments__refund-note"> {t('enrollments.refund.requestedOn', { date: format.date(refund.requestedAt) })}</span>
      </span>
    );
  }
  if (purchase.refundable) {
    return (
      <button type="button" className="button button--secondary enrollments__refund-button" onClick={onRequest}>
        {t('enrollments.refund.request')}
        <span className="visually-hidden"> {t('enrollments.refund.requestFor', { title })}</span>
      </button>
    );
  }
  return (
    <span className="enrollments__refund-note">
      {purchase.refundBlockedReason
        ? t('enrollments.refund.noRefundBecause', { reason: translateMessage(purchase.refundBlockedReason) })
        : t('enrollments.refund.noRefund')}
    </span>
  );
}

interface RefundColumn {
  purchaseOf(courseId: string): LearnerPurchase | undefined;
  state: 'loading' | 'error' | 'ready';
  request(purchase: LearnerPurchase, title: string): void;
}

function EnrollmentRow({ row, refunds }: { row: EnrolledCourseRow; refunds: RefundColumn }) {
  const { t } = useTranslation('learner');
  const duration = useDurationText();
  const statusText = useCourseStatusText();
  const navigate = useNavigate();
  const { course } = row;
  const { completedLectures, totalLectures, passedQuizzes, totalQuizzes, reviewedAssignments, totalAssignments, percent, complete: done } = row.completion;
  const status = statusText.label(row.status.kind);
  return (
    <tr className="enrollments__row">
      <td className="enrollments__course" data-label={t('enrollments.table.course')}>
        <img className="enrollments__thumbnail" src={course.courseThumbnail} alt="" />
        <div className="enrollments__course-text">
          <p className="enrollments__title">{course.courseTitle}</p>
          <ProgressBar percent={percent} title={course.courseTitle} />
          {course.lastLectureId && !done && (
            <Link className="enrollments__continue" to={`/player/${course._id}?lecture=${encodeURIComponent(course.lastLectureId)}`}>
              {t('enrollments.continue.resume')}
              <span className="visually-hidden"> {course.courseTitle}</span>
            </Link>
          )}
        </div>
      </td>
      <td data-label={t('enrollments.table.duration')}>{duration(totalLectureMinutes(course.courseContent))}</td>
      <td data-label={t('enrollments.table.completed')}>
        {completedLectures} / {totalLectures} <span>{t('enrollments.done.lectures')}</span>
        {totalQuizzes > 0 && (
          <>
            <br />
            {passedQuizzes} / {totalQuizzes} <span>{t('enrollments.done.quizzesPassed', { count: totalQuizzes })}</span>
          </>
        )}
        {totalAssignments > 0 && (
          <>
            <br />
            {reviewedAssignments} / {totalAssignments} <span>{t('enrollments.done.assignmentsReviewed', { count: totalAssignments })}</span>
          </>
        )}
      </td>
      <td data-label={t('enrollments.table.status')}>
        <button
          type="button"
          className={`enrollments__status enrollments__status--${row.status.kind}`}
          onClick={() => navigate(`/player/${course._id}`)}
          aria-label={t('enrollments.statusOpen', { status, title: course.courseTitle })}
        >
          {status}
        </button>
        <p className="enrollments__certificate-line">
          {t('enrollments.certificate.line', { line: statusText.certificateLine(row.status, row.assignmentsLeft) })}
        </p>
      </td>
      <td data-label={t('enrollments.table.refund')}>
        <RefundCell
          title={course.courseTitle}
          purchase={refunds.purchaseOf(course._id)}
          purchases={refunds.state}
          onRequest={() => {
            const purchase = refunds.purchaseOf(course._id);
            if (purchase) refunds.request(purchase, course.courseTitle);
          }}
        />
      </td>
    </tr>
  );
}

/** /my-enrollments: the learner's courses, newest first, as a table (cards on small screens). */
export function MyEnrollmentsPage() {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const labels = useTaxonomyLabels();
  const { isLoading, isAuthenticated, login, user } = useCurrentUser();
  const courses = useEnrolledCourses(isAuthenticated);
  // This device's copy, shown while the session and the network's answer are on their way.
  const deviceCopySince = courses.status === 'ready' ? courses.data.updatingSince : null;
  const pending = usePendingEnrollment(courses.status === 'ready' && deviceCopySince === null ? courses.data.rows.map((row) => row.course._id) : null, courses.reload);
  const purchases = usePurchases(isAuthenticated);
  const requestRefund = useRequestRefund();
  const [refundTarget, setRefundTarget] = useState<{ purchase: LearnerPurchase; title: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The paid purchase behind each enrolled course (one per course), or the one whose refund is under way.
  const purchaseList = purchases.status === 'ready' ? purchases.data : [];
  const refunds: RefundColumn = {
    purchaseOf: (courseId) =>
      purchaseList.find((purchase) => purchase.courseId === courseId && purchase.status === 'paid'),
    state: purchases.status,
    request: (purchase, title) => {
      requestRefund.reset();
      setRefundTarget({ purchase, title });
    },
  };
  const refunded = purchaseList.filter((purchase) => purchase.status === 'refunded' && purchase.refund);
  const confirmRefund = () => {
    if (!refundTarget) return;
    requestRefund.mutate(refundTarget.purchase.purchaseId, {
      onSuccess: () => {
        setAnnouncement(t('enrollments.refund.requested', { title: refundTarget.title }));
        setRefundTarget(null);
      },
    });
  };

  if (isLoading) {
    if (deviceCopySince === null) return <LoadingView label={t('enrollments.loading')} />;
  } else if (!isAuthenticated) {
    return <LoginRequired text={t('enrollments.logIn')} onLogin={() => void login('/my-enrollments')} />;
  }

  return (
    <div className="enrollments">
      <h1 className="enrollments__heading">{t('enrollments.title')}</h1>
      <p className="enrollments__history-link">
        <Link to="/purchase-history">{t('enrollments.historyLink')}</Link>
      </p>
      <div role="status" className="enrollments__pending">
        {pending === 'waiting' && t('enrollments.pending.waiting')}
        {pending === 'gave-up' && t('enrollments.pending.gaveUp')}
      </div>
      {courses.status === 'ready' && courses.data.offlineSince !== null && (
        <p className="enrollments__offline" role="status">
          {t('enrollments.offline', { date: format.date(courses.data.offlineSince), time: format.time(courses.data.offlineSince) })}
        </p>
      )}
      {deviceCopySince !== null && (
        <p className="enrollments__offline" role="status">
          {t('enrollments.updating', { date: format.date(deviceCopySince), time: format.time(deviceCopySince) })}
        </p>
      )}
      {courses.status === 'loading' && <LoadingView label={t('enrollments.loading')} />}
      {courses.status === 'error' && <ErrorPanel message={courses.message} onRetry={courses.reload} />}
      {courses.status === 'ready' && courses.data.rows.length === 0 && (
        <>
          <p className="enrollments__empty">
            <Trans t={t} i18nKey="enrollments.empty" components={{ pageLink: <Link to="/course-list" /> }} />
          </p>
          <Suspense fallback={null}>
            <CoursesForClass
              schoolClass={user?.schoolClass ?? null}
              title={
                user?.schoolClass
                  ? t('enrollments.startWithClass', { className: labels.classRange(user.schoolClass, user.schoolClass) })
                  : t('enrollments.startWithPopular')
              }
            />
          </Suspense>
        </>
      )}
      {courses.status === 'ready' && courses.data.rows.length > 0 && (
        <table className="enrollments__table">
          <thead>
            <tr>
              <th scope="col">{t('enrollments.table.course')}</th>
              <th scope="col">{t('enrollments.table.duration')}</th>
              <th scope="col">{t('enrollments.table.completed')}</th>
              <th scope="col">{t('enrollments.table.status')}</th>
              <th scope="col">{t('enrollments.table.refund')}</th>
            </tr>
          </thead>
          <tbody>
            {courses.data.rows.map((row) => (
              <EnrollmentRow key={row.course._id} row={row} refunds={refunds} />
            ))}
          </tbody>
        </table>
      )}
      <p role="status" className="enrollments__announcement">
        {announcement}
      </p>
      {refunded.length > 0 && (
        <section className="enrollments__refunds" aria-labelledby="refunded-courses-title">
          <h2 id="refunded-courses-title">{t('enrollments.refunded.title')}</h2>
          <ul>
            {refunded.map((purchase) => (
              <li key={purchase.purchaseId}>
                {purchase.refund!.processedAt
                  ? t('enrollments.refunded.itemOn', {
                      title: purchase.courseTitle,
                      amount: format.price(fromPaise(purchase.refund!.amountPaise)),
                      date: format.date(purchase.refund!.processedAt),
                    })
                  : t('enrollments.refunded.item', { title: purchase.courseTitle, amount: format.price(fromPaise(purchase.refund!.amountPaise)) })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {isAuthenticated && <LiveAttendanceList />}
      {refundTarget && (
        <RefundDialog
          courseTitle={refundTarget.title}
          amountPaise={refundTarget.purchase.amountPaise}
          busy={requestRefund.isPending}
          error={requestRefund.isError ? errorMessage(requestRefund.error) : null}
          onConfirm={confirmRefund}
          onClose={() => setRefundTarget(null)}
        />
      )}
    </div>
  );
}
