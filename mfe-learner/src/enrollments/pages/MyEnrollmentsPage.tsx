import {
  formatDate,
  formatDuration,
  formatPrice,
  fromPaise,
  totalLectureMinutes,
  type LearnerPurchase,
} from '@academy/contracts';
import { errorMessage, useCurrentUser } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from '@academy/routing';
import { RefundDialog } from '../components/RefundDialog';
import { useEnrolledCourses, type EnrolledCourseRow } from '../data/useEnrolledCourses';
import { usePendingEnrollment } from '../data/usePendingEnrollment';
import { usePurchases, useRequestRefund } from '../data/usePurchases';
import './MyEnrollmentsPage.css';

// Suggestions for an empty list come from the catalogue feature, loaded only when the list is empty.
const CoursesForClass = lazy(() => import('../../catalogue').then((m) => ({ default: m.CoursesForClass })));

export function LoginRequired({ text, onLogin }: { text: string; onLogin(): void }) {
  return (
    <section className="login-required" aria-labelledby="login-required-title">
      <h1 id="login-required-title">Login Required</h1>
      <p>{text}</p>
      <button type="button" className="button" onClick={onLogin}>
        Go to Login
      </button>
    </section>
  );
}

function ProgressBar({ percent, title }: { percent: number; title: string }) {
  return (
    <div
      className="enrollments__progress"
      role="progressbar"
      aria-label={`Progress of ${title}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="enrollments__progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** The refund column: the button where the policy allows, the pending refund, or why there is none. */
function RefundCell({ title, purchase, purchasesFailed, onRequest }: { title: string; purchase: LearnerPurchase | undefined; purchasesFailed: boolean; onRequest(): void }) {
  if (purchasesFailed) return <span className="enrollments__refund-note">Refund details are unavailable right now</span>;
  if (!purchase) return <span className="enrollments__refund-note">No payment to refund</span>;
  const { refund } = purchase;
  if (refund && refund.status !== 'processed' && refund.status !== 'failed') {
    return (
      <span className="enrollments__refund-pending">
        Refund pending<span className="enrollments__refund-note"> (requested {formatDate(refund.requestedAt)})</span>
      </span>
    );
  }
  if (purchase.refundable) {
    return (
      <button type="button" className="button button--secondary enrollments__refund-button" onClick={onRequest}>
        Request refund<span className="visually-hidden"> for {title}</span>
      </button>
    );
  }
  return <span className="enrollments__refund-note">{purchase.refundBlockedReason ? `No refund: ${purchase.refundBlockedReason}` : 'No refund'}</span>;
}

interface RefundColumn {
  purchaseOf(courseId: string): LearnerPurchase | undefined;
  failed: boolean;
  request(purchase: LearnerPurchase, title: string): void;
}

function EnrollmentRow({ row, refunds }: { row: EnrolledCourseRow; refunds: RefundColumn }) {
  const navigate = useNavigate();
  const { course } = row;
  const { completedLectures, totalLectures, passedQuizzes, totalQuizzes, reviewedAssignments, totalAssignments, percent, complete: done } = row.completion;
  const status = row.status.label;
  return (
    <tr className="enrollments__row">
      <td className="enrollments__course" data-label="Course">
        <img className="enrollments__thumbnail" src={course.courseThumbnail} alt="" />
        <div className="enrollments__course-text">
          <p className="enrollments__title">{course.courseTitle}</p>
          <ProgressBar percent={percent} title={course.courseTitle} />
          {course.lastLectureId && !done && (
            <Link className="enrollments__continue" to={`/player/${course._id}?lecture=${encodeURIComponent(course.lastLectureId)}`}>
              Continue<span className="visually-hidden"> {course.courseTitle}</span>
            </Link>
          )}
        </div>
      </td>
      <td data-label="Duration">{formatDuration(totalLectureMinutes(course.courseContent))}</td>
      <td data-label="Completed">
        {completedLectures} / {totalLectures} <span>Lectures</span>
        {totalQuizzes > 0 && (
          <>
            <br />
            {passedQuizzes} / {totalQuizzes} <span>{totalQuizzes === 1 ? 'Quiz' : 'Quizzes'} passed</span>
          </>
        )}
        {totalAssignments > 0 && (
          <>
            <br />
            {reviewedAssignments} / {totalAssignments} <span>{totalAssignments === 1 ? 'Assignment' : 'Assignments'} reviewed</span>
          </>
        )}
      </td>
      <td data-label="Status">
        <button
          type="button"
          className={`enrollments__status enrollments__status--${row.status.kind}`}
          onClick={() => navigate(`/player/${course._id}`)}
          aria-label={`${status}: open ${course.courseTitle}`}
        >
          {status}
        </button>
        <p className="enrollments__certificate-line">Certificate: {row.status.certificateLine}</p>
      </td>
      <td data-label="Refund">
        <RefundCell
          title={course.courseTitle}
          purchase={refunds.purchaseOf(course._id)}
          purchasesFailed={refunds.failed}
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
  const { isLoading, isAuthenticated, login, user } = useCurrentUser();
  const courses = useEnrolledCourses(isAuthenticated);
  const pending = usePendingEnrollment(courses.status === 'ready' ? courses.rows.map((row) => row.course._id) : null, courses.reload);
  const purchases = usePurchases(isAuthenticated);
  const requestRefund = useRequestRefund();
  const [refundTarget, setRefundTarget] = useState<{ purchase: LearnerPurchase; title: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The paid purchase behind each enrolled course (one per course), or the one whose refund is under way.
  const refunds: RefundColumn = {
    purchaseOf: (courseId) =>
      purchases.data?.find((purchase) => purchase.courseId === courseId && purchase.status === 'paid'),
    failed: purchases.isError,
    request: (purchase, title) => {
      requestRefund.reset();
      setRefundTarget({ purchase, title });
    },
  };
  const refunded = (purchases.data ?? []).filter((purchase) => purchase.status === 'refunded' && purchase.refund);
  const confirmRefund = () => {
    if (!refundTarget) return;
    requestRefund.mutate(refundTarget.purchase.purchaseId, {
      onSuccess: () => {
        setAnnouncement(`Refund requested for ${refundTarget.title}. It shows as pending until the bank processes it.`);
        setRefundTarget(null);
      },
    });
  };

  if (isLoading) return <LoadingView label="Loading your enrolments" />;
  if (!isAuthenticated) return <LoginRequired text="Please log in to access My Enrollments" onLogin={() => void login('/my-enrollments')} />;

  return (
    <div className="enrollments">
      <h1 className="enrollments__heading">My Enrollments</h1>
      <p className="enrollments__history-link">
        <Link to="/purchase-history">Purchase history and receipts</Link>
      </p>
      <div role="status" className="enrollments__pending">
        {pending === 'waiting' && 'Your payment is being confirmed. The course will appear here by itself in a moment.'}
        {pending === 'gave-up' && 'Your payment is still being confirmed. The course will be here when it is; you can check again later.'}
      </div>
      {courses.status === 'ready' && courses.offlineSince !== null && (
        <p className="enrollments__offline" role="status">
          You are offline: this is your list as of {formatDate(courses.offlineSince)}{' '}
          {new Date(courses.offlineSince).toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit' })}. Course outlines and the
          notes and tests you kept offline open; videos, refunds and new progress from other devices wait for the network.
        </p>
      )}
      {courses.status === 'loading' && <LoadingView label="Loading your enrolments" />}
      {courses.status === 'error' && <ErrorPanel message={courses.message} onRetry={courses.reload} />}
      {courses.status === 'ready' && courses.rows.length === 0 && (
        <>
          <p className="enrollments__empty">
            You are not enrolled in any course yet. <Link to="/course-list">Browse courses</Link>
          </p>
          <Suspense fallback={null}>
            <CoursesForClass
              schoolClass={user?.schoolClass ?? null}
              title={user?.schoolClass ? `Start with a course for Class ${user.schoolClass}` : 'Start with a popular course'}
            />
          </Suspense>
        </>
      )}
      {courses.status === 'ready' && courses.rows.length > 0 && (
        <table className="enrollments__table">
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Duration</th>
              <th scope="col">Completed</th>
              <th scope="col">Status</th>
              <th scope="col">Refund</th>
            </tr>
          </thead>
          <tbody>
            {courses.rows.map((row) => (
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
          <h2 id="refunded-courses-title">Refunded courses</h2>
          <ul>
            {refunded.map((purchase) => (
              <li key={purchase.purchaseId}>
                {purchase.courseTitle}: {formatPrice(fromPaise(purchase.refund!.amountPaise))} refunded
                {purchase.refund!.processedAt ? ` on ${formatDate(purchase.refund!.processedAt)}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
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
