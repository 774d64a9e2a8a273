import { fromPaise, priceAfterDiscount, type CouponPrice, type CourseDetail } from '@academy/contracts';
import { useFormat, useTranslation } from '@academy/platform';
import type { ReactNode } from 'react';
import type { CheckoutPhase } from '../../checkout';
import { EnrollButton } from './EnrollButton';
import './CourseBuyBar.css';

interface CourseBuyBarProps {
  course: CourseDetail;
  isEnrolled: boolean;
  onEnroll: () => void;
  phase?: CheckoutPhase;
  /** A coupon code applied in the side card: the bar shows its price, and Enroll Now buys with it. */
  coupon?: CouponPrice | null;
  /** In place of Enroll Now: a parent's "Enroll my child". */
  enrollAction?: ReactNode;
}

/**
 * Phones only (the course page renders it below 48rem): price, struck original, percent off and Enroll Now, fixed
 * at the bottom of the screen so the learner can buy from the first screen. While it is shown the page sets
 * `--academy-bottom-bar-height` on the root and pads the body by it (CourseBuyBar.css), so the footer's end and
 * anything pinned to the bottom corner (the shell's WhatsApp button) can sit above it instead of under it.
 */
export function CourseBuyBar({ course, isEnrolled, onEnroll, phase = 'idle', coupon = null, enrollAction }: CourseBuyBarProps) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const hasDiscount = course.discount > 0 || coupon !== null;
  return (
    <div className="course-buy-bar" role="region" aria-label={t('catalogue.buyBar.label')}>
      <p className="course-buy-bar__prices">
        <span className="course-buy-bar__price">
          <span className="visually-hidden">{t('catalogue.price.label')} </span>
          {format.price(coupon ? fromPaise(coupon.pricePaise) : priceAfterDiscount(course.coursePrice, course.discount))}
        </span>
        {hasDiscount && (
          <span className="course-buy-bar__was">
            <s className="course-buy-bar__original-price">
              <span className="visually-hidden">{t('catalogue.price.originalLabel')} </span>
              {format.price(course.coursePrice)}
            </s>{' '}
            <span className="course-buy-bar__discount">{coupon ? t('catalogue.buyBar.withCode', { code: coupon.code }) : t('catalogue.price.percentOff', { percent: course.discount })}</span>
          </span>
        )}
      </p>
      {enrollAction ?? <EnrollButton className="course-buy-bar__enroll" isEnrolled={isEnrolled} onEnroll={onEnroll} phase={phase} />}
    </div>
  );
}
