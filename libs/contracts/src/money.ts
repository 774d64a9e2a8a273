/** Shown before every price (spec section 9). */
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

export function formatPrice(amount: number): string {
  return `${CURRENCY_SYMBOL}${amount.toFixed(2)}`;
}

/** Earnings per course = floor(enrolled students × price after discount). */
export function courseEarnings(studentCount: number, price: number, discountPercent: number): number {
  return Math.floor(fromPaise(studentCount * priceAfterDiscountPaise(price, discountPercent)));
}
