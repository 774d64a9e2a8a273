import { courseEarnings, priceAfterDiscountPaise } from '@academy/contracts';
import { OutboxRelay } from '@academy/service-core';
import { demoUsers, untilWorkSettled, type TestUser } from '@academy/service-core/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Job } from 'bullmq';
import { createHmac, randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { EARNINGS_QUEUE } from '../queue/commerce-jobs.js';
import { ReconcilePurchasesJob, type ReconcileData, type ReconcileResult } from '../reconcile/reconcile-purchases.job.js';
import { eventually, startCommerceHarness, type CommerceHarness } from '../testing/commerce-harness.js';
import { WorkerModule } from '../worker.module.js';

/** The whole payment flow with the real razorpay SDK against the sandbox, real PostgreSQL, Redis and progress. */
describe('payments (razorpay SDK → sandbox, real PostgreSQL, Redis, progress)', () => {
  let h: CommerceHarness;
  let worker: INestApplicationContext;
  const educator = demoUsers.educator;
  const dear = randomUUID();
  const cheap = randomUUID();
  const free = randomUUID();
  const hidden = randomUUID();

  beforeAll(async () => {
    h = await startCommerceHarness({ PAYMENT_RATE_LIMIT_PER_MINUTE: '40' });
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    await h.catalogue.putCourses([
      { _id: dear, courseTitle: 'Advanced Algebra', coursePrice: 1999.99, discount: 15, educatorId: educator.sub },
      { _id: cheap, courseTitle: 'Pocket Maths', coursePrice: 10, discount: 0, educatorId: educator.sub },
      { _id: free, courseTitle: 'Free Fractions', coursePrice: 500, discount: 100, educatorId: educator.sub },
      { _id: hidden, courseTitle: 'Draft', coursePrice: 100, discount: 0, educatorId: educator.sub, isPublished: false },
    ]);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await h?.close();
  });

  const http = () => request(h.app.getHttpServer());
  const db = () => h.app.get(DataSource);
  const purchase = async (user: TestUser, courseId: string, status?: number) => {
    const response = await http().post('/api/user/purchase').set(await h.bearer(user)).send({ courseId });
    if (status !== undefined) expect({ status: response.status, body: response.body }).toMatchObject({ status });
    return response;
  };
  const verify = async (user: TestUser, body: Record<string, string>, status?: number) => {
    const response = await http().post('/api/user/verifyRazorpay').set(await h.bearer(user)).send(body);
    if (status !== undefined) expect({ status: response.status, body: response.body }).toMatchObject({ status });
    return response;
  };
  const purchaseRow = async (id: string) =>
    (await db().query('SELECT * FROM commerce.purchases WHERE id = $1', [id]))[0] as Record<string, unknown>;
  const enrolmentCount = async (userId: string, courseId: string) =>
    Number((await db().query('SELECT COUNT(*) FROM progress.enrolments WHERE user_id = $1 AND course_id = $2', [userId, courseId]))[0].count);
  const buyAndPay = async (user: TestUser, courseId: string) => {
    const created = await purchase(user, courseId, 200);
    const paid = await h.pay(created.body.order.id);
    return { purchaseId: created.body.purchaseId as string, order: created.body.order, paid };
  };
  const verifyBody = (paid: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }, purchaseId: string) => ({
    ...paid,
    purchaseId,
  });
  const flushOutbox = () => worker.get(OutboxRelay).flush();

  it('sells a course: server-side amount in paise, Razorpay order, pay, verify, enrolled once, earnings and dashboard', async () => {
    const student = h.newStudent();
    const created = await purchase(student, dear, 200);
    const amount = priceAfterDiscountPaise(1999.99, 15);
    expect(created.body).toMatchObject({
      success: true,
      purchaseId: expect.any(String),
      keyId: 'rzp_test_sandbox',
      order: { id: expect.stringMatching(/^order_/), amount, currency: 'INR' },
    });
    const order = h.sandbox.razorpay.store.findOrder(created.body.order.id)!;
    expect(order).toMatchObject({ amount, payment_capture: true, receipt: created.body.purchaseId, notes: { courseId: dear, userId: student.sub } });

    const paid = await h.pay(created.body.order.id);
    const verified = await verify(student, verifyBody(paid, created.body.purchaseId), 200);
    expect(verified.body).toEqual({ success: true, message: 'Payment verified' });
    expect(await h.enrolledCourses(student)).toEqual([dear]);
    expect(await purchaseRow(created.body.purchaseId)).toMatchObject({
      status: 'paid',
      razorpay_payment_id: paid.razorpay_payment_id,
      student_name: student.name,
      student_image_url: student.picture,
      course_title: 'Advanced Algebra',
    });
    const [event] = await db().query(`SELECT name, payload FROM progress.outbox WHERE payload->>'purchaseId' = $1`, [created.body.purchaseId]);
    expect(event).toMatchObject({ name: 'course.enrolled', payload: { courseId: dear, userId: student.sub } });

    await flushOutbox();
    const dashboard = await eventually(
      async () => (await http().get('/api/educator/dashboard').set(await h.bearer(educator))).body,
      (body) => body.dashboardData?.totalEarnings > 0,
    );
    expect(dashboard.dashboardData.enrolledStudentsData[0]).toEqual({
      student: { name: student.name, imageUrl: student.picture },
      courseTitle: 'Advanced Algebra',
    });
    expect(dashboard.dashboardData.totalCourses).toBe(4);
    const again = await purchase(student, dear, 409);
    expect(again.body).toEqual({ success: false, message: 'Already Enrolled' });
  });

  it('enrols at once in a course that is free after discount, without an order', async () => {
    const student = h.newStudent();
    const created = await purchase(student, free, 200);
    expect(created.body).toMatchObject({ success: true, enrolled: true, purchaseId: expect.any(String) });
    expect(created.body.order).toBeUndefined();
    expect(await h.enrolledCourses(student)).toEqual([free]);
    expect(await purchaseRow(created.body.purchaseId)).toMatchObject({ status: 'paid', amount_paise: '0', razorpay_order_id: null }) // bigint;
    expect((await purchase(student, free, 409)).body.message).toBe('Already Enrolled');
  });

  it('reuses the pending purchase and its order when Enroll Now is pressed again (even concurrently)', async () => {
    const student = h.newStudent();
    const [first, second] = await Promise.all([purchase(student, dear), purchase(student, dear)]);
    expect(first.status).toBe(200);
    expect(second.body.purchaseId).toBe(first.body.purchaseId);
    expect(second.body.order.id).toBe(first.body.order.id);
    const third = await purchase(student, dear, 200);
    expect(third.body.order.id).toBe(first.body.order.id);
    const rows = await db().query('SELECT id FROM commerce.purchases WHERE user_id = $1', [student.sub]);
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for unknown or unpublished courses and clear 400s for bad input', async () => {
    const student = h.newStudent();
    expect((await purchase(student, randomUUID(), 404)).body).toEqual({ success: false, message: 'Course not found' });
    await purchase(student, hidden, 404);
    const bad = await purchase(student, 'not-a-uuid', 400);
    expect(bad.body.message).toMatch(/courseId must be a valid course id/);
    const missing = await verify(student, { razorpay_order_id: 'order_x', purchaseId: randomUUID() }, 400);
    expect(missing.body.message).toMatch(/razorpay_payment_id/);
    await request(h.app.getHttpServer()).post('/api/user/purchase').send({ courseId: dear }).expect(401);
  });

  it('verifying twice, or verify racing the webhooks, enrols exactly once and counts the earnings once', async () => {
    const student = h.newStudent();
    h.webhooks(true);
    try {
      const { purchaseId, paid } = await buyAndPay(student, cheap); // webhooks payment.captured + order.paid are on their way
      const results = await Promise.all([
        verify(student, verifyBody(paid, purchaseId)),
        verify(student, verifyBody(paid, purchaseId)),
      ]);
      expect(results.map((r) => r.body.success)).toEqual([true, true]);
      await h.sandbox.razorpay.webhooks.settle();
      expect((await verify(student, verifyBody(paid, purchaseId), 200)).body.success).toBe(true);
      expect(await enrolmentCount(student.sub, cheap)).toBe(1);
      await flushOutbox();
      await eventually(
        () => db().query('SELECT COUNT(*)::int AS n FROM commerce.earnings_ledger WHERE purchase_id = $1', [purchaseId]),
        (rows: { n: number }[]) => rows[0]!.n === 1,
      );
      const events = await db().query('SELECT name FROM commerce.outbox WHERE key = $1', [purchaseId]);
      expect(events).toEqual([{ name: 'purchase.paid' }]);
    } finally {
      h.webhooks(false);
    }
  });

  it('enrols a learner who paid and closed the tab (webhook only), ignores duplicate and late contradictory webhooks', async () => {
    const student = h.newStudent();
    h.webhooks(true);
    try {
      const { purchaseId, paid } = await buyAndPay(student, dear);
      await h.sandbox.razorpay.webhooks.settle();
      await eventually(() => h.enrolledCourses(student), (courses) => courses.includes(dear));
      const orderId = (await purchaseRow(purchaseId)).razorpay_order_id as string;
      const captured = h.sandbox.razorpay.store.eventsNewestFirst().find((e) => e.event === 'payment.captured' && e.orderId === orderId)!;
      const redelivered = await fetch(new URL(`razorpay/sandbox/redeliver/${captured.id}`, h.sandbox.baseUrl), { method: 'POST' });
      expect(((await redelivered.json()) as { delivery: { statusCode: number } }).delivery.statusCode).toBe(200);
      // De-duplicated on the signed content (event, payment id, status), not the unsigned event-id header.
      const signedKey = `payment.captured:${paid.razorpay_payment_id}:captured`;
      const [{ count }] = await db().query('SELECT COUNT(*)::int AS count FROM commerce.webhook_events WHERE event_id = $1', [signedKey]);
      expect(count).toBe(1);

      // An out-of-order payment.failed for the same order (properly signed) must not undo a paid purchase.
      const lateFailure = await postSignedWebhook(h, 'payment.failed', orderId, 'pay_LateFailure01');
      expect(lateFailure.status).toBe(200);
      expect((await purchaseRow(purchaseId)).status).toBe('paid');
      expect(await enrolmentCount(student.sub, dear)).toBe(1);
    } finally {
      h.webhooks(false);
    }
  });

  it('refuses a forged webhook signature with 400', async () => {
    const body = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_x', order_id: 'order_x' } } } });
    const response = await fetch(`${h.commerceUrl}/api/payments/razorpay/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': createHmac('sha256', 'wrong').update(body).digest('hex'), 'x-razorpay-event-id': 'evt_forged' },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, message: 'Invalid webhook signature' });
  });

  it('records a failed attempt (payment.failed webhook), keeps the purchase open, and a retry on the same order enrols', async () => {
    const student = h.newStudent();
    h.webhooks(true);
    try {
      const created = await purchase(student, dear, 200);
      await h.fail(created.body.order.id);
      await h.sandbox.razorpay.webhooks.settle();
      const attempts = await eventually(
        () => db().query('SELECT status, razorpay_order_id FROM commerce.payment_attempts WHERE purchase_id = $1', [created.body.purchaseId]),
        (rows: unknown[]) => rows.length === 1,
      );
      expect(attempts).toEqual([{ status: 'failed', razorpay_order_id: created.body.order.id }]);
      expect((await purchaseRow(created.body.purchaseId)).status).toBe('pending');
      expect(await h.enrolledCourses(student)).toEqual([]);

      const again = await purchase(student, dear, 200);
      expect(again.body.order.id).toBe(created.body.order.id);
      const paid = await h.pay(created.body.order.id);
      expect((await verify(student, verifyBody(paid, created.body.purchaseId), 200)).body.success).toBe(true);
      expect(await enrolmentCount(student.sub, dear)).toBe(1);
      const statuses = await db().query('SELECT status FROM commerce.payment_attempts WHERE purchase_id = $1 ORDER BY created_at', [
        created.body.purchaseId,
      ]);
      expect(statuses.map((row: { status: string }) => row.status)).toEqual(['failed', 'captured']);
    } finally {
      h.webhooks(false);
    }
  });

  it('refuses a forged signature, another learner’s purchase, and a cheap course’s payment used for a dear one', async () => {
    const student = h.newStudent();
    const other = h.newStudent('other');
    const { purchaseId, paid } = await buyAndPay(student, dear);

    const forged = await verify(student, { ...verifyBody(paid, purchaseId), razorpay_signature: 'ab'.repeat(32) }, 200);
    expect(forged.body).toEqual({ success: false, message: 'Payment signature is invalid' });
    const stolen = await verify(other, verifyBody(paid, purchaseId), 200);
    expect(stolen.body).toEqual({ success: false, message: 'Purchase not found' });
    expect(await h.enrolledCourses(other)).toEqual([]);

    // The same learner pays for the cheap course and tries to claim the dear one with that signature.
    const attacker = h.newStudent('attacker');
    const dearPurchase = await purchase(attacker, dear, 200);
    const cheapPaid = await buyAndPay(attacker, cheap);
    const swapped = await verify(attacker, verifyBody(cheapPaid.paid, dearPurchase.body.purchaseId), 200);
    expect(swapped.body.success).toBe(false);
    const mixed = await verify(attacker, {
      ...verifyBody(cheapPaid.paid, dearPurchase.body.purchaseId),
      razorpay_order_id: dearPurchase.body.order.id,
    }, 200);
    expect(mixed.body).toEqual({ success: false, message: 'Payment signature is invalid' });
    expect(await h.enrolledCourses(attacker)).toEqual([]);
    expect((await purchaseRow(dearPurchase.body.purchaseId)).status).toBe('pending');

    // The genuine verify still works after all those refusals.
    expect((await verify(student, verifyBody(paid, purchaseId))).body.success).toBe(true);
    expect(await h.enrolledCourses(student)).toEqual([dear]);
  });

  it('reconciles: completes a paid purchase nobody verified, expires an abandoned one', async () => {
    const payer = h.newStudent();
    const quitter = h.newStudent();
    const { purchaseId } = await buyAndPay(payer, cheap); // no verify, no webhooks
    const abandoned = await purchase(quitter, cheap, 200);
    const job = { data: { reconcileAfterMs: 1, expireAfterMs: 1 } } as Job<ReconcileData, ReconcileResult>;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const result = await worker.get(ReconcilePurchasesJob).handle(job);
    expect(result.completed).toBeGreaterThanOrEqual(1);
    expect((await purchaseRow(purchaseId)).status).toBe('paid');
    expect(await h.enrolledCourses(payer)).toEqual([cheap]);
    expect((await purchaseRow(abandoned.body.purchaseId)).status).toBe('expired');
  });

  it('keeps earnings totals exact after many purchases (per course floor, per day, idempotent)', async () => {
    const educatorB = { sub: `test|educator-${randomUUID().slice(0, 6)}`, name: 'Ravi', roles: ['educator'] } satisfies TestUser;
    const courseA = randomUUID();
    const courseB = randomUUID();
    await h.catalogue.putCourses([
      { _id: courseA, courseTitle: 'A', coursePrice: 99.99, discount: 10, educatorId: educatorB.sub },
      { _id: courseB, courseTitle: 'B', coursePrice: 12.5, discount: 33, educatorId: educatorB.sub },
    ]);
    const buyers = Array.from({ length: 6 }, () => h.newStudent('bulk'));
    for (const [index, buyer] of buyers.entries()) {
      for (const courseId of index % 2 === 0 ? [courseA, courseB] : [courseA]) {
        const { purchaseId, paid } = await buyAndPay(buyer, courseId);
        expect((await verify(buyer, verifyBody(paid, purchaseId))).body.success).toBe(true);
      }
    }
    await flushOutbox();
    const expected = courseEarnings(6, 99.99, 10) + courseEarnings(3, 12.5, 33);
    const dashboard = await eventually(
      async () => (await http().get('/api/educator/dashboard').set(await h.bearer(educatorB))).body.dashboardData,
      (data) => data.totalEarnings === expected,
    );
    expect(dashboard.totalCourses).toBe(2);
    expect(dashboard.totalEnrolments).toBe(9);
    expect(dashboard.enrolledStudentsData).toHaveLength(9);
    const students = await http().get('/api/educator/enrolledStudents').set(await h.bearer(educatorB)).expect(200);
    expect(students.body.enrolledStudents).toHaveLength(9);
    const dates = students.body.enrolledStudents.map((s: { purchaseDate: string }) => Date.parse(s.purchaseDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const series = await http().get('/api/educator/earnings?granularity=month').set(await h.bearer(educatorB)).expect(200);
    expect(series.body.series).toHaveLength(1);
    expect(series.body.series[0]).toMatchObject({
      enrolments: 9,
      earnings: (6 * priceAfterDiscountPaise(99.99, 10) + 3 * priceAfterDiscountPaise(12.5, 33)) / 100,
    });
    await http().get('/api/educator/earnings?granularity=year').set(await h.bearer(educatorB)).expect(400);
    // Replaying the events changes nothing.
    await db().query(`UPDATE commerce.outbox SET dispatched_at = NULL`);
    await db().query(`DELETE FROM commerce.outbox WHERE name <> 'purchase.paid'`);
    await flushOutbox();
    await untilWorkSettled({
      redisUrl: h.testEnv.env.REDIS_URL!,
      prefix: h.testEnv.queuePrefix,
      queues: [EARNINGS_QUEUE],
      outboxPending: async () => Number((await db().query('SELECT count(*) AS n FROM commerce.outbox WHERE dispatched_at IS NULL'))[0].n),
    });
    const after = (await http().get('/api/educator/dashboard').set(await h.bearer(educatorB))).body.dashboardData;
    expect(after.totalEarnings).toBe(expected);
  });

  it('rate-limits purchase and verify per learner with 429', async () => {
    const student = h.newStudent('burst');
    const statuses: number[] = [];
    for (let index = 0; index < 42; index += 1) statuses.push((await purchase(student, 'bad')).status);
    expect(statuses.slice(0, 40).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(40)).toEqual([429, 429]);
    expect((await verify(student, {})).status).toBe(429);
    expect((await purchase(h.newStudent(), 'bad')).status).toBe(400); // another learner is not affected
  });
});

async function postSignedWebhook(h: CommerceHarness, event: string, orderId: string, paymentId: string) {
  const body = JSON.stringify({
    entity: 'event',
    event,
    payload: { payment: { entity: { id: paymentId, order_id: orderId, status: 'failed', error_description: 'late' } } },
  });
  return fetch(`${h.commerceUrl}/api/payments/razorpay/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': `evt_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
      'x-razorpay-signature': createHmac('sha256', 'sandbox_webhook_secret').update(body).digest('hex'),
    },
    body,
  });
}
