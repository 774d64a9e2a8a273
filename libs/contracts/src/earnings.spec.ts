import { describe, expect, it } from '@jest/globals';
import { formatEarningsPeriod, summariseEarnings } from './earnings.js';

describe('earnings series', () => {
  it.each([
    [[], { earnings: 0, enrolments: 0 }],
    [[{ period: '2026-11-22', earnings: 0.1, enrolments: 1 }, { period: '2026-11-23', earnings: 0.2, enrolments: 2 }], { earnings: 0.3, enrolments: 3 }],
    [[{ period: '2026-11', earnings: 499.5, enrolments: 1 }], { earnings: 499.5, enrolments: 1 }],
  ])('sums %j without float noise', (series, totals) => {
    expect(summariseEarnings(series)).toEqual(totals);
  });

  it('writes days and months as the portal writes dates', () => {
    expect(formatEarningsPeriod('2026-11-25')).toBe('25/11/2026');
    expect(formatEarningsPeriod('2026-11')).toBe('11/2026');
  });
});
