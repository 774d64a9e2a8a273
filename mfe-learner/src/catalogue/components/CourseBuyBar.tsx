import { formatPrice, priceAfterDiscount, type CourseDetail } from '@academy/contracts';
import type { CheckoutPhase } from '../../checkout';
import './CourseBuyBar.css';

interface CourseBuyBarProps {
  course: CourseDetail;
  isEnrolled: boolean;
  onEnroll: () => void;
  phase?: CheckoutPhase;
}

const PHASE_LABELS: Record<Exclude<CheckoutPhase, 'idle'>, string> = {
  ordering: 'Processing…',
  paying: 'Complete the payment…',
  verifying: 'Confirming payment…',
};

/**
 * Phones only (the course page renders it below 48rem): price, struck original, percent off and Enroll Now, fixed
 * at the bottom of the screen so the learner can buy from the first screen. While it is shown the page sets
 * `--academy-bottom-bar-height` on the root and pads the body by it (CourseBuyBar.css), so the footer's end and
 * anything pinned to the bottom corner (the shell's WhatsApp button) can sit above it instead of under it.
 */
export function CourseBuyBar({ course, isEnrolled, onEnroll, phase = 'idle' }: CourseBuyBarProps) {
  const working = phase !== 'idle';
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
      <button
        type="button"
        className="course-buy-bar__enroll"
        disabled={isEnrolled || working}
        aria-busy={working}
        onClick={onEnroll}
      >
        {isEnrolled ? 'Already Enrolled' : working ? PHASE_LABELS[phase] : 'Enroll Now'}
      </button>
    </div>
  );
}
