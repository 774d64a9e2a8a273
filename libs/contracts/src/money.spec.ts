import { describe, expect, it } from '@jest/globals';
import { courseEarnings, priceAfterDiscount, priceAfterDiscountPaise, toPaise } from './money.js';
import { formatPrice } from './formatting.js';

describe('priceAfterDiscount', () => {
  it.each([
    [499.5, 0, 499.5],
    [999, 10, 899.1],
    [1000, 100, 0],
    [0, 50, 0],
    [799, 15, 679.15],
    [19.99, 33, 13.39],
    [0.1 + 0.2, 0, 0.3],
  ])('%p with %p%% off is %p', (price, discount, expected) => {
    expect(priceAfterDiscount(price, discount)).toBe(expected);
  });

  it('computes in paise', () => {
    expect(toPaise(499.5)).toBe(49950);
    expect(priceAfterDiscountPaise(499.5, 0)).toBe(49950);
  });
});

describe('formatPrice', () => {
  it.each([
    [499.5, '₹499.50'],
    [0, '₹0.00'],
    [1234, '₹1,234.00'],
    [100000, '₹1,00,000.00'],
    [12345678.9, '₹1,23,45,678.90'],
    [-1599, '-₹1,599.00'],
  ])('%p → %p', (amount, text) => expect(formatPrice(amount)).toBe(text));
});

describe('courseEarnings', () => {
  it.each([
    [0, 999, 10, 0],
    [3, 999, 10, 2697.3],
    [3, 19.99, 0, 59.97],
    [2, 849.05, 10, 1528.3],
    [7, 0, 0, 0],
  ])('%p students at %p with %p%% off earn %p', (students, price, discount, expected) => {
    expect(courseEarnings(students, price, discount)).toBe(expected);
  });
});
