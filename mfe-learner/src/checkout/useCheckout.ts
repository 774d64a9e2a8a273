import { useCallback, useRef, useState } from 'react';
import {
  ApiError,
  errorMessage,
  newTraceparent,
  queryKeys,
  translateMessage,
  useApi,
  useCurrentUser,
  useQueryClient,
  useRuntimeConfig,
  useToast,
  useTranslation,
} from '@academy/platform';
import { useNavigate } from '@academy/routing';
import { createPurchase, verifyPayment } from './checkoutApi';
import { checkoutDescription, CHECKOUT_THEME_COLOR, loadCheckoutScript, type RazorpayFailure, type RazorpaySuccess } from './razorpayCheckout';

// The English wording of the toasts (shown through t: checkout.*), as tests and journeys read it.
export const ENROLLMENT_SUCCESSFUL = 'Enrollment successful!';
export const VERIFICATION_FAILED = 'Payment verification failed.';
export const VERIFICATION_ERROR = 'Something went wrong during verification.';
export const MY_ENROLLMENTS_PATH = '/my-enrollments';
export const PAYMENT_BEING_CONFIRMED = 'Your payment is being confirmed. The course will appear in My Enrollments by itself in a moment.';

/**
 * Where a purchase started with Enroll Now stands: `ordering` (order call and checkout script), `paying` (the
 * payment window is open), `verifying` (waiting for the server's check, up to 20 s). Anything but idle: busy.
 */
export type CheckoutPhase = 'idle' | 'ordering' | 'paying' | 'verifying';

/** Router state of /my-enrollments after a verification that did not settle in time (the 504 answer). */
export interface PendingEnrollmentState {
  pendingCourseId: string;
}

export interface Checkout {
  start(course: CheckoutCourse, learner?: CheckoutLearner): Promise<void>;
  phase: CheckoutPhase;
}

export interface CheckoutCourse {
  _id: string;
  courseTitle: string;
  /** A coupon code the learner applied on the course page. */
  couponCode?: string;
}

/** A parent buying for a linked child: who is enrolled. Afterwards the parent lands on that child's progress. */
export interface CheckoutLearner {
  id: string;
  name: string;
}

/**
 * The paid (and free) enrolment: purchase → Razorpay Checkout → verify → reload the
 * user → /my-enrollments. A course free after discount is enrolled by the purchase call itself.
 */
export function useCheckout(): Checkout {
  const { t } = useTranslation('learner');
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  const { user, reload } = useCurrentUser();
  const queryClient = useQueryClient();
  // The ref refuses a second purchase at once (before React re-renders); the state drives the button.
  const busy = useRef(false);
  const [phase, setPhaseState] = useState<CheckoutPhase>('idle');
  const setPhase = useCallback((next: CheckoutPhase) => {
    busy.current = next !== 'idle';
    setPhaseState(next);
  }, []);

  const finishEnrollment = useCallback(async (learner?: CheckoutLearner) => {
    toast.success(learner ? t('checkout.enrolledChild', { name: learner.name }) : t('checkout.enrolled'));
    // The course is now enrolled: course pages (Enroll Now), the lists and My Enrollments load it afresh.
    await Promise.all([
      reload().catch(() => undefined),
      queryClient.invalidateQueries({ queryKey: queryKeys.learner.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.catalogue.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.parents.all }),
    ]);
    navigate(learner ? `/parent/child/${encodeURIComponent(learner.id)}` : MY_ENROLLMENTS_PATH);
  }, [toast, reload, navigate, queryClient, t]);

  const onPaid = useCallback(
    async (payment: RazorpaySuccess, purchaseId: string, courseId: string, traceparent: string, learner?: CheckoutLearner) => {
      setPhase('verifying');
      try {
        const result = await verifyPayment(api, payment, purchaseId, traceparent);
        if (result.success) await finishEnrollment(learner);
        else toast.error(t('checkout.verificationFailed'));
      } catch (error) {
        // The API client turns `{success:false}` (HTTP 200) into an ApiError: that is a refusal, not a crash.
        if (error instanceof ApiError && error.status === 200) toast.error(t('checkout.verificationFailed'));
        else if (error instanceof ApiError && error.status === 504) {
          // Paid, but not settled within the wait: My Enrollments watches for the course and shows it by itself.
          toast.info(t('checkout.beingConfirmed'));
          if (learner) navigate(`/parent/child/${encodeURIComponent(learner.id)}`);
          else navigate(MY_ENROLLMENTS_PATH, { state: { pendingCourseId: courseId } satisfies PendingEnrollmentState });
        } else toast.error(t('checkout.verificationError'));
      } finally {
        setPhase('idle');
      }
    },
    [api, toast, finishEnrollment, navigate, setPhase, t],
  );

  const start = useCallback(
    async (course: CheckoutCourse, learner?: CheckoutLearner) => {
      if (busy.current) return;
      setPhase('ordering');
      let windowOpen = false;
      const traceparent = newTraceparent();
      try {
        const purchase = await createPurchase(api, course._id, traceparent, learner?.id, course.couponCode);
        if (!purchase.order) {
          await finishEnrollment(learner); // free course: enrolled by the purchase call
          return;
        }
        const Razorpay = await loadCheckoutScript(config.razorpay.checkoutScriptUrl);
        const checkout = new Razorpay({
          key: purchase.keyId ?? config.razorpay.keyId,
          amount: purchase.order.amount,
          currency: purchase.order.currency,
          order_id: purchase.order.id,
          name: course.courseTitle,
          // A parent paying for a child sees whose course it is in the payment window.
          description: checkoutDescription(learner?.name),
          prefill: { name: user?.name, email: user?.email },
          theme: { color: CHECKOUT_THEME_COLOR },
          handler: (payment) => void onPaid(payment, purchase.purchaseId, course._id, traceparent, learner),
          modal: { ondismiss: () => setPhase('idle') },
        });
        checkout.on('payment.failed', (failure: RazorpayFailure) => {
          toast.error(
            failure.error?.description ? t('checkout.paymentFailedBecause', { reason: translateMessage(failure.error.description) }) : t('checkout.paymentFailed'),
          );
        });
        checkout.open();
        windowOpen = true;
        setPhase('paying'); // until the payment succeeds (verifying) or the window is closed
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) toast.info(errorMessage(error));
        else toast.error(errorMessage(error));
      } finally {
        if (!windowOpen) setPhase('idle');
      }
    },
    [api, config.razorpay, user, toast, onPaid, finishEnrollment, setPhase, t],
  );

  return { start, phase };
}
