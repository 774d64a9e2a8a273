import { formatDate, pluralize, type ReportedReview } from '@academy/contracts';
import { errorMessage, queryKeys, useApi, useCurrentUser, useToast } from '@academy/platform';
import { useSearchParams } from '@academy/routing';
import { ErrorPanel, LoadingView, Stars } from '@academy/ui';
import { useId, useState } from 'react';
import { useRemoteData } from '../common/useRemoteData';
import { fetchMyCourses } from '../my-courses/data/myCoursesApi';
import { fetchReportedReviews, setReviewHidden } from './reportedReviewsApi';
import './reported-reviews.css';

const COURSE_PARAM = 'course';

/**
 * /educator/reported-reviews: reviews learners reported, with how many reports, their reasons and times (never who
 * sent them), and Hide / Show. An educator picks one of their courses; the academy's administrator (not an
 * educator) sees every course's reports. The server decides who may see what.
 */
export function ReportedReviewsPage() {
  const { isEducator } = useCurrentUser();
  return (
    <div className="reported-page">
      <h1 className="page-title">Reported reviews</h1>
      {isEducator ? <EducatorReports /> : <ReportsList courseId={null} />}
    </div>
  );
}

function EducatorReports() {
  const courses = useRemoteData(queryKeys.educator.myCourses(), fetchMyCourses);
  const [params, setParams] = useSearchParams();
  const selectId = useId();
  if (courses.state.status === 'loading') return <LoadingView label="Loading your courses" />;
  if (courses.state.status === 'error') return <ErrorPanel title="Your courses could not be loaded" message={courses.state.message} onRetry={courses.reload} />;
  // A draft has no reviews: only courses published at least once are offered.
  const list = courses.state.data.filter((course) => !course.isDraft);
  if (list.length === 0) return <p>You have no courses yet.</p>;
  const chosen = params.get(COURSE_PARAM);
  const courseId = list.some((course) => course._id === chosen) ? chosen! : list[0]!._id;
  return (
    <>
      <div className="reported-page__picker">
        <label htmlFor={selectId}>Course</label>
        <select id={selectId} value={courseId} onChange={(event) => setParams({ [COURSE_PARAM]: event.target.value }, { replace: true })}>
          {list.map((course) => (
            <option key={course._id} value={course._id}>
              {course.courseTitle}
            </option>
          ))}
        </select>
      </div>
      <ReportsList courseId={courseId} />
    </>
  );
}

function ReportsList({ courseId }: { courseId: string | null }) {
  const { state, reload, setData } = useRemoteData(queryKeys.educator.reportedReviews(courseId), (api) => fetchReportedReviews(api, courseId));
  if (state.status === 'loading') return <LoadingView label="Loading reported reviews" />;
  if (state.status === 'error') return <ErrorPanel title="Reported reviews could not be loaded" message={state.message} onRetry={reload} />;
  if (state.data.length === 0) return <p>No review has been reported{courseId ? ' on this course' : ''}.</p>;
  return (
    <ul className="reported-list">
      {state.data.map((review) => (
        <li key={review._id}>
          <ReportedReviewCard
            review={review}
            showCourse={courseId === null}
            onChanged={(hidden) => setData((current) => current.map((item) => (item._id === review._id ? { ...item, hidden } : item)))}
          />
        </li>
      ))}
    </ul>
  );
}

function ReportedReviewCard({ review, showCourse, onChanged }: { review: ReportedReview; showCourse: boolean; onChanged: (hidden: boolean) => void }) {
  const api = useApi();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const toggle = async () => {
    setBusy(true);
    try {
      const message = await setReviewHidden(api, review._id, !review.hidden);
      onChanged(!review.hidden);
      toast.success(message);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className="reported-card" aria-labelledby={headingId}>
      <header className="reported-card__head">
        <h2 id={headingId} className="reported-card__title">
          Review by {review.userName}
          {showCourse && <span className="reported-card__course"> on {review.courseTitle}</span>}
        </h2>
        <Stars rating={review.rating} />
        <p className="reported-card__status">{review.hidden ? 'Hidden from learners' : 'Shown to learners'}</p>
      </header>
      <p className="reported-card__text">{review.text}</p>
      <p className="reported-card__meta">Written {formatDate(review.createdAt)}</p>
      <h3 className="reported-card__reports-title">
        {pluralize(review.reportCount, 'report')}, latest {formatDate(review.lastReportedAt)}
      </h3>
      <ul className="reported-card__reports">
        {review.reports.map((report, index) => (
          <li key={`${report.reportedAt}-${index}`}>
            {formatDate(report.reportedAt)}: {report.reason || 'No reason given'}
          </li>
        ))}
      </ul>
      <button type="button" className="button" disabled={busy} aria-describedby={headingId} onClick={() => void toggle()}>
        {review.hidden ? 'Show to learners' : 'Hide from learners'}
      </button>
    </article>
  );
}
