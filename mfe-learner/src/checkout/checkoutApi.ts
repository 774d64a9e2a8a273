import type { ApiClient } from '@academy/platform';
import type { PurchaseResult } from '@academy/contracts';
import type { RazorpaySuccess } from './razorpayCheckout';

export type PurchaseAnswer = PurchaseResult & { success: true; message?: string };

/** `learnerId`: a parent buying for a linked child (the child is enrolled, the parent pays). */
export function createPurchase(api: ApiClient, courseId: string, learnerId?: string): Promise<PurchaseAnswer> {
  return api.post<PurchaseAnswer>('/user/purchase', learnerId ? { courseId, learnerId } : { courseId });
}

export function verifyPayment(api: ApiClient, payment: RazorpaySuccess, purchaseId: string): Promise<{ success: boolean; message?: string }> {
  return api.post('/user/verifyRazorpay', { ...payment, purchaseId });
}
