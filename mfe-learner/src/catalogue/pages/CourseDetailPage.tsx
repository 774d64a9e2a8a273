import { useState } from 'react';
import { Trans, useFormat, useTranslation } from '@academy/platform';
import { LiveClassesPanel } from '../../live/LiveClassesPanel';
import { Link, useParams } from '@academy/routing';
import pagesFile from '../../pages.json';
import {
  countLectures,
  DEFAULT_COURSE_LANGUAGE,
  descriptionExcerpt,
  totalLectureMinutes,
  type CouponPrice,
  type CourseDetail,
  type LectureDto,
} from '@academy/contracts';
import { ErrorPanel, LoadingView, Stars, useCourseLanguageNames } from '@academy/ui';
import { ChapterAccordion } from '../components/ChapterAccordion';
import { CouponField } from '../components/CouponField';
import { CourseBuyBar } from '../components/CourseBuyBar';
import { CourseSideCard } from '../components/CourseSideCard';
import { useIsPhone } from '../../common/useMediaQuery';
import { useDurationText } from '../../common/duration';
import { useTaxonomyLabels } from '../../common/taxonomy';
import { EnrollMyChild, EnrollMyChildBarButton, useEnrollMyChild } from '../../parents/components/EnrollMyChild';
import { CourseReviews } from '../../reviews/CourseReviews';
import { COURSE_LIST_PATH } from '../data/catalogueRoutes';
import { isMissingCourseStatus, useCourseDetail } from '../data/useCourseDetail';
import { useEnrollment } from '../data/useEnrollment';
import './CourseDetailPage.css';

/** /course/:id */
export function CourseDetailPage() {
  const { id } = useParams<{ id: string }>();
  const { t } = useTranslation('learner');
  const state = useCourseDetail(id);
  switch (state.status) {
    case 'loading':
      return <LoadingView label={t('catalogue.detail.loading')} />;
    case 'error':
      if (isMissingCourseStatus(state.httpStatus)) return <CourseNotFound />;
      return <ErrorPanel title={t('catalogue.detail.loadFailed')} message={state.message} onRetry={state.reload} />;
    case 'ready':
      // Keyed by course so a preview playing on one course never carries over to another.
      return <CourseDetailView key={state.data._id} course={state.data} />;
  }
}

function CourseNotFound() {
  const { t } = useTranslation('learner');
  return (
    <section className="course-not-found" aria-labelledby="course-not-found-title">
      <h1 id="course-not-found-title">{t('catalogue.detail.notFound')}</h1>
      <p>{t('catalogue.detail.notFoundText')}</p>
      <Link className="button" to={COURSE_LIST_PATH}>
        {t('catalogue.detail.browseAll')}
      </Link>
    </section>
  );
}

export function CourseDetailView({ course }: { course: CourseDetail }) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const duration = useDurationText();
  const labels = useTaxonomyLabels();
  const languageNames = useCourseLanguageNames();
  const [previewLecture, setPreviewLecture] = useState<LectureDto | null>(null);
  // A code the server priced; the side card's field sets it, the side card and the phone's buy bar buy with it.
  const [coupon, setCoupon] = useState<CouponPrice | null>(null);
  const { isEnrolled, enroll, phase } = useEnrollment(course, coupon?.code);
  const author = course.educator.name.trim() || t('catalogue.detail.theAcademy');
  // On a phone the price and Enroll Now live in a bar fixed to the bottom of the screen (the first screen included).
  const isPhone = useIsPhone();
  // A signed-in parent buys for a child: "Enroll my child" takes Enroll Now's place, in the side card and the bar.
  const forChild = useEnrollMyChild(course, coupon?.code);
  const parentAction = forChild.isParent ? <EnrollMyChild state={forChild} /> : undefined;

  return (
    <div className={isPhone ? 'course-detail course-detail--with-buy-bar' : 'course-detail'}>
      <div className="course-detail__main">
        <p className="course-detail__tags">
          <span>{labels.classRange(course.classFrom, course.classTo)}</span>
          <span>{labels.subject(course.subject)}</span>
          <span>{labels.board(course.board)}</span>
          <span>{t('catalogue.detail.taughtIn', { language: languageNames[course.language ?? DEFAULT_COURSE_LANGUAGE] })}</span>
        </p>
        <h1 className="course-detail__title">{course.courseTitle}</h1>
        <p className="course-detail__excerpt">{descriptionExcerpt(course.courseDescription)}</p>
        <p className="course-detail__stats">
          <span className="course-detail__rating">
            <span aria-hidden="true">{course.averageRating}</span>
            <Stars rating={course.averageRating} />
          </span>
          <span className="course-detail__rating-count">
            ({t('catalogue.detail.ratingCount', { count: course.ratingCount, formatted: format.count(course.ratingCount) })})
          </span>
          <span className="course-detail__students">{t('catalogue.detail.studentCount', { count: course.studentCount, formatted: format.count(course.studentCount) })}</span>
        </p>
        <p className="course-detail__author">
          <Trans
            t={t}
            i18nKey="catalogue.detail.courseBy"
            values={{ author }}
            components={{
              author: <Link className="course-detail__author-name" to={pagesFile.pages.educator.replace(':educatorId', encodeURIComponent(course.educator._id))} />,
            }}
          />
        </p>

        <section className="course-detail__structure" aria-labelledby="course-structure-title">
          <h2 id="course-structure-title">{t('catalogue.detail.structure')}</h2>
          <p className="course-detail__structure-summary">
            {t('catalogue.detail.chapterCount', { count: course.courseContent.length })} - {t('catalogue.lectureCount', { count: countLectures(course.courseContent) })} -{' '}
            {t('catalogue.detail.totalDuration', { duration: duration(totalLectureMinutes(course.courseContent)) })}
          </p>
          {/* Focusable so keyboard users can scroll the capped panel. */}
          <div className="course-detail__chapters" tabIndex={0} role="region" aria-label={t('catalogue.detail.chapters')}>
            <ChapterAccordion
              chapters={course.courseContent}
              onPreview={setPreviewLecture}
              playingLectureId={previewLecture?.lectureId ?? null}
            />
          </div>
        </section>

        <section className="course-detail__description" aria-labelledby="course-description-title">
          <h2 id="course-description-title">{t('catalogue.detail.description')}</h2>
          {/* The server sanitises this HTML with an allowlist before storing it; it is the only raw HTML shown. */}
          <div className="course-detail__rich-text" dangerouslySetInnerHTML={{ __html: course.courseDescription }} />
        </section>

        {isEnrolled && <LiveClassesPanel courseId={course._id} />}
        <CourseReviews courseId={course._id} />
      </div>

      <CourseSideCard
        course={course}
        previewLecture={previewLecture}
        isEnrolled={isEnrolled}
        onEnroll={enroll}
        phase={phase}
        coupon={coupon}
        couponField={<CouponField courseId={course._id} applied={coupon} onChange={setCoupon} />}
        enrollAction={parentAction}
      />
      {isPhone && (
        <CourseBuyBar
          course={course}
          isEnrolled={isEnrolled}
          onEnroll={enroll}
          phase={phase}
          coupon={coupon}
          enrollAction={forChild.isParent ? <EnrollMyChildBarButton state={forChild} className="course-buy-bar__enroll" /> : undefined}
        />
      )}
    </div>
  );
}
