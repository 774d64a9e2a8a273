import { nextTraceparent, type ApiClient } from '@academy/platform';
import type { PurchaseResult } from '@academy/contracts';
import type { RazorpaySuccess } from './razorpayCheckout';

export type PurchaseAnswer = PurchaseResult & { success: true; message?: string };

/**
 * `learnerId`: a parent buying for a linked child (the child is enrolled, the parent pays). `traceparent`: the
 * purchase's trace, started at the click and sent again with the verification.
 */
export function createPurchase(api: ApiClient, courseId: string, learnerId: string | undefined, traceparent: string): Promise<PurchaseAnswer> {
  return api.post<PurchaseAnswer>('/user/purchase', learnerId ? { courseId, learnerId } : { courseId }, { headers: { traceparent: nextTraceparent(traceparent) } });
}

export function verifyPayment(api: ApiClient, payment: RazorpaySuccess, purchaseId: string, traceparent: string): Promise<{ success: boolean; message?: string }> {
  return api.post('/user/verifyRazorpay', { ...payment, purchaseId }, { headers: { traceparent: nextTraceparent(traceparent) } });
}
