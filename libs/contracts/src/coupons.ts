// Coupon codes (commerce): an educator's codes for one course or all their courses, the price a code gives, the
// educator's list with redemptions and revenue.
import { z } from 'zod';
import { MAX_PAYABLE_PAISE, MIN_PAYABLE_PAISE } from './money.js';

/** Codes are stored and compared upper-case: `diwali50` and `DIWALI50` are one code. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,19}$/;
export const couponCodeSchema = z
  .string({ message: 'Enter a coupon code' })
  .trim()
  .min(1, 'Enter a coupon code')
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(COUPON_CODE_PATTERN, 'A coupon code is 3 to 20 letters, digits or dashes'));

export type CouponKind = 'percent' | 'flat';

/** A calendar day, yyyy-mm-dd, taken in India (Asia/Kolkata). */
const indianDaySchema = (field: string) => z.iso.date({ message: `${field} must be a date (yyyy-mm-dd)` });

/** POST /api/educator/coupons. `courseId` null: every course of the educator's, now and later. */
export const createCouponRequestSchema = z
  .object({
    code: couponCodeSchema,
    courseId: z.uuid({ message: 'courseId must be a valid course id' }).nullable(),
    kind: z.enum(['percent', 'flat'], { message: 'kind must be percent or flat' }),
    /** percent: 1–100 (100 makes the course free); flat: paise off, at least ₹1. */
    percentOff: z.number().int('percentOff must be a whole number').min(1, 'percentOff must be 1 to 100').max(100, 'percentOff must be 1 to 100').optional(),
    amountOffPaise: z
      .number()
      .int('amountOffPaise must be whole paise')
      .min(MIN_PAYABLE_PAISE, 'The flat discount must be at least ₹1')
      .max(MAX_PAYABLE_PAISE, 'The flat discount may not exceed ₹5,00,000')
      .optional(),
    startsOn: indianDaySchema('startsOn'),
    endsOn: indianDaySchema('endsOn'),
    maxUses: z.number().int('maxUses must be a whole number').min(1, 'Allow at least 1 use').max(1_000_000, 'maxUses may not exceed 10,00,000'),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'percent' && value.percentOff === undefined) ctx.addIssue({ code: 'custom', message: 'A percent coupon needs percentOff', path: ['percentOff'] });
    if (value.kind === 'flat' && value.amountOffPaise === undefined) ctx.addIssue({ code: 'custom', message: 'A flat coupon needs amountOffPaise', path: ['amountOffPaise'] });
    // Compared only when both are dates (else their own issues say so).
    const bothDates = /^\d{4}-\d{2}-\d{2}$/.test(value.startsOn) && /^\d{4}-\d{2}-\d{2}$/.test(value.endsOn);
    if (bothDates && value.endsOn < value.startsOn) ctx.addIssue({ code: 'custom', message: 'The end date must not be before the start date', path: ['endsOn'] });
  });
export type CreateCouponRequest = z.infer<typeof createCouponRequestSchema>;

/** POST /api/user/coupon-price: the price a code gives this course, before paying. */
export const couponPriceRequestSchema = z.object({
  courseId: z.uuid({ message: 'courseId must be a valid course id' }),
  code: couponCodeSchema,
});
export type CouponPriceRequest = z.infer<typeof couponPriceRequestSchema>;

/** The price the server charges with a code: list price (after the course's own discount), discount, what is paid. */
export interface CouponPrice {
  code: string;
  listPricePaise: number;
  discountPaise: number;
  pricePaise: number;
}

export interface CouponPriceAnswer extends CouponPrice {
  success: true;
}

/** Why a code is refused, word for word as the learner reads it. */
export const COUPON_REFUSALS = {
  unknown: 'This coupon code does not exist',
  notStarted: 'This coupon code is not valid yet',
  expired: 'This coupon code has expired',
  usedUp: 'This coupon code has been used up',
  notForCourse: 'This coupon code is not for this course',
  alreadyUsed: 'You have already used this coupon code',
  freeCourse: 'This course is already free',
} as const;

/** One code as its educator sees it (GET /api/educator/coupons). */
export interface EducatorCoupon {
  id: string;
  code: string;
  /** null: all the educator's courses. */
  courseId: string | null;
  courseTitle: string | null;
  kind: CouponKind;
  percentOff: number | null;
  amountOffPaise: number | null;
  startsOn: string;
  endsOn: string;
  maxUses: number;
  /** Uses taken now: paid purchases plus orders awaiting payment (a refund or an expired order gives its use back). */
  usedCount: number;
  /** Paid purchases with the code, not refunded. */
  redemptions: number;
  /** What those purchases brought, net of refunds, in paise. */
  revenuePaise: number;
  createdAt: string;
}

export interface EducatorCouponsAnswer {
  success: true;
  coupons: EducatorCoupon[];
}

/**
 * The price with a coupon, in paise: percent off (rounded down to whole paise for the discount) or flat off, never
 * below ₹1, except that 100 % makes it free. A list price below ₹1 is left alone.
 */
export function couponPricePaise(listPricePaise: number, coupon: { kind: CouponKind; percentOff: number | null; amountOffPaise: number | null }): number {
  if (coupon.kind === 'percent' && coupon.percentOff === 100) return 0;
  const discount =
    coupon.kind === 'percent' ? Math.floor((listPricePaise * (coupon.percentOff ?? 0)) / 100) : (coupon.amountOffPaise ?? 0);
  const floor = Math.min(listPricePaise, MIN_PAYABLE_PAISE);
  return Math.max(listPricePaise - discount, floor);
}
