import { jest } from '@jest/globals';
import { refundIneligibility } from '@academy/contracts';
import { OutboxRelay } from '@academy/service-core';
import { demoUsers, TEST_INTERNAL_TOKEN, type TestUser } from '@academy/service-core/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ReconcilePurchasesJob, type ReconcileData, type ReconcileResult } from '../reconcile/reconcile-purchases.job.js';
import { eventually, startCommerceHarness, type CommerceHarness } from '../testing/commerce-harness.js';
import { WorkerModule } from '../worker.module.js';



/** Issue 11 point 5: the 7-day refund, refund webhooks, dashboard refunds, access revoked, earnings net. */
jest.setTimeout(30_000);

describe('refunds (razorpay SDK → sandbox, real PostgreSQL, Redis, progress)', () => {
  let h: CommerceHarness;
  let worker: INestApplicationContext;
  const educator: TestUser = { sub: `test|educator-${randomUUID().slice(0, 6)}`, name: 'Meera', roles: ['educator'] };
  const course = randomUUID();

  beforeAll(async () => {
    h = await startCommerceHarness();
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    h.catalogue.add({ _id: course, courseTitle: 'Trigonometry', coursePrice: 400, discount: 0, educatorId: educator.sub });
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await h?.close();
  });

  const http = () => request(h.app.getHttpServer());
  const db = () => h.app.get(DataSource);
  const status = async (purchaseId: string) =>
    ((await db().query('SELECT status FROM commerce.purchases WHERE id = $1', [purchaseId]))[0] as { status: string }).status;
  const buy = async (student: TestUser) => {
    const created = await http().post('/api/user/purchase').set(await h.bearer(student)).send({ courseId: course }).expect(200);
    const paid = await h.pay(created.body.order.id);
    await http().post('/api/user/verifyRazorpay').set(await h.bearer(student)).send({ ...paid, purchaseId: created.body.purchaseId }).expect(200);
    return { purchaseId: created.body.purchaseId as string, paymentId: paid.razorpay_payment_id };
  };
  const askRefund = async (user: TestUser | null, purchaseId: string) => {
    const call = http().post(`/api/user/purchases/${purchaseId}/refund`);
    return user ? call.set(await h.bearer(user)) : call;
  };
  const totals = async () => (await http().get('/api/educator/dashboard').set(await h.bearer(educator))).body.dashboardData;

  it('refunds on request once, completes on refund.processed: access ends, earnings net, and the learner may buy again', async () => {
    const student = h.newStudent();
    const { purchaseId, paymentId } = await buy(student);
    await worker.get(OutboxRelay).flush();
    await eventually(totals, (data) => data.totalEarnings === 400);

    expect((await askRefund(null, purchaseId)).status).toBe(401);
    expect((await askRefund(h.newStudent(), purchaseId)).body).toEqual({ success: false, message: 'Purchase not found' });
    expect((await askRefund(educator, purchaseId)).status).toBe(404);
    expect((await askRefund(demoUsers.educator, purchaseId)).status).toBe(404);
    expect((await askRefund(student, 'not-a-uuid')).status).toBe(400);

    const [first, second] = await Promise.all([askRefund(student, purchaseId), askRefund(student, purchaseId)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.refund).toEqual({ status: 'pending', amountPaise: 40_000 });
    expect(h.sandbox.razorpay.store.refundsOfPayment(paymentId)).toHaveLength(1);
    expect(await status(purchaseId)).toBe('paid'); // access lasts until Razorpay processes the refund
    expect(await h.enrolledCourses(student)).toEqual([course]);

    h.webhooks(true);
    try {
      const [refund] = h.sandbox.razorpay.store.refundsOfPayment(paymentId);
      await fetch(new URL(`razorpay/sandbox/process-refund/${refund!.id}`, h.sandbox.baseUrl), { method: 'POST' });
      await h.sandbox.razorpay.webhooks.settle();
      await eventually(() => status(purchaseId), (value) => value === 'refunded');
    } finally {
      h.webhooks(false);
    }
    expect(await h.enrolledCourses(student)).toEqual([]);
    const player = await fetch(`${h.progressUrl}/api/user/get-course-progress`, {
      method: 'POST',
      headers: { ...(await h.bearer(student)), 'content-type': 'application/json' },
      body: JSON.stringify({ courseId: course }),
    });
    expect(player.status).toBeGreaterThanOrEqual(400);
    expect(await db().query('SELECT amount_paise FROM commerce.earnings_reversals WHERE purchase_id = $1', [purchaseId])).toEqual([
      { amount_paise: '-40000' },
    ]);
    expect(await totals()).toMatchObject({ totalEarnings: 0 });
    expect((await askRefund(student, purchaseId)).body.refund.status).toBe('processed');
    // Students Enrolled keeps the sale, marked refunded; My Courses' earnings (asked by catalogue) are net.
    const students = (await http().get('/api/educator/enrolledStudents').set(await h.bearer(educator)).expect(200)).body.enrolledStudents;
    const mine = students.filter((row: { student: { name: string } }) => row.student.name === student.name);
    expect(mine).toEqual([expect.objectContaining({ courseTitle: 'Trigonometry', refunded: true, refundedAt: expect.any(String) })]);
    const internal = await http().get(`/internal/educators/${encodeURIComponent(educator.sub)}/course-earnings`).set('X-Internal-Token', TEST_INTERNAL_TOKEN).expect(200);
    expect(internal.body.courses).toEqual([{ courseId: course, earnings: 0, enrolments: 0 }]);

    const again = await buy(student);
    expect(await status(again.purchaseId)).toBe('paid');
    expect(await h.enrolledCourses(student)).toEqual([course]);
  });

  it('a refund made in the Razorpay dashboard arrives by refund.processed and takes the same path, once', async () => {
    const student = h.newStudent();
    const { purchaseId, paymentId } = await buy(student);
    const made = await fetch(new URL(`razorpay/sandbox/refund/${paymentId}`, h.sandbox.baseUrl), { method: 'POST' });
    const refund = (await made.json()) as { id: string };
    await fetch(new URL(`razorpay/sandbox/process-refund/${refund.id}`, h.sandbox.baseUrl), { method: 'POST' });
    // Made while webhooks were off; the sandbox delivers the recorded refund.processed event now.
    h.webhooks(true);
    try {
      const event = h.sandbox.razorpay.store.eventsNewestFirst().find((e) => e.event === 'refund.processed' && e.paymentId === paymentId)!;
      await fetch(new URL(`razorpay/sandbox/redeliver/${event.id}`, h.sandbox.baseUrl), { method: 'POST' });
    } finally {
      h.webhooks(false);
    }
    expect(await status(purchaseId)).toBe('refunded');
    expect(await h.enrolledCourses(student)).toEqual([]);
    const rows = await db().query('SELECT reason, status FROM commerce.refunds WHERE purchase_id = $1', [purchaseId]);
    expect(rows).toEqual([{ reason: 'dashboard', status: 'processed' }]);
    await worker.get(ReconcilePurchasesJob).handle({ data: {} } as Job<ReconcileData, ReconcileResult>); // changes nothing
    expect(await db().query('SELECT COUNT(*)::int AS n FROM commerce.earnings_reversals WHERE purchase_id = $1', [purchaseId])).toEqual([{ n: 1 }]);
  });

  it('reconciliation completes a requested refund whose refund.processed webhook was lost', async () => {
    const student = h.newStudent();
    const { purchaseId, paymentId } = await buy(student);
    expect((await askRefund(student, purchaseId)).status).toBe(200);
    const [refund] = h.sandbox.razorpay.store.refundsOfPayment(paymentId);
    await fetch(new URL(`razorpay/sandbox/process-refund/${refund!.id}`, h.sandbox.baseUrl), { method: 'POST' });
    await worker.get(ReconcilePurchasesJob).handle({ data: {} } as Job<ReconcileData, ReconcileResult>);
    expect(await status(purchaseId)).toBe('refunded');
    expect(await h.enrolledCourses(student)).toEqual([]);
  });

  it('finds a dashboard refund whose webhooks were lost: recorded while pending, completed once Razorpay processed it', async () => {
    const student = h.newStudent();
    const { purchaseId, paymentId } = await buy(student);
    const reconcile = () => worker.get(ReconcilePurchasesJob).handle({ data: {} } as Job<ReconcileData, ReconcileResult>);
    // Webhooks are off: the sandbox drops refund.created / refund.processed / payment.refunded.
    const made = (await (await fetch(new URL(`razorpay/sandbox/refund/${paymentId}`, h.sandbox.baseUrl), { method: 'POST' })).json()) as { id: string };
    await reconcile();
    expect(await db().query('SELECT reason, status, razorpay_refund_id FROM commerce.refunds WHERE purchase_id = $1', [purchaseId])).toEqual([
      { reason: 'dashboard', status: 'pending', razorpay_refund_id: made.id },
    ]);
    expect(await status(purchaseId)).toBe('paid');
    await fetch(new URL(`razorpay/sandbox/process-refund/${made.id}`, h.sandbox.baseUrl), { method: 'POST' });
    await reconcile();
    expect(await status(purchaseId)).toBe('refunded');
    expect(await h.enrolledCourses(student)).toEqual([]);
    await reconcile(); // once only
    expect(await db().query('SELECT amount_paise FROM commerce.earnings_reversals WHERE purchase_id = $1', [purchaseId])).toEqual([
      { amount_paise: '-40000' },
    ]);

    // Made and processed between two runs: completed in one run.
    const other = h.newStudent();
    const second = await buy(other);
    const quick = (await (await fetch(new URL(`razorpay/sandbox/refund/${second.paymentId}`, h.sandbox.baseUrl), { method: 'POST' })).json()) as { id: string };
    await fetch(new URL(`razorpay/sandbox/process-refund/${quick.id}`, h.sandbox.baseUrl), { method: 'POST' });
    await reconcile();
    expect(await status(second.purchaseId)).toBe('refunded');
    expect(await h.enrolledCourses(other)).toEqual([]);
  });

  const purchases = async (user: TestUser) => (await http().get('/api/user/purchases').set(await h.bearer(user)).expect(200)).body.purchases;

  it('lists the learner\'s own purchases with their refund state; a certificate issued ends refund eligibility', async () => {
    expect((await http().get('/api/user/purchases')).status).toBe(401);
    const student = h.newStudent();
    const { purchaseId } = await buy(student);
    const [row] = await purchases(student);
    expect(row).toMatchObject({
      purchaseId,
      courseId: course,
      courseTitle: 'Trigonometry',
      amountPaise: 40_000,
      status: 'paid',
      refund: null,
      refundable: true,
      refundBlockedReason: null,
    });
    expect(await purchases(h.newStudent())).toEqual([]); // nobody else sees it
    expect(await purchases(educator)).toEqual([]);

    await db().query(
      `INSERT INTO progress.certificates (code, user_id, course_id, student_name, course_title) VALUES ($1, $2, $3, 'L', 'Trigonometry')`,
      [`C${randomUUID().slice(0, 10)}`, student.sub, course],
    );
    expect((await purchases(student))[0]).toMatchObject({ refundable: false, refundBlockedReason: 'A certificate was issued for this course' });
    const refused = await askRefund(student, purchaseId);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A certificate was issued for this course');
    expect(await db().query('SELECT * FROM commerce.refunds WHERE purchase_id = $1', [purchaseId])).toEqual([]);
  });

  it('shows a requested refund as pending, then processed after reconciliation, with the purchase refunded', async () => {
    const student = h.newStudent();
    const { purchaseId, paymentId } = await buy(student);
    expect((await askRefund(student, purchaseId)).status).toBe(200);
    expect((await purchases(student))[0]).toMatchObject({
      status: 'paid',
      refund: { status: 'pending', amountPaise: 40_000, processedAt: null },
      refundable: false,
      refundBlockedReason: null,
    });
    const [refund] = h.sandbox.razorpay.store.refundsOfPayment(paymentId);
    await fetch(new URL(`razorpay/sandbox/process-refund/${refund!.id}`, h.sandbox.baseUrl), { method: 'POST' });
    await worker.get(ReconcilePurchasesJob).handle({ data: {} } as Job<ReconcileData, ReconcileResult>);
    const [row] = await purchases(student);
    expect(row).toMatchObject({ status: 'refunded', refund: { status: 'processed' }, refundable: false });
    expect(Date.parse(row.refund.processedAt)).not.toBeNaN();
  });

  it('states why a purchase cannot be refunded', () => {
    const now = new Date('2026-06-10T00:00:00Z');
    const paidAt = new Date('2026-06-05T00:00:00Z');
    expect(refundIneligibility({ status: 'paid', amountPaise: 100, paidAt }, now)).toBeNull();
    expect(refundIneligibility({ status: 'paid', amountPaise: 0, paidAt }, now)).toBe('A free course has nothing to refund');
    expect(refundIneligibility({ status: 'paid', amountPaise: 100, paidAt: new Date('2026-06-02T23:59:00Z') }, now)).toBe(
      'Refunds are possible within 7 days of purchase',
    );
    expect(refundIneligibility({ status: 'pending', amountPaise: 100, paidAt: null }, now)).toBe('Only a paid purchase can be refunded');
    expect(refundIneligibility({ status: 'paid', amountPaise: 100, paidAt, certificateIssued: true }, now)).toBe(
      'A certificate was issued for this course',
    );
    expect(refundIneligibility({ status: 'refunded', amountPaise: 100, paidAt }, now)).toBe('This purchase was already refunded');
  });
});
