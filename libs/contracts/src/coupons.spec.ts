import { couponCodeSchema, couponPricePaise, createCouponRequestSchema } from './coupons.js';

describe('coupon prices in paise', () => {
  it.each([
    [99_900, { kind: 'percent' as const, percentOff: 50, amountOffPaise: null }, 49_950],
    [99_901, { kind: 'percent' as const, percentOff: 50, amountOffPaise: null }, 49_951], // the discount rounds down
    [99_900, { kind: 'percent' as const, percentOff: 100, amountOffPaise: null }, 0],
    [99_900, { kind: 'percent' as const, percentOff: 99, amountOffPaise: null }, 999],
    [10_000, { kind: 'percent' as const, percentOff: 99, amountOffPaise: null }, 100], // never below ₹1
    [99_900, { kind: 'flat' as const, percentOff: null, amountOffPaise: 20_000 }, 79_900],
    [99_900, { kind: 'flat' as const, percentOff: null, amountOffPaise: 500_000 }, 100],
  ])('%p with %p costs %p', (list, coupon, price) => {
    expect(couponPricePaise(list, coupon)).toBe(price);
  });
});

describe('coupon requests', () => {
  it('upper-cases codes and refuses odd ones', () => {
    expect(couponCodeSchema.parse(' diwali-50 ')).toBe('DIWALI-50');
    expect(couponCodeSchema.safeParse('ab').success).toBe(false);
    expect(couponCodeSchema.safeParse('has space').success).toBe(false);
  });

  it('needs the amount of its kind and an end not before the start', () => {
    const base = { code: 'HALF', courseId: null, startsOn: '2026-11-01', endsOn: '2026-11-30', maxUses: 5 };
    expect(createCouponRequestSchema.safeParse({ ...base, kind: 'percent', percentOff: 50 }).success).toBe(true);
    expect(createCouponRequestSchema.safeParse({ ...base, kind: 'percent' }).error?.issues[0]?.message).toBe('A percent coupon needs percentOff');
    expect(createCouponRequestSchema.safeParse({ ...base, kind: 'flat', amountOffPaise: 99 }).success).toBe(false);
    expect(createCouponRequestSchema.safeParse({ ...base, kind: 'percent', percentOff: 5, endsOn: '2026-10-31' }).error?.issues[0]?.message).toBe(
      'The end date must not be before the start date',
    );
  });
});
