import { useCallback } from 'react';
import type { CourseDetail } from '@academy/contracts';
import { useCurrentUser, useToast } from '@academy/platform';

export const LOGIN_TO_ENROLL = 'Login to Enroll';
export const COURSE_DATA_MISSING = 'Course data is missing. Please refresh.';
export const ALREADY_ENROLLED = 'Already Enrolled';
export const PAYMENTS_COMING_SOON = 'Online payment is coming soon: enrolment will open here shortly.';

export interface EnrollmentState {
  isEnrolled: boolean;
  /** Enroll Now: checks the spec's preconditions; the purchase itself arrives with the payments issue. */
  enroll(): void;
}

/** Enrolled when the user's enrolledCourses contain the course (spec section 4), or the server says so. */
export function useEnrollment(course: Pick<CourseDetail, '_id' | 'isEnrolled'>): EnrollmentState {
  const { user } = useCurrentUser();
  const toast = useToast();
  const isEnrolled = Boolean(course._id) && (course.isEnrolled === true || (user?.enrolledCourses.includes(course._id) ?? false));

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
    toast.info(PAYMENTS_COMING_SOON);
  }, [user, course._id, isEnrolled, toast]);

  return { isEnrolled, enroll };
}
