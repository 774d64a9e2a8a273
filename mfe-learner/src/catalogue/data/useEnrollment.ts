import { useCallback, useEffect, useState } from 'react';
import { useCurrentUser, useToast, useTranslation } from '@academy/platform';
import type { CourseDetail } from '@academy/contracts';
import { useCheckout, type CheckoutPhase } from '../../checkout';

// The English wording of the toasts (shown through t: catalogue.enroll.*), as tests and journeys read it.
export const LOGIN_TO_ENROLL = 'Login to Enroll';
export const COURSE_DATA_MISSING = 'Course data is missing. Please refresh.';

export interface EnrollmentState {
  isEnrolled: boolean;
  /** Enroll Now: signed in ("Login to Enroll"), the course known and not yet enrolled, then purchase → checkout → verify (see ../../checkout). */
  enroll(): void;
  /** Where the purchase stands; anything but `idle` means Enroll Now is working and refuses a second click. */
  phase: CheckoutPhase;
}

/** Enrolled when the user's enrolledCourses contain the course, or the server says so. */
export function useEnrollment(course: Pick<CourseDetail, '_id'> & { courseTitle?: string }, couponCode?: string): EnrollmentState {
  const { t } = useTranslation('learner');
  const { user, isLoading: accountLoading } = useCurrentUser();
  const toast = useToast();
  const checkout = useCheckout();
  const isEnrolled = Boolean(course._id) && (user?.enrolledCourses.includes(course._id) ?? false);

  const proceed = useCallback(() => {
    if (!user) {
      toast.warning(t('catalogue.enroll.loginToEnroll'));
      return;
    }
    if (!course._id) {
      toast.error(t('catalogue.enroll.courseDataMissing'));
      return;
    }
    if (isEnrolled) {
      toast.info(t('catalogue.enroll.alreadyEnrolled'));
      return;
    }
    void checkout.start({ _id: course._id, courseTitle: course.courseTitle ?? '', couponCode });
  }, [user, course._id, course.courseTitle, couponCode, isEnrolled, toast, checkout, t]);

  // A click while the account is still loading (just after a page load) is kept and carried out once it has
  // loaded, instead of being told to log in.
  const [clickedWhileLoading, setClickedWhileLoading] = useState(false);
  const enroll = useCallback(() => (accountLoading ? setClickedWhileLoading(true) : proceed()), [accountLoading, proceed]);
  useEffect(() => {
    if (!clickedWhileLoading || accountLoading) return;
    setClickedWhileLoading(false);
    proceed();
  }, [clickedWhileLoading, accountLoading, proceed]);

  return { isEnrolled, enroll, phase: checkout.phase };
}
