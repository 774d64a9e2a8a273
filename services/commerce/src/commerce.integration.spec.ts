import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { demoUsers } from '@academy/service-core/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { LATEST_PAID_SALES_SQL } from './purchases/purchases.repository.js';
import { startCommerceHarness, type CommerceHarness } from './testing/commerce-harness.js';
import { WorkerModule } from './worker.module.js';

const educatorRoutes = ['/api/educator/dashboard', '/api/educator/enrolledStudents', '/api/educator/enrolledStudents/export', '/api/educator/earnings'];

describe('commerce service (real PostgreSQL, Redis and JWKS)', () => {
  let h: CommerceHarness;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    h = await startCommerceHarness();
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await h?.close();
  });

  it.each(educatorRoutes)('%s answers 401 to anonymous callers and 403 to students', async (route) => {
    const anonymous = await request(h.app.getHttpServer()).get(route).expect(401);
    expect(anonymous.body).toEqual({ success: false, message: 'Sign in to continue: no access token was sent' });
    const student = await request(h.app.getHttpServer()).get(route).set(await h.bearer(demoUsers.student)).expect(403);
    expect(student.body).toEqual({ success: false, message: 'Only educator accounts can do this' });
  });

  it('gives an educator with no sales an empty dashboard, student list and earnings series', async () => {
    const headers = await h.bearer(demoUsers.educator);
    const dashboard = await request(h.app.getHttpServer()).get('/api/educator/dashboard').set(headers).expect(200);
    expect(dashboard.body).toEqual({
      success: true,
      dashboardData: { enrolledStudentsData: [], totalEnrolments: 0, totalCourses: 0, totalEarnings: 0 },
    });
    const students = await request(h.app.getHttpServer()).get('/api/educator/enrolledStudents').set(headers).expect(200);
    expect(students.body).toEqual({ success: true, enrolledStudents: [], nextCursor: null });
    const earnings = await request(h.app.getHttpServer()).get('/api/educator/earnings').set(headers).expect(200);
    expect(earnings.body).toEqual({ success: true, series: [] });
  });

  it('refuses a second purchase row for the same Razorpay order, and a second pending purchase for one course', async () => {
    const insert = (user: string, order: string) =>
      h.app.get(DataSource).query(
        `INSERT INTO commerce.purchases (user_id, course_id, educator_id, amount_paise, razorpay_order_id)
         VALUES ($1, '11111111-1111-4111-8111-111111111111', 'e', 100, $2)`,
        [user, order],
      );
    await insert('u1', 'order_a');
    await expect(insert('u2', 'order_a')).rejects.toThrow(/purchases_razorpay_order_id_key/);
    await expect(insert('u1', 'order_b')).rejects.toThrow(/purchases_one_pending_idx/);
  });

  it('reads the latest sales through the paid-purchases index, not by sorting every sale', async () => {
    const dataSource = h.app.get(DataSource);
    await dataSource.query(
      `INSERT INTO commerce.purchases (user_id, course_id, educator_id, amount_paise, status, paid_at, student_name, course_title)
       SELECT 'buyer-' || i, '22222222-2222-4222-8222-222222222222', 'educator-with-many-sales', 100, 'paid',
              now() - (i || ' minutes')::interval, 'Student ' || i, 'Course'
         FROM generate_series(1, 20000) AS i`,
    );
    await dataSource.query('ANALYZE commerce.purchases');
    const plan: { 'QUERY PLAN': string }[] = await dataSource.query(`EXPLAIN ${LATEST_PAID_SALES_SQL}`, ['educator-with-many-sales', 10]);
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('purchases_educator_paid_idx');
    expect(text).not.toMatch(/^\s*->\s*Sort\b|^Sort\b/m);

    const response = await request(h.app.getHttpServer())
      .get('/api/educator/dashboard')
      .set(await h.bearer({ ...demoUsers.educator, sub: 'educator-with-many-sales' }))
      .expect(200);
    expect(response.body.dashboardData.enrolledStudentsData.map((row: { student: { name: string } }) => row.student.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Student ${index + 1}`),
    );
  });

  it('pages enrolled students newest first with a cursor, capped at 100, never repeating or skipping a sale (ties on the same second included)', async () => {
    const dataSource = h.app.get(DataSource);
    const educator = { ...demoUsers.educator, sub: 'educator-paged' };
    // 130 sales: 60 of them share one paid_at, so the order relies on the id tie-breaker.
    await dataSource.query(
      `INSERT INTO commerce.purchases (user_id, course_id, educator_id, amount_paise, status, paid_at, student_name, course_title)
       SELECT 'pager-' || i, '33333333-3333-4333-8333-333333333333', 'educator-paged', 100, 'paid',
              CASE WHEN i <= 60 THEN timestamptz '2026-01-01 10:00:00.123456+00' ELSE now() - (i || ' seconds')::interval END,
              'Pager ' || i, 'Course'
         FROM generate_series(1, 130) AS i`,
    );
    const headers = await h.bearer(educator);
    const get = (query: string) => request(h.app.getHttpServer()).get(`/api/educator/enrolledStudents${query}`).set(headers);

    const first = await get('').expect(200);
    expect(first.body.enrolledStudents).toHaveLength(100); // no limit: one page of the cap
    expect(typeof first.body.nextCursor).toBe('string');
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: request.Response = await get(`?limit=17${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`).expect(200);
      expect(page.body.enrolledStudents.length).toBeLessThanOrEqual(17);
      seen.push(...page.body.enrolledStudents.map((row: { student: { name: string } }) => row.student.name));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(8); // 7 full pages and 11 left
    expect(seen).toHaveLength(130);
    expect(new Set(seen).size).toBe(130);
    expect(seen.slice(0, 70)).toEqual(Array.from({ length: 70 }, (_, index) => `Pager ${index + 61}`)); // newest (smallest i) first

    const tooMany = await get('?limit=101').expect(400);
    expect(tooMany.body).toEqual({ success: false, message: expect.stringContaining('limit must be at most 100') });
    expect((await get('?limit=').expect(400)).body.message).toMatch(/limit/);
    expect((await get('?limit=0').expect(400)).body.message).toContain('limit must be at least 1');
    expect((await get('?limit=2.5').expect(400)).body.message).toContain('limit must be a whole number');
    expect((await get('?limit=null').expect(400)).body.message).toMatch(/limit must be a number/);
    for (const bad of ['not-a-cursor', Buffer.from('["2026-02-30T10:00:00.000000Z","33333333-3333-4333-8333-333333333333"]').toString('base64url')]) {
      const refused = await get(`?cursor=${encodeURIComponent(bad)}`).expect(400);
      expect(refused.body).toEqual({ success: false, message: 'cursor is not valid: pass back the nextCursor of the previous page' });
    }
  });

  it('shows each sale\'s amount ("Free" at ₹0), filters by course and by words, and exports what the filters keep as CSV', async () => {
    const dataSource = h.app.get(DataSource);
    const educator = { ...demoUsers.educator, sub: 'educator-filtered' };
    const physics = '44444444-4444-4444-8444-444444444444';
    const chemistry = '55555555-5555-4555-8555-555555555555';
    await dataSource.query(
      `INSERT INTO commerce.purchases (user_id, course_id, educator_id, amount_paise, status, paid_at, student_name, course_title) VALUES
         ('f-1', $1, 'educator-filtered', 76415, 'paid', '2026-11-24T18:45:00Z', 'Rohit Verma', 'Physics 11'),
         ('f-2', $1, 'educator-filtered', 0, 'paid', '2026-11-23T10:00:00Z', 'Ananya "Annu" Rao', 'Physics 11'),
         ('f-3', $2, 'educator-filtered', 49999, 'paid', '2026-11-22T10:00:00Z', 'Rohit Iyer', 'Chemistry 12, Organic'),
         ('f-4', $2, 'educator-filtered', 100, 'paid', '2026-11-21T10:00:00Z', 'Percent 100%', 'Chemistry 12, Organic')`,
      [physics, chemistry],
    );
    const headers = await h.bearer(educator);
    const get = (path: string) => request(h.app.getHttpServer()).get(`/api/educator/enrolledStudents${path}`).set(headers);
    const names = (body: { enrolledStudents: { student: { name: string } }[] }) => body.enrolledStudents.map((row) => row.student.name);

    const all = (await get('').expect(200)).body;
    expect(all.enrolledStudents[0]).toMatchObject({ courseId: physics, amountPaise: 76415, courseTitle: 'Physics 11' });
    expect(all.enrolledStudents[1]).toMatchObject({ amountPaise: 0 });
    expect(names((await get(`?courseId=${chemistry}`).expect(200)).body)).toEqual(['Rohit Iyer', 'Percent 100%']);
    expect(names((await get('?q=rohit').expect(200)).body)).toEqual(['Rohit Verma', 'Rohit Iyer']);
    expect(names((await get(`?q=organic&courseId=${chemistry}`).expect(200)).body)).toEqual(['Rohit Iyer', 'Percent 100%']);
    expect(names((await get('?q=100%25').expect(200)).body)).toEqual(['Percent 100%']); // % is a letter, not a wildcard
    expect(names((await get('?q=%20%20').expect(200)).body)).toHaveLength(4); // blank: no filter
    expect((await get('?courseId=physics').expect(400)).body.message).toContain('courseId must be a valid course id');
    expect((await get(`?q=${'x'.repeat(101)}`).expect(400)).body.message).toContain('The search may be at most 100 characters');

    const csv = await get(`/export?courseId=${physics}`).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="students-enrolled.csv"');
    expect(csv.text.replace(/^\uFEFF/, '').split('\n').filter(Boolean)).toEqual([
      'Student Name,Course Title,Date,Amount (INR),Status',
      'Rohit Verma,Physics 11,25/11/2026,764.15,Paid', // 00:15 in India on the 25th
      '"Ananya ""Annu"" Rao",Physics 11,23/11/2026,Free,Enrolled free',
    ]);
    const quoted = await get('/export?q=organic').expect(200);
    expect(quoted.text).toContain('Rohit Iyer,"Chemistry 12, Organic",22/11/2026,499.99,Paid');
    await get('/export?courseId=nope').expect(400);
  });

  it('clamps the earnings chart to the latest 366 days or 120 months', async () => {
    await h.app.get(DataSource).query(
      `INSERT INTO commerce.educator_daily_earnings (educator_id, day, total_paise, enrolments)
       SELECT 'educator-long-history', date '2026-06-30' - (i * 3), 100, 1 FROM generate_series(0, 3999) AS i`,
    );
    const headers = await h.bearer({ ...demoUsers.educator, sub: 'educator-long-history' });
    const days = (await request(h.app.getHttpServer()).get('/api/educator/earnings?granularity=day').set(headers).expect(200)).body.series;
    expect(days).toHaveLength(366);
    expect(days[365]).toEqual({ period: '2026-06-30', earnings: 1, enrolments: 1 });
    expect(days.map((point: { period: string }) => point.period)).toEqual(days.map((point: { period: string }) => point.period).sort());
    const months = (await request(h.app.getHttpServer()).get('/api/educator/earnings?granularity=month').set(headers).expect(200)).body.series;
    expect(months).toHaveLength(120);
    expect(months[119].period).toBe('2026-06');
  });

  it('has its worker process a health job through the real queue', async () => {
    const response = await request(h.app.getHttpServer()).get('/health/queue').expect(200);
    expect(response.body).toMatchObject({ success: true, queue: 'commerce', status: 'up' });
  });

  it('reports Postgres and Redis on /health', async () => {
    const response = await request(h.app.getHttpServer()).get('/health').expect(200);
    expect(response.body.info).toMatchObject({ postgres: { status: 'up' }, redis: { status: 'up' } });
  });
});
