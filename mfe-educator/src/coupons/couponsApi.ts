import { educatorCouponsCreateRoute, educatorCouponsListRoute, type CreateCouponRequest, type EducatorCoupon } from '@academy/contracts';
import { callApi, type ApiClient } from '@academy/platform';

/** The educator's own codes with uses, redemptions and revenue (commerce). */
export async function fetchCoupons(api: ApiClient): Promise<EducatorCoupon[]> {
  return (await callApi(api, educatorCouponsListRoute)).coupons;
}

export async function createCoupon(api: ApiClient, request: CreateCouponRequest): Promise<EducatorCoupon> {
  return (await callApi(api, educatorCouponsCreateRoute, { body: request })).coupon;
}
