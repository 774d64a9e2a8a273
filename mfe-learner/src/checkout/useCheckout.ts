import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorMessage, useApi, useCurrentUser, useRuntimeConfig, useToast } from '@academy/platform';
import { createPurchase, verifyPayment } from './checkoutApi';
import { CHECKOUT_DESCRIPTION, CHECKOUT_THEME_COLOR, loadCheckoutScript, type RazorpayFailure, type RazorpaySuccess } from './razorpayCheckout';

export const ENROLLMENT_SUCCESSFUL = 'Enrollment successful!';
export const VERIFICATION_FAILED = 'Payment verification failed.';
export const VERIFICATION_ERROR = 'Something went wrong during verification.';
export const MY_ENROLLMENTS_PATH = '/my-enrollments';

export interface CheckoutCourse {
  _id: string;
  courseTitle: string;
}

/**
 * The paid (and free) enrolment of spec sections 4 and 8: purchase → Razorpay Checkout → verify → reload the
 * user → /my-enrollments. A course free after discount is enrolled by the purchase call itself.
 */
export function useCheckout(): (course: CheckoutCourse) => Promise<void> {
  const api = useApi();
  const toast = useToast();
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  const { user, reload } = useCurrentUser();
  const busy = useRef(false);

  const finishEnrollment = useCallback(async () => {
    toast.success(ENROLLMENT_SUCCESSFUL);
    await reload().catch(() => undefined);
    navigate(MY_ENROLLMENTS_PATH);
  }, [toast, reload, navigate]);

  const onPaid = useCallback(
    async (payment: RazorpaySuccess, purchaseId: string) => {
      try {
        const result = await verifyPayment(api, payment, purchaseId);
        if (result.success) await finishEnrollment();
        else toast.error(VERIFICATION_FAILED);
      } catch (error) {
        // The API client turns `{success:false}` (HTTP 200) into an ApiError: that is a refusal, not a crash.
        if (error instanceof ApiError && error.status === 200) toast.error(VERIFICATION_FAILED);
        else toast.error(VERIFICATION_ERROR);
      }
    },
    [api, toast, finishEnrollment],
  );

  return useCallback(
    async (course: CheckoutCourse) => {
      if (busy.current) return;
      busy.current = true;
      try {
        const purchase = await createPurchase(api, course._id);
        if (!purchase.order) {
          await finishEnrollment(); // free course: enrolled by the purchase call
          return;
        }
        const Razorpay = await loadCheckoutScript(config.razorpay.checkoutScriptUrl);
        const checkout = new Razorpay({
          key: purchase.keyId ?? config.razorpay.keyId,
          amount: purchase.order.amount,
          currency: purchase.order.currency,
          order_id: purchase.order.id,
          name: course.courseTitle,
          description: CHECKOUT_DESCRIPTION,
          prefill: { name: user?.name, email: user?.email },
          theme: { color: CHECKOUT_THEME_COLOR },
          handler: (payment) => void onPaid(payment, purchase.purchaseId),
        });
        checkout.on('payment.failed', (failure: RazorpayFailure) => {
          toast.error(failure.error?.description ? `Payment failed: ${failure.error.description}` : 'Payment failed.');
        });
        checkout.open();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) toast.info(errorMessage(error));
        else toast.error(errorMessage(error));
      } finally {
        busy.current = false;
      }
    },
    [api, config.razorpay, user, toast, onPaid, finishEnrollment],
  );
}
