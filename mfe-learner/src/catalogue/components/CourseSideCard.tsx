import {
  countLectures,
  priceAfterDiscount,
  totalLectureMinutes,
  fromPaise,
  type CouponPrice,
  type CourseDetail,
  type LectureDto,
} from '@academy/contracts';
import { useFormat, useTranslation } from '@academy/platform';
import { Stars } from '@academy/ui';
import type { ReactNode } from 'react';
import { useDurationText } from '../../common/duration';
import type { CheckoutPhase } from '../../checkout';
import { EnrollButton } from './EnrollButton';
import { PreviewPlayer } from './PreviewPlayer';
import './CourseSideCard.css';

interface CourseSideCardProps {
  course: CourseDetail;
  /** The free-preview lecture chosen in the chapter list, shown instead of the thumbnail. */
  previewLecture: LectureDto | null;
  isEnrolled: boolean;
  onEnroll: () => void;
  /** A purchase under way (see useCheckout): the button says so and cannot start another. */
  phase?: CheckoutPhase;
  /** A coupon code the server priced: the price shown is what it gives. */
  coupon?: CouponPrice | null;
  /** Between the price and Enroll Now: the coupon field. */
  couponField?: ReactNode;
  /** Below the enrol action. */
  children?: ReactNode;
  /** In place of Enroll Now (a parent's "Enroll my child": a parent is not offered the course as a learner). */
  enrollAction?: ReactNode;
}

export function CourseSideCard({ course, previewLecture, isEnrolled, onEnroll, phase = 'idle', coupon = null, couponField, children, enrollAction }: CourseSideCardProps) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const duration = useDurationText();
  const hasDiscount = course.discount > 0 || coupon !== null;
  const finalPrice = coupon ? fromPaise(coupon.pricePaise) : priceAfterDiscount(course.coursePrice, course.discount);
  // What every course includes.
  const inclusions = [t('catalogue.inclusions.resources'), t('catalogue.inclusions.certificate'), t('catalogue.inclusions.doubtSupport')];
  return (
    <aside className="course-side-card" aria-label={t('catalogue.sideCard.label')}>
      <div className="course-side-card__media">
        {previewLecture?.lectureUrl ? (
          <PreviewPlayer lectureTitle={previewLecture.lectureTitle} lectureUrl={previewLecture.lectureUrl} />
        ) : (
          <img className="course-side-card__thumbnail" src={course.courseThumbnail} alt="" />
        )}
      </div>
      <div className="course-side-card__body">
        <p className="course-side-card__prices">
          <span className="course-side-card__price">
            <span className="visually-hidden">{t('catalogue.price.label')} </span>
            {format.price(finalPrice)}
          </span>
          {hasDiscount && (
            <>
              <s className="course-side-card__original-price">
                <span className="visually-hidden">{t('catalogue.price.originalLabel')} </span>
                {format.price(course.coursePrice)}
              </s>
              {course.discount > 0 && <span className="course-side-card__discount">{t('catalogue.price.percentOff', { percent: course.discount })}</span>}
              {coupon && <span className="course-side-card__discount">{t('catalogue.sideCard.withCode', { code: coupon.code })}</span>}
            </>
          )}
        </p>
        <ul className="course-side-card__facts">
          <li className="course-side-card__rating">
            <Stars rating={course.averageRating} />
            <span>{course.averageRating}</span>
          </li>
          <li>{duration(totalLectureMinutes(course.courseContent))}</li>
          <li>{t('catalogue.lessonCount', { count: countLectures(course.courseContent), formatted: format.count(countLectures(course.courseContent)) })}</li>
        </ul>
        {!isEnrolled && couponField}
        {enrollAction ?? <EnrollButton className="course-side-card__enroll" isEnrolled={isEnrolled} onEnroll={onEnroll} phase={phase} />}
        {children}
        <h2 className="course-side-card__inclusions-title">{t('catalogue.inclusions.title')}</h2>
        <ul className="course-side-card__inclusions">
          {inclusions.map((inclusion) => (
            <li key={inclusion}>{inclusion}</li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
