/** Shown before every price. */
export const CURRENCY_SYMBOL = '₹';
export const CURRENCY_CODE = 'INR';

/** Rupees to paise, rounding away float noise (499.5 → 49950). */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function fromPaise(paise: number): number {
  return paise / 100;
}

/** Price after the discount percent, in paise, so ₹499.50 stays ₹499.50. */
export function priceAfterDiscountPaise(price: number, discountPercent: number): number {
  return Math.round((toPaise(price) * (100 - discountPercent)) / 100);
}

/** Displayed price: coursePrice minus discount percent of it, 2 decimals. */
export function priceAfterDiscount(price: number, discountPercent: number): number {
  return fromPaise(priceAfterDiscountPaise(price, discountPercent));
}

/** Earnings of a course = enrolled students × price after discount, exact to the paisa (never rounded down). */
export function courseEarnings(studentCount: number, price: number, discountPercent: number): number {
  return fromPaise(studentCount * priceAfterDiscountPaise(price, discountPercent));
}

/** Razorpay's minimum order amount: ₹1. A price after discount between ₹0 and ₹1 cannot be charged. */
export const MIN_PAYABLE_PAISE = 100;
/**
 * The largest price the academy charges in one payment: ₹5,00,000. Razorpay's per-transaction ceiling depends on
 * the account and method (UPI is lower); this one limit is well inside what cards and net banking accept.
 */
export const MAX_PAYABLE_PAISE = 50_000_000;

/** Why a price after discount (in paise) cannot be sold, or null when it can (₹0 is a free course). */
export function payableAmountProblem(paise: number): string | null {
  if (!Number.isSafeInteger(paise) || paise < 0) return 'The price must be a whole number of paise, at least ₹0';
  if (paise > 0 && paise < MIN_PAYABLE_PAISE) return 'The price after discount must be ₹0 (free) or at least ₹1';
  if (paise > MAX_PAYABLE_PAISE) return 'The price after discount may not exceed ₹5,00,000';
  return null;
}
