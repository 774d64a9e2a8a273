import { formatCompactCount, formatCount, formatDate, formatDateTime, formatLongDate, formatPrice, formatTime, pluralCategory } from './formatting.js';

describe('formatDate', () => {
  it.each([
    ['2026-11-23T10:00:00.000Z', '23/11/2026'],
    ['2026-03-04T20:00:00.000Z', '05/03/2026'], // 01:30 on the 5th in India
    [new Date(Date.UTC(2025, 0, 2, 6)), '02/01/2025'],
    [Date.UTC(2024, 1, 29, 6), '29/02/2024'],
  ])('%p → %p', (value, text) => expect(formatDate(value)).toBe(text));

  it.each([[''], ['not a date'], ['2025-13-45'], [null], [undefined]])('formats %j as "Invalid Date"', (value) => {
    expect(formatDate(value)).toBe('Invalid Date');
  });
});

// Pinned here, not in journeys: browsers ship different ICU data (the Node here is the reference).
describe('the same facts in en-IN and hi-IN', () => {
  it('groups rupees in lakhs and crores with ₹ in both languages', () => {
    expect(formatPrice(123456789.5, 'en')).toBe('₹12,34,56,789.50');
    expect(formatPrice(123456789.5, 'hi')).toBe('₹12,34,56,789.50');
    expect(formatPrice(-499.5, 'hi')).toBe('-₹499.50');
    expect(formatCount(1234567, 'hi')).toBe('12,34,567');
  });

  it('says lakh and crore in the reader’s language', () => {
    // ICU puts a narrow no-break space between the number and the English word.
    expect(formatCompactCount(150000, 'en')).toBe('1.5\u202flakh');
    expect(formatCompactCount(150000, 'hi')).toBe('1.5 लाख');
    expect(formatCompactCount(25000000, 'hi')).toBe('2.5 करोड़');
  });

  it('writes dates dd/mm/yyyy in both, months and times in the reader’s language', () => {
    const evening = '2026-11-23T13:30:00.000Z'; // 7:00 pm in India
    expect(formatDate(evening, 'hi')).toBe('23/11/2026');
    expect(formatLongDate(evening, 'en')).toBe('23 November 2026');
    expect(formatLongDate(evening, 'hi')).toBe('23 नवंबर 2026');
    expect(formatTime(evening, 'en')).toBe('7:00 pm');
    expect(formatDateTime(evening, 'en')).toBe('23/11/2026, 7:00 pm');
  });

  it('follows CLDR plurals: Hindi counts 0 as one, English does not', () => {
    expect(pluralCategory(0, 'hi')).toBe('one');
    expect(pluralCategory(1, 'hi')).toBe('one');
    expect(pluralCategory(2, 'hi')).toBe('other');
    expect(pluralCategory(0, 'en')).toBe('other');
    expect(pluralCategory(1, 'en')).toBe('one');
  });
});
