import { useState } from 'react';
import { LiveClassesPanel } from '../../live/LiveClassesPanel';
import { Link, useParams } from '@academy/routing';
import pagesFile from '../../pages.json';
import {
  boardLabel,
  countLectures,
  descriptionExcerpt,
  formatClassRange,
  subjectLabel,
  formatDuration,
  pluralize,
  totalLectureMinutes,
  type CouponPrice,
  type CourseDetail,
  type LectureDto,
} from '@academy/contracts';
import { ErrorPanel, LoadingView, Stars } from '@academy/ui';
import { ChapterAccordion } from '../components/ChapterAccordion';
import { CouponField } from '../components/CouponField';
import { CourseBuyBar } from '../components/CourseBuyBar';
import { CourseSideCard } from '../components/CourseSideCard';
import { useIsPhone } from '../../common/useMediaQuery';
import { EnrollMyChild, EnrollMyChildBarButton, useEnrollMyChild } from '../../parents/components/EnrollMyChild';
import { CourseReviews } from '../../reviews';
import { COURSE_LIST_PATH } from '../data/catalogueRoutes';
import { useCourseDetail } from '../data/useCourseDetail';
import { useEnrollment } from '../data/useEnrollment';
import './CourseDetailPage.css';

/** /course/:id */
export function CourseDetailPage() {
  const { id } = useParams<{ id: string }>();
  const state = useCourseDetail(id);
  switch (state.status) {
    case 'loading':
      return <LoadingView label="Loading course" />;
    case 'not-found':
      return <CourseNotFound />;
    case 'error':
      return <ErrorPanel title="The course could not be loaded" message={state.message} onRetry={state.retry} />;
    case 'ready':
      // Keyed by course so a preview playing on one course never carries over to another.
      return <CourseDetailView key={state.course._id} course={state.course} />;
  }
}

function CourseNotFound() {
  return (
    <section className="course-not-found" aria-labelledby="course-not-found-title">
      <h1 id="course-not-found-title">Course not found</h1>
      <p>This course does not exist or is no longer published.</p>
      <Link className="button" to={COURSE_LIST_PATH}>
        Browse all courses
      </Link>
    </section>
  );
}

export function CourseDetailView({ course }: { course: CourseDetail }) {
  const [previewLecture, setPreviewLecture] = useState<LectureDto | null>(null);
  // A code the server priced; the side card's field sets it, the side card and the phone's buy bar buy with it.
  const [coupon, setCoupon] = useState<CouponPrice | null>(null);
  const { isEnrolled, enroll, phase } = useEnrollment(course, coupon?.code);
  const author = course.educator.name.trim() || 'the Academy';
  // On a phone the price and Enroll Now live in a bar fixed to the bottom of the screen (the first screen included).
  const isPhone = useIsPhone();
  // A signed-in parent buys for a child: "Enroll my child" takes Enroll Now's place, in the side card and the bar.
  const forChild = useEnrollMyChild(course, coupon?.code);
  const parentAction = forChild.isParent ? <EnrollMyChild state={forChild} /> : undefined;

  return (
    <div className={isPhone ? 'course-detail course-detail--with-buy-bar' : 'course-detail'}>
      <div className="course-detail__main">
        <p className="course-detail__tags">
          <span>{formatClassRange(course.classFrom, course.classTo)}</span>
          <span>{subjectLabel(course.subject)}</span>
          <span>{boardLabel(course.board)}</span>
        </p>
        <h1 className="course-detail__title">{course.courseTitle}</h1>
        <p className="course-detail__excerpt">{descriptionExcerpt(course.courseDescription)}</p>
        <p className="course-detail__stats">
          <span className="course-detail__rating">
            <span aria-hidden="true">{course.averageRating}</span>
            <Stars rating={course.averageRating} />
          </span>
          <span className="course-detail__rating-count">({pluralize(course.ratingCount, 'rating')})</span>
          <span className="course-detail__students">{pluralize(course.studentCount, 'student')}</span>
        </p>
        <p className="course-detail__author">
          Course by{' '}
          <Link className="course-detail__author-name" to={pagesFile.pages.educator.replace(':educatorId', encodeURIComponent(course.educator._id))}>
            {author}
          </Link>
        </p>

        <section className="course-detail__structure" aria-labelledby="course-structure-title">
          <h2 id="course-structure-title">Course Structure</h2>
          <p className="course-detail__structure-summary">
            {pluralize(course.courseContent.length, 'chapter')} - {pluralize(countLectures(course.courseContent), 'lecture')} -{' '}
            {formatDuration(totalLectureMinutes(course.courseContent))} total duration
          </p>
          {/* Focusable so keyboard users can scroll the capped panel. */}
          <div className="course-detail__chapters" tabIndex={0} role="region" aria-label="Chapters">
            <ChapterAccordion
              chapters={course.courseContent}
              onPreview={setPreviewLecture}
              playingLectureId={previewLecture?.lectureId ?? null}
            />
          </div>
        </section>

        <section className="course-detail__description" aria-labelledby="course-description-title">
          <h2 id="course-description-title">Course Description</h2>
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
