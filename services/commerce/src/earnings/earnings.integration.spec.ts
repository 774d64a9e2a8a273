import { randomUUID } from 'node:crypto';
import { demoUsers } from '@academy/service-core/testing';
import { summariseEarnings, type EarningsPoint } from '@academy/contracts';
import request from 'supertest';
import { startCommerceHarness, type CommerceHarness } from '../testing/commerce-harness.js';
import { recordRefund, recordSale } from '../testing/ledger-entries.js';

/** Every earnings figure an educator sees comes from the same ledger sums, in paise, on Indian days. */
describe('earnings agree to the paisa (real PostgreSQL)', () => {
  let h: CommerceHarness;
  const educator = { ...demoUsers.educator, sub: `educator-paise-${randomUUID()}` };
  const courses = [randomUUID(), randomUUID(), randomUUID()];

  beforeAll(async () => {
    h = await startCommerceHarness();
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  const sale = (courseId: string, amountPaise: number, paidAt: string) => recordSale(h, { educatorId: educator.sub, courseId, amountPaise, paidAt });
  const refund = (purchaseId: string, courseId: string, amountPaise: number, endsEnrolment: boolean) =>
    recordRefund(h, { purchaseId, educatorId: educator.sub, courseId, amountPaise, endsEnrolment });

  it('shows the same total on the card, the chart by day and by month, and the sum of My Courses rows', async () => {
    // Odd paise (₹764.15 twice is ₹1,528.30, which rounding per course used to show as ₹1,528), one sale just
    // after midnight in India (still the previous day in UTC), a partial refund and a full one.
    await sale(courses[0]!, 76_415, '2026-11-24T10:00:00Z');
    await sale(courses[0]!, 76_415, '2026-11-24T18:45:00Z'); // 00:15 on 25/11 in India
    const partlyRefunded = await sale(courses[1]!, 49_999, '2026-11-23T06:30:00Z');
    const refunded = await sale(courses[2]!, 1_01, '2026-11-20T12:00:00Z');
    await sale(courses[2]!, 33_333, '2026-10-31T19:00:00Z'); // 00:30 on 01/11 in India
    await refund(partlyRefunded, courses[1]!, 12_345, false);
    await refund(refunded, courses[2]!, 1_01, true);
    const expectedPaise = 76_415 * 2 + 49_999 - 12_345 + 33_333;

    const headers = await h.bearer(educator);
    const http = () => request(h.app.getHttpServer());
    const card = (await http().get('/api/educator/dashboard').set(headers).expect(200)).body.dashboardData;
    const days: EarningsPoint[] = (await http().get('/api/educator/earnings?granularity=day').set(headers).expect(200)).body.series;
    const months: EarningsPoint[] = (await http().get('/api/educator/earnings?granularity=month').set(headers).expect(200)).body.series;
    const rows: { earnings: number; enrolments: number }[] = (
      await http().get('/api/educator/earnings/by-course').set(headers).expect(200)
    ).body.courses;

    expect(card.totalEarnings).toBe(expectedPaise / 100);
    expect(summariseEarnings(days).earnings).toBe(expectedPaise / 100);
    expect(summariseEarnings(months).earnings).toBe(expectedPaise / 100);
    expect(Math.round(rows.reduce((sum, row) => sum + row.earnings * 100, 0))).toBe(expectedPaise);
    expect(rows.map((row) => row.earnings).sort((a, b) => a - b)).toEqual([333.33, 376.54, 1528.3]);
    expect(card.totalEnrolments).toBe(4);
    expect(summariseEarnings(days).enrolments).toBe(4);

    // Sales sit on their Indian day; the refunds on today's Indian day.
    const byDay = new Map(days.map((point) => [point.period, point]));
    expect(byDay.get('2026-11-24')).toMatchObject({ earnings: 764.15, enrolments: 1 });
    expect(byDay.get('2026-11-25')).toMatchObject({ earnings: 764.15, enrolments: 1 });
    expect(byDay.get('2026-11-01')).toMatchObject({ earnings: 333.33, enrolments: 1 });
    expect(byDay.has('2026-10-31')).toBe(false);
    expect(months.some((point) => point.period === '2026-10')).toBe(false);
  });
});
