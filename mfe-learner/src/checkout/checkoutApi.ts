import { callApi, nextTraceparent, type ApiClient } from '@academy/platform';
import { couponPricePriceRoute, purchasesPurchaseRoute, purchasesVerifyRoute, type CouponPrice } from '@academy/contracts';
import type { RazorpaySuccess } from './razorpayCheckout';

export type PurchaseAnswer = Awaited<ReturnType<typeof createPurchase>>;

/**
 * `learnerId`: a parent buying for a linked child (the child is enrolled, the parent pays). `couponCode`: the server
 * prices the order with it (the price the page showed is never sent). `traceparent`: the purchase's trace, started
 * at the click and sent again with the verification.
 */
export function createPurchase(api: ApiClient, courseId: string, traceparent: string, learnerId?: string, couponCode?: string) {
  return callApi(
    api,
    purchasesPurchaseRoute,
    { body: { courseId, ...(learnerId ? { learnerId } : {}), ...(couponCode ? { couponCode } : {}) } },
    { headers: { traceparent: nextTraceparent(traceparent) } },
  );
}

/** The price a coupon code gives the course now (or the server's refusal: unknown, expired, used up, not for this course). */
export async function fetchCouponPrice(api: ApiClient, courseId: string, code: string): Promise<CouponPrice> {
  const { success: _success, ...price } = await callApi(api, couponPricePriceRoute, { body: { courseId, code } });
  return price;
}

export function verifyPayment(api: ApiClient, payment: RazorpaySuccess, purchaseId: string, traceparent: string) {
  return callApi(api, purchasesVerifyRoute, { body: { ...payment, purchaseId } }, { headers: { traceparent: nextTraceparent(traceparent) } });
}
