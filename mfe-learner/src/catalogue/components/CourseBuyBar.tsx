import { formatPrice, priceAfterDiscount, type CourseDetail } from '@academy/contracts';
import type { CheckoutPhase } from '../../checkout';
import { EnrollButton } from './EnrollButton';
import './CourseBuyBar.css';

interface CourseBuyBarProps {
  course: CourseDetail;
  isEnrolled: boolean;
  onEnroll: () => void;
  phase?: CheckoutPhase;
}

/**
 * Phones only (the course page renders it below 48rem): price, struck original, percent off and Enroll Now, fixed
 * at the bottom of the screen so the learner can buy from the first screen. While it is shown the page sets
 * `--academy-bottom-bar-height` on the root and pads the body by it (CourseBuyBar.css), so the footer's end and
 * anything pinned to the bottom corner (the shell's WhatsApp button) can sit above it instead of under it.
 */
export function CourseBuyBar({ course, isEnrolled, onEnroll, phase = 'idle' }: CourseBuyBarProps) {
  const hasDiscount = course.discount > 0;
  return (
    <div className="course-buy-bar" role="region" aria-label="Buy this course">
      <p className="course-buy-bar__prices">
        <span className="course-buy-bar__price">
          <span className="visually-hidden">Price: </span>
          {formatPrice(priceAfterDiscount(course.coursePrice, course.discount))}
        </span>
        {hasDiscount && (
          <span className="course-buy-bar__was">
            <s className="course-buy-bar__original-price">
              <span className="visually-hidden">Original price: </span>
              {formatPrice(course.coursePrice)}
            </s>{' '}
            <span className="course-buy-bar__discount">{course.discount}% off</span>
          </span>
        )}
      </p>
      <EnrollButton className="course-buy-bar__enroll" isEnrolled={isEnrolled} onEnroll={onEnroll} phase={phase} />
    </div>
  );
}
