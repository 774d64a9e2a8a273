import { describe, expect, it } from '@jest/globals';
import { financialYear, gstInclusiveSplit, GSTIN_PATTERN, receiptNumber } from './receipt-rules.js';

describe('receipts', () => {
  it('places a moment in India\'s financial year (April to March, IST)', () => {
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYear(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26'); // 23:59:59 IST on 31 March
    expect(financialYear(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27'); // 00:00 IST on 1 April
    expect(financialYear(new Date('2026-11-23T10:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });

  it('numbers receipts per series and year, six digits', () => {
    expect(receiptNumber('ACAD', '2026-27', 123)).toBe('ACAD/2026-27/000123');
    expect(receiptNumber('ACAD-CN', '2026-27', 1_234_567)).toBe('ACAD-CN/2026-27/1234567');
  });

  it('splits a GST-inclusive price into taxable value and tax that add up to the paise', () => {
    expect(gstInclusiveSplit(159_900, 18)).toEqual({ taxablePaise: 135_508, taxPaise: 24_392 });
    expect(gstInclusiveSplit(100, 18)).toEqual({ taxablePaise: 85, taxPaise: 15 });
    expect(gstInclusiveSplit(50_000, 0)).toEqual({ taxablePaise: 50_000, taxPaise: 0 });
    for (let paise = 100; paise < 20_000; paise += 37) {
      const { taxablePaise, taxPaise } = gstInclusiveSplit(paise, 18);
      expect(taxablePaise + taxPaise).toBe(paise);
      expect(Number.isInteger(taxablePaise) && Number.isInteger(taxPaise)).toBe(true);
      expect(Math.abs(taxPaise - taxablePaise * 0.18)).toBeLessThanOrEqual(1);
    }
  });

  it('recognises a GSTIN', () => {
    expect(GSTIN_PATTERN.test('29AABCA1234F1Z5')).toBe(true);
    expect(GSTIN_PATTERN.test('29aabca1234f1z5')).toBe(false);
    expect(GSTIN_PATTERN.test('ABC')).toBe(false);
  });
});
