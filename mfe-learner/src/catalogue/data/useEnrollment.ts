import { useCallback } from 'react';
import type { CourseDetail } from '@academy/contracts';
import { useCurrentUser, useToast } from '@academy/platform';
import { useCheckout, type CheckoutPhase } from '../../checkout';

export const LOGIN_TO_ENROLL = 'Login to Enroll';
export const COURSE_DATA_MISSING = 'Course data is missing. Please refresh.';
export const ALREADY_ENROLLED = 'Already Enrolled';

export interface EnrollmentState {
  isEnrolled: boolean;
  /** Enroll Now: the spec's preconditions, then purchase → checkout → verify (see ../../checkout). */
  enroll(): void;
  /** Where the purchase stands; anything but `idle` means Enroll Now is working and refuses a second click. */
  phase: CheckoutPhase;
}

/** Enrolled when the user's enrolledCourses contain the course, or the server says so. */
export function useEnrollment(course: Pick<CourseDetail, '_id'> & { courseTitle?: string }, couponCode?: string): EnrollmentState {
  const { user } = useCurrentUser();
  const toast = useToast();
  const checkout = useCheckout();
  const isEnrolled = Boolean(course._id) && (user?.enrolledCourses.includes(course._id) ?? false);

  const enroll = useCallback(() => {
    if (!user) {
      toast.warning(LOGIN_TO_ENROLL);
      return;
    }
    if (!course._id) {
      toast.error(COURSE_DATA_MISSING);
      return;
    }
    if (isEnrolled) {
      toast.info(ALREADY_ENROLLED);
      return;
    }
    void checkout.start({ _id: course._id, courseTitle: course.courseTitle ?? '', couponCode });
  }, [user, course._id, course.courseTitle, couponCode, isEnrolled, toast, checkout]);

  return { isEnrolled, enroll, phase: checkout.phase };
}
