// Earnings over time for the educator dashboard chart (beyond docs/product.md). Served by commerce, which aggregates
// earnings events: GET /api/educator/earnings?granularity=day|month
//   → { success: true, series: [{ period: '2026-11-22', earnings: 1498.5, enrolments: 3 }, ...] }
// Periods are 'YYYY-MM-DD' (day) or 'YYYY-MM' (month) as Indian days (Asia/Kolkata), oldest first; periods without
// sales may be absent. `earnings` is in rupees exact to the paisa (after discount, net of refunds); `enrolments`
// counts paid and free enrolments.

export const EARNINGS_GRANULARITIES = ['day', 'month'] as const;
export type EarningsGranularity = (typeof EARNINGS_GRANULARITIES)[number];

export interface EarningsPoint {
  period: string;
  earnings: number;
  enrolments: number;
}

export interface EarningsSeries {
  series: EarningsPoint[];
}

/** Totals of a series, for the chart's text summary. */
export function summariseEarnings(series: readonly EarningsPoint[]): { earnings: number; enrolments: number } {
  const earningsPaise = series.reduce((sum, point) => sum + Math.round(point.earnings * 100), 0);
  return { earnings: earningsPaise / 100, enrolments: series.reduce((sum, point) => sum + point.enrolments, 0) };
}

/** A series period as the portal writes dates: `2026-11-25` → `25/11/2026`, `2026-11` → `11/2026`. */
export function formatEarningsPeriod(period: string): string {
  const [year, month, day] = period.split('-');
  return day === undefined ? `${month}/${year}` : `${day}/${month}/${year}`;
}
