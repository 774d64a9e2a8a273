import { educatorCouponsPath, type CreateCouponRequest, type EducatorCoupon, type EducatorCouponsAnswer } from '@academy/contracts';
import type { ApiClient } from '@academy/platform';

/** GET /api/educator/coupons (commerce): the educator's own codes with uses, redemptions and revenue. */
export async function fetchCoupons(api: ApiClient): Promise<EducatorCoupon[]> {
  return (await api.get<EducatorCouponsAnswer>(educatorCouponsPath)).coupons;
}

export async function createCoupon(api: ApiClient, request: CreateCouponRequest): Promise<EducatorCoupon> {
  return (await api.post<{ success: true; coupon: EducatorCoupon }>(educatorCouponsPath, request)).coupon;
}
