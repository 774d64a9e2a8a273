// A file of its own: the formatters are built once per module instance, and the other formatting tests build them.
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { formatCount, formatPrice, prepareCourseCardFormatters } from './formatting.js';

describe('prepareCourseCardFormatters', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('builds the price and count formatters of that language, so a course card builds none', () => {
    const NumberFormat = Intl.NumberFormat;
    const built: string[] = [];
    jest.spyOn(Intl, 'NumberFormat').mockImplementation(((locale: string, options?: Intl.NumberFormatOptions) => {
      built.push(locale);
      return new NumberFormat(locale, options);
    }) as typeof Intl.NumberFormat);

    prepareCourseCardFormatters('hi');
    expect(built).toEqual(['hi-IN', 'hi-IN']);
    expect(formatPrice(1499, 'hi')).toBe('₹1,499.00');
    expect(formatCount(123456, 'hi')).toBe('1,23,456');
    expect(built).toHaveLength(2);
    // Another language's cards still build their own on first use.
    formatPrice(1499, 'en');
    expect(built).toEqual(['hi-IN', 'hi-IN', 'en-IN']);
  });
});
