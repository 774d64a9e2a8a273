import type { ReportedReview } from '@academy/contracts';
import {
  errorMessage,
  queryKeys,
  useApi,
  useCurrentUser,
  useFormat,
  useToast,
  useTranslation,
} from '@academy/platform';
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
  const { t } = useTranslation('educator');
  const { isEducator } = useCurrentUser();
  return (
    <div className="reported-page">
      <h1 className="page-title">{t('reportedReviews.title')}</h1>
      {isEducator ? <EducatorReports /> : <ReportsList courseId={null} />}
    </div>
  );
}

function EducatorReports() {
  const { t } = useTranslation('educator');
  const courses = useRemoteData(queryKeys.educator.myCourses(), fetchMyCourses);
  const [params, setParams] = useSearchParams();
  const selectId = useId();
  if (courses.state.status === 'loading') return <LoadingView label={t('common.loadingCourses')} />;
  if (courses.state.status === 'error') return <ErrorPanel title={t('common.coursesFailed')} message={courses.state.message} onRetry={courses.reload} />;
  // A draft has no reviews: only courses published at least once are offered.
  const list = courses.state.data.filter((course) => !course.isDraft);
  if (list.length === 0) return <p>{t('reportedReviews.noCourses')}</p>;
  const chosen = params.get(COURSE_PARAM);
  const courseId = list.some((course) => course._id === chosen) ? chosen! : list[0]!._id;
  return (
    <>
      <div className="reported-page__picker">
        <label htmlFor={selectId}>{t('common.course')}</label>
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
  const { t } = useTranslation('educator');
  const { state, reload, setData } = useRemoteData(queryKeys.educator.reportedReviews(courseId), (api) => fetchReportedReviews(api, courseId));
  if (state.status === 'loading') return <LoadingView label={t('reportedReviews.loading')} />;
  if (state.status === 'error') return <ErrorPanel title={t('reportedReviews.failed')} message={state.message} onRetry={reload} />;
  if (state.data.length === 0) return <p>{courseId ? t('reportedReviews.noneOnCourse') : t('reportedReviews.none')}</p>;
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
  const { t } = useTranslation('educator');
  const format = useFormat();
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
          {t('reportedReviews.reviewBy', { name: review.userName })}
          {showCourse && <span className="reported-card__course"> {t('reportedReviews.onCourse', { course: review.courseTitle })}</span>}
        </h2>
        <Stars rating={review.rating} />
        <p className="reported-card__status">{review.hidden ? t('reportedReviews.hidden') : t('reportedReviews.shown')}</p>
      </header>
      <p className="reported-card__text">{review.text}</p>
      <p className="reported-card__meta">{t('reportedReviews.written', { date: format.date(review.createdAt) })}</p>
      <h3 className="reported-card__reports-title">
        {t('reportedReviews.reports', {
          reports: t('reportedReviews.reportCount', { count: review.reportCount, formatted: format.count(review.reportCount) }),
          date: format.date(review.lastReportedAt),
        })}
      </h3>
      <ul className="reported-card__reports">
        {review.reports.map((report, index) => (
          <li key={`${report.reportedAt}-${index}`}>
            {format.date(report.reportedAt)}: {report.reason || t('reportedReviews.noReason')}
          </li>
        ))}
      </ul>
      <button type="button" className="button" disabled={busy} aria-describedby={headingId} onClick={() => void toggle()}>
        {review.hidden ? t('reportedReviews.show') : t('reportedReviews.hide')}
      </button>
    </article>
  );
}
