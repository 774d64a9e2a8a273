import { jest } from '@jest/globals';
import { COUPON_REFUSALS, couponPricePaise } from '@academy/contracts';
import { OutboxRelay } from '@academy/service-core';
import { pdfText, type TestUser } from '@academy/service-core/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ReconcilePurchasesJob, type ReconcileData, type ReconcileResult } from '../reconcile/reconcile-purchases.job.js';
import { eventually, startCommerceHarness, type CommerceHarness } from '../testing/commerce-harness.js';
import { WorkerModule } from '../worker.module.js';

jest.setTimeout(60_000);

const DAY_MS = 24 * 60 * 60_000;
/** An Indian calendar day `offset` days from today, yyyy-mm-dd. */
const indianDay = (offset = 0) => new Date(Date.now() + offset * DAY_MS + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10);
const uniqueCode = (prefix: string) => `${prefix}${randomUUID().slice(0, 6)}`.toUpperCase();

/** Coupon codes end to end: the educator's codes, the price on the server, uses under concurrency, refunds and expiry. */
describe('coupons (real PostgreSQL, Redis, sandbox Razorpay, progress)', () => {
  let h: CommerceHarness;
  let worker: INestApplicationContext;
  const educator: TestUser = { sub: `test|educator-${randomUUID().slice(0, 6)}`, name: 'Meera', roles: ['educator'] };
  const otherEducator: TestUser = { sub: `test|educator-${randomUUID().slice(0, 6)}`, name: 'Vikram', roles: ['educator'] };
  const algebra = randomUUID();
  const geometry = randomUUID();
  const othersCourse = randomUUID();
  const freeCourse = randomUUID();

  beforeAll(async () => {
    h = await startCommerceHarness({ PAYMENT_RATE_LIMIT_PER_MINUTE: '500' });
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    await h.catalogue.putCourses([
      { _id: algebra, courseTitle: 'Algebra', coursePrice: 999, discount: 0, educatorId: educator.sub },
      { _id: geometry, courseTitle: 'Geometry', coursePrice: 1000, discount: 10, educatorId: educator.sub },
      { _id: othersCourse, courseTitle: 'Physics', coursePrice: 500, discount: 0, educatorId: otherEducator.sub },
      { _id: freeCourse, courseTitle: 'Free Fractions', coursePrice: 500, discount: 100, educatorId: educator.sub },
    ]);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await h?.close();
  });

  const http = () => request(h.app.getHttpServer());
  const db = () => h.app.get(DataSource);
  const createCoupon = async (user: TestUser, body: Record<string, unknown>) =>
    http()
      .post('/api/educator/coupons')
      .set(await h.bearer(user))
      .send({ courseId: algebra, kind: 'percent', percentOff: 50, startsOn: indianDay(), endsOn: indianDay(30), maxUses: 10, ...body });
  const quote = async (user: TestUser, courseId: string, code: string) =>
    http().post('/api/user/coupon-price').set(await h.bearer(user)).send({ courseId, code });
  const purchase = async (user: TestUser, courseId: string, couponCode?: string) =>
    http().post('/api/user/purchase').set(await h.bearer(user)).send(couponCode ? { courseId, couponCode } : { courseId });
  const payAndVerify = async (user: TestUser, created: { purchaseId: string; order: { id: string } }) => {
    const paid = await h.pay(created.order.id);
    const verified = await http().post('/api/user/verifyRazorpay').set(await h.bearer(user)).send({ ...paid, purchaseId: created.purchaseId });
    expect(verified.body).toEqual({ success: true, message: 'Payment verified' });
    return paid;
  };
  const couponRow = async (code: string) =>
    (await db().query('SELECT used_count, max_uses FROM commerce.coupons WHERE code = $1', [code]))[0] as { used_count: number; max_uses: number };
  const listed = async (user: TestUser, code: string) => {
    const answer = await http().get('/api/educator/coupons').set(await h.bearer(user)).expect(200);
    return (answer.body.coupons as { code: string }[]).find((coupon) => coupon.code === code) as Record<string, unknown> | undefined;
  };

  it('prices a 50 % code on the server into the order, shows the discount on the receipt and counts the use and revenue', async () => {
    const code = uniqueCode('half');
    const created = await createCoupon(educator, { code: code.toLowerCase() });
    expect([created.status, created.body.coupon]).toEqual([
      201,
      expect.objectContaining({ code, courseId: algebra, courseTitle: 'Algebra', kind: 'percent', percentOff: 50, usedCount: 0, maxUses: 10, startsOn: indianDay(), endsOn: indianDay(30) }),
    ]);
    const student = h.newStudent();
    const price = await quote(student, algebra, code.toLowerCase());
    expect([price.status, price.body]).toEqual([200, { success: true, code, listPricePaise: 99_900, discountPaise: 49_950, pricePaise: 49_950 }]);

    // A figure sent by the client is never used: the body's extra fields are dropped and the server prices the order.
    const bought = await http().post('/api/user/purchase').set(await h.bearer(student)).send({ courseId: algebra, couponCode: code, amount: 100 });
    expect(bought.status).toBe(200);
    expect(bought.body.order.amount).toBe(49_950);
    expect(h.sandbox.razorpay.store.findOrder(bought.body.order.id)).toMatchObject({ amount: 49_950 });
    expect(await couponRow(code)).toEqual({ used_count: 1, max_uses: 10 });
    // Asking again hands out the same order (and the same single use).
    expect((await purchase(student, algebra, code)).body.order.id).toBe(bought.body.order.id);
    expect(await couponRow(code)).toEqual({ used_count: 1, max_uses: 10 });

    const paid = await payAndVerify(student, bought.body);
    const [receipt] = await db().query(
      `SELECT amount_paise, list_price_paise, discount_paise, coupon_code, taxable_paise, tax_paise FROM commerce.receipts WHERE purchase_id = $1 AND kind = 'payment'`,
      [bought.body.purchaseId],
    );
    // GST @ 18 % on the net 499.50: taxable 423.31, tax 76.19.
    expect(receipt).toEqual({ amount_paise: '49950', list_price_paise: '99900', discount_paise: '49950', coupon_code: code, taxable_paise: '42331', tax_paise: '7619' });
    const pdf = await http()
      .get(`/api/user/purchases/${bought.body.purchaseId}/receipts/payment`)
      .set(await h.bearer(student))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const receiptText = await pdfText(pdf.body as Buffer);
    for (const line of ['₹999.00', `Discount (coupon ${code}) -₹499.50`, 'Price after discount ₹499.50', '₹423.31', '₹76.19', 'Total paid ₹499.50']) {
      expect(receiptText).toContain(line);
    }
    expect(paid.razorpay_order_id).toBe(bought.body.order.id);

    expect(await listed(educator, code)).toMatchObject({ usedCount: 1, redemptions: 1, revenuePaise: 49_950 });
    // Earnings count what was paid, not the list price.
    await worker.get(OutboxRelay).flush();
    const dashboard = async () => (await http().get('/api/educator/dashboard').set(await h.bearer(educator))).body.dashboardData;
    await eventually(dashboard, (data) => data.totalEarnings >= 499);
  });

  it('refuses bad codes with clear messages and statuses, writing nothing', async () => {
    const student = h.newStudent();
    const expired = uniqueCode('old');
    const future = uniqueCode('soon');
    const geometryOnly = uniqueCode('geo');
    await createCoupon(educator, { code: expired, startsOn: indianDay(-10), endsOn: indianDay(-1) }).then((r) => expect(r.status).toBe(201));
    await createCoupon(educator, { code: future, startsOn: indianDay(2), endsOn: indianDay(5) }).then((r) => expect(r.status).toBe(201));
    await createCoupon(educator, { code: geometryOnly, courseId: geometry }).then((r) => expect(r.status).toBe(201));
    const allOfMine = uniqueCode('all');
    await createCoupon(educator, { code: allOfMine, courseId: null }).then((r) => expect(r.status).toBe(201));

    const cases: [string, string, number, string][] = [
      [algebra, 'NOSUCHCODE', 404, COUPON_REFUSALS.unknown],
      [algebra, expired, 422, COUPON_REFUSALS.expired],
      [algebra, future, 422, COUPON_REFUSALS.notStarted],
      [algebra, geometryOnly, 422, COUPON_REFUSALS.notForCourse],
      [othersCourse, allOfMine, 422, COUPON_REFUSALS.notForCourse],
      [freeCourse, allOfMine, 422, COUPON_REFUSALS.freeCourse],
      [algebra, 'x', 400, 'Invalid request: code: A coupon code is 3 to 20 letters, digits or dashes'],
    ];
    for (const [courseId, code, status, message] of cases) {
      const quoted = await quote(student, courseId, code);
      expect([code, quoted.status, quoted.body]).toEqual([code, status, { success: false, message }]);
      const bought = await purchase(student, courseId, code);
      const asBought = message.replace('code:', 'couponCode:');
      expect([code, bought.status, bought.body]).toEqual([code, status, { success: false, message: asBought }]);
    }
    expect(await db().query('SELECT COUNT(*)::int AS n FROM commerce.purchases WHERE user_id = $1', [student.sub])).toEqual([{ n: 0 }]);
    expect((await quote(h.newStudent(), randomUUID(), allOfMine)).status).toBe(404);
    expect((await http().post('/api/user/coupon-price').send({ courseId: algebra, code: allOfMine })).status).toBe(401);
  });

  it('an educator creates codes only for their own courses, sees only their own, and bad input is refused', async () => {
    const code = uniqueCode('mine');
    const forOthers = await createCoupon(educator, { code, courseId: othersCourse });
    expect([forOthers.status, forOthers.body]).toEqual([403, { success: false, message: 'You can create codes only for your own courses' }]);
    expect((await createCoupon(educator, { code, courseId: randomUUID() })).status).toBe(404);
    const student = h.newStudent();
    expect((await createCoupon(student, { code })).status).toBe(403);
    expect((await http().post('/api/educator/coupons').send({ code })).status).toBe(401);
    const invalid: [Record<string, unknown>, string][] = [
      [{ code, percentOff: 0 }, 'percentOff must be 1 to 100'],
      [{ code, percentOff: 101 }, 'percentOff must be 1 to 100'],
      [{ code, kind: 'flat', percentOff: undefined }, 'A flat coupon needs amountOffPaise'],
      [{ code, kind: 'flat', amountOffPaise: 50 }, 'The flat discount must be at least ₹1'],
      [{ code, startsOn: indianDay(3), endsOn: indianDay(1) }, 'The end date must not be before the start date'],
      [{ code, maxUses: 0 }, 'Allow at least 1 use'],
      [{ code, startsOn: '26/11/2026' }, 'startsOn must be a date (yyyy-mm-dd)'],
      [{ code: 'no spaces' }, 'A coupon code is 3 to 20 letters, digits or dashes'],
    ];
    for (const [body, message] of invalid) {
      const answer = await createCoupon(educator, body);
      expect([answer.status, answer.body.success]).toEqual([400, false]);
      expect(answer.body.message).toMatch(/^Invalid request: \w+: [^;]+$/);
      expect(answer.body.message).toContain(`: ${message}`);
    }
    expect(await db().query('SELECT COUNT(*)::int AS n FROM commerce.coupons WHERE code = $1', [code])).toEqual([{ n: 0 }]);

    expect((await createCoupon(educator, { code })).status).toBe(201);
    const taken = await createCoupon(otherEducator, { code, courseId: othersCourse });
    expect([taken.status, taken.body]).toEqual([409, { success: false, message: 'This code is already taken: choose another' }]);
    expect(await listed(otherEducator, code)).toBeUndefined();
    expect(await listed(educator, code)).toBeDefined();
  });

  it('never passes the total under concurrent checkouts: more buyers than uses', async () => {
    const code = uniqueCode('rush');
    await createCoupon(educator, { code, maxUses: 3 }).then((r) => expect(r.status).toBe(201));
    const buyers = Array.from({ length: 10 }, () => h.newStudent());
    const answers = await Promise.all(buyers.map((buyer) => purchase(buyer, algebra, code)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body.message).toBe(COUPON_REFUSALS.usedUp);
    expect(await couponRow(code)).toEqual({ used_count: 3, max_uses: 3 });
    const reserved = await db().query(
      `SELECT COUNT(*)::int AS n FROM commerce.coupon_redemptions r JOIN commerce.coupons c ON c.id = r.coupon_id WHERE c.code = $1 AND r.status = 'reserved'`,
      [code],
    );
    expect(reserved).toEqual([{ n: 3 }]);
    // The refused buyers left no purchase behind.
    const refusedIds = buyers.filter((_, index) => answers[index]!.status === 409).map((buyer) => buyer.sub);
    expect(await db().query('SELECT COUNT(*)::int AS n FROM commerce.purchases WHERE user_id = ANY($1)', [refusedIds])).toEqual([{ n: 0 }]);
  });

  it('one use per learner; an order replaced or expired gives its use back; a refund frees the use', async () => {
    const code = uniqueCode('once');
    await createCoupon(educator, { code, courseId: null, maxUses: 1 }).then((r) => expect(r.status).toBe(201));
    const student = h.newStudent();
    const pending = await purchase(student, algebra, code);
    expect(pending.status).toBe(200);
    expect(await couponRow(code)).toEqual({ used_count: 1, max_uses: 1 });
    // Another learner finds it used up while the order awaits payment.
    expect((await quote(h.newStudent(), algebra, code)).body.message).toBe(COUPON_REFUSALS.usedUp);
    // The learner changes their mind and buys at full price: the order with the code is closed and the use returns.
    const full = await purchase(student, algebra);
    expect(full.body.order.amount).toBe(99_900);
    expect(await couponRow(code)).toEqual({ used_count: 0, max_uses: 1 });
    // Reconciliation expires an unpaid order: the use returns too.
    const second = h.newStudent();
    const withCode = await purchase(second, geometry, code);
    expect(withCode.body.order.amount).toBe(couponPricePaise(90_000, { kind: 'percent', percentOff: 50, amountOffPaise: null }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const job = { data: { reconcileAfterMs: 1, expireAfterMs: 1 } } as Job<ReconcileData, ReconcileResult>;
    await worker.get(ReconcilePurchasesJob).handle(job);
    expect(await db().query('SELECT status FROM commerce.purchases WHERE id = $1', [withCode.body.purchaseId])).toEqual([{ status: 'expired' }]);
    expect(await couponRow(code)).toEqual({ used_count: 0, max_uses: 1 });

    const third = h.newStudent();
    const bought = await purchase(third, geometry, code);
    const paid = await payAndVerify(third, bought.body);
    expect(await couponRow(code)).toEqual({ used_count: 1, max_uses: 1 });
    // One use per learner, on any course the code covers.
    const again = await quote(third, algebra, code);
    expect([again.status, again.body.message]).toEqual([409, COUPON_REFUSALS.alreadyUsed]);

    h.webhooks(true);
    try {
      const asked = await http().post(`/api/user/purchases/${bought.body.purchaseId}/refund`).set(await h.bearer(third));
      expect(asked.status).toBe(200);
      const [refund] = h.sandbox.razorpay.store.refundsOfPayment(paid.razorpay_payment_id);
      await fetch(new URL(`razorpay/sandbox/process-refund/${refund!.id}`, h.sandbox.baseUrl), { method: 'POST' });
      await h.sandbox.razorpay.webhooks.settle();
      await eventually(
        async () => ((await db().query('SELECT status FROM commerce.purchases WHERE id = $1', [bought.body.purchaseId]))[0] as { status: string }).status,
        (status) => status === 'refunded',
      );
    } finally {
      h.webhooks(false);
    }
    expect(await couponRow(code)).toEqual({ used_count: 0, max_uses: 1 });
    expect(await listed(educator, code)).toMatchObject({ usedCount: 0, redemptions: 0, revenuePaise: 0 });
    expect((await quote(h.newStudent(), algebra, code)).status).toBe(200);
  });

  it('a 100 % code enrols without payment; a flat code never takes the price below ₹1', async () => {
    const free = uniqueCode('free');
    await createCoupon(educator, { code: free, percentOff: 100 }).then((r) => expect(r.status).toBe(201));
    const student = h.newStudent();
    const enrolled = await purchase(student, algebra, free);
    expect([enrolled.status, enrolled.body]).toEqual([
      200,
      { success: true, purchaseId: expect.any(String), enrolled: true, message: 'Enrolled for free with the coupon' },
    ]);
    expect(await h.enrolledCourses(student)).toEqual([algebra]);
    expect(await listed(educator, free)).toMatchObject({ usedCount: 1, redemptions: 1, revenuePaise: 0 });

    const flat = uniqueCode('flat');
    await createCoupon(educator, { code: flat, kind: 'flat', percentOff: undefined, amountOffPaise: 5_000_000 }).then((r) => expect(r.status).toBe(201));
    const quoted = await quote(h.newStudent(), algebra, flat);
    expect(quoted.body).toEqual({ success: true, code: flat, listPricePaise: 99_900, discountPaise: 99_800, pricePaise: 100 });
  });
});
