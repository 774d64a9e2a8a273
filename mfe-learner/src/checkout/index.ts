export {
  useCheckout,
  ENROLLMENT_SUCCESSFUL,
  VERIFICATION_FAILED,
  VERIFICATION_ERROR,
  MY_ENROLLMENTS_PATH,
  PAYMENT_BEING_CONFIRMED,
  type CheckoutCourse,
  type CheckoutLearner,
  type CheckoutPhase,
  type PendingEnrollmentState,
} from './useCheckout';
export { checkoutDescription, CHECKOUT_THEME_COLOR, loadCheckoutScript, type RazorpayOptions } from './razorpayCheckout';
