import { formatDate } from './dates.js';

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
