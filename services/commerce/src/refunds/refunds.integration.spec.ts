import { jest } from '@jest/globals';
import { refundIneligibility } from './refund-eligibility.js';
import { OutboxRelay } from '@academy/service-core';
import { demoUsers, untilWorkSettled, type TestUser } from '@academy/service-core/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ReconcilePurchasesJob, type ReconcileData, type ReconcileResult } from '../reconcile/reconcile-purchases.job.js';
import { EARNINGS_QUEUE } from '../queue/commerce-jobs.js';
import { eventually, startCommerceHarness, type CommerceHarness } from '../testing/commerce-harness.js';
import { WorkerModule } from '../worker.module.js';



/** The 7-day refund, refund webhooks, dashboard refunds, access revoked, earnings net. */
jest.setTimeout(30_000);

describe('refunds (razorpay SDK → sandbox, real PostgreSQL, Redis, progress)', () => {
  let h: CommerceHarness;
  let worker: INestApplicationContext;
  const educator: TestUser = { sub: `test|educator-${randomUUID().slice(0, 6)}`, name: 'Meera', roles: ['educator'] };
  const course = randomUUID();

  beforeAll(async () => {
    h = await startCommerceHarness();
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    await h.catalogue.putCourses([{ _id: course, courseTitle: 'Trigonometry', coursePrice: 400, discount: 0, educatorId: educator.sub }]);
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

  it('refunds on request once (access ends at once), completes on refund.processed: earnings net, and the learner may buy again', async () => {
    const student = h.newStudent();
    const { purchaseId, paymentId } = await buy(student);
    await worker.get(OutboxRelay).flush();
    await eventually(totals, (data) => data.totalEarnings === 400);

    const anonymous = await askRefund(null, purchaseId);
    expect([anonymous.status, anonymous.body.success]).toEqual([401, false]);
    const stranger = await askRefund(h.newStudent(), purchaseId);
    expect([stranger.status, stranger.body]).toEqual([404, { success: false, message: 'Purchase not found' }]);
    expect((await askRefund(educator, purchaseId)).status).toBe(404);
    expect((await askRefund(demoUsers.educator, purchaseId)).status).toBe(404);
    const malformed = await askRefund(student, 'not-a-uuid');
    expect([malformed.status, malformed.body]).toEqual([400, { success: false, message: 'purchaseId must be a valid purchase id' }]);

    const [first, second] = await Promise.all([askRefund(student, purchaseId), askRefund(student, purchaseId)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.refund).toEqual({ status: 'pending', amountPaise: 40_000 });
    expect(h.sandbox.razorpay.store.refundsOfPayment(paymentId)).toHaveLength(1);
    // Money moves when Razorpay processes the refund; access ends now (a refund asked and a certificate exclude each other).
    expect(await status(purchaseId)).toBe('paid');
    expect(await h.enrolledCourses(student)).toEqual([]);

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
    expect([player.status, await player.json()]).toEqual([403, { success: false, message: 'You are not enrolled in this course' }]);
    expect(await db().query('SELECT amount_paise FROM commerce.earnings_reversals WHERE purchase_id = $1', [purchaseId])).toEqual([
      { amount_paise: '-40000' },
    ]);
    expect(await totals()).toMatchObject({ totalEarnings: 0 });
    expect((await askRefund(student, purchaseId)).body.refund.status).toBe('processed');
    // Students Enrolled keeps the sale, marked refunded; My Courses' earnings (asked by catalogue) are net.
    const students = (await http().get('/api/educator/enrolledStudents').set(await h.bearer(educator)).expect(200)).body.enrolledStudents;
    const mine = students.filter((row: { student: { name: string } }) => row.student.name === student.name);
    expect(mine).toEqual([expect.objectContaining({ courseTitle: 'Trigonometry', refunded: true, refundedAt: expect.any(String) })]);
    const byCourse = await http().get('/api/educator/earnings/by-course').set(await h.bearer(educator)).expect(200);
    expect(byCourse.body.courses).toEqual([{ courseId: course, earnings: 0, enrolments: 0 }]);

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
      learner: null, // the learner's own purchase: nobody else to name
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

  describe('a refund and a certificate exclude each other', () => {
    const lectured = randomUUID();
    const lectureId = randomUUID();
    beforeAll(async () => {
      await h.catalogue.putCourses([{
        _id: lectured,
        courseTitle: 'Probability',
        coursePrice: 300,
        discount: 0,
        educatorId: educator.sub,
        courseContent: [
          {
            chapterId: randomUUID(),
            chapterOrder: 1,
            chapterTitle: 'Chance',
            chapterContent: [
              { lectureId, lectureOrder: 1, lectureTitle: 'Coins', lectureDuration: 5, lectureUrl: 'https://media.example.test/c.mp4', isPreviewFree: false, notesUrl: null, testUrl: null },
            ],
          },
        ],
      }]);
    });
    const buyLectured = async (student: TestUser) => {
      const created = await http().post('/api/user/purchase').set(await h.bearer(student)).send({ courseId: lectured }).expect(200);
      const paid = await h.pay(created.body.order.id);
      await http().post('/api/user/verifyRazorpay').set(await h.bearer(student)).send({ ...paid, purchaseId: created.body.purchaseId }).expect(200);
      return { purchaseId: created.body.purchaseId as string, paymentId: paid.razorpay_payment_id };
    };
    const progressCall = async (student: TestUser, method: string, path: string, body?: object) =>
      fetch(`${h.progressUrl}${path}`, {
        method,
        headers: { ...(await h.bearer(student)), 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
    const finish = async (student: TestUser) =>
      expect((await progressCall(student, 'POST', '/api/user/update-course-progress', { courseId: lectured, lectureId })).status).toBe(200);
    const certificate = (student: TestUser) => progressCall(student, 'GET', `/api/certificates/course/${lectured}`);

    it('a certificate downloaded first makes the refund ineligible: 400, nothing refunded, access kept', async () => {
      const student = h.newStudent();
      const { purchaseId, paymentId } = await buyLectured(student);
      await finish(student);
      expect((await certificate(student)).status).toBe(200);
      const refused = await askRefund(student, purchaseId);
      expect([refused.status, refused.body]).toEqual([400, { success: false, message: 'A certificate was issued for this course' }]);
      expect(await db().query('SELECT 1 FROM commerce.refunds WHERE purchase_id = $1', [purchaseId])).toEqual([]);
      expect(h.sandbox.razorpay.store.refundsOfPayment(paymentId)).toHaveLength(0);
      expect(await h.enrolledCourses(student)).toEqual([lectured]);
    });

    it('a refund asked first ends access: the learner cannot finish the course nor get the certificate', async () => {
      const student = h.newStudent();
      const { purchaseId } = await buyLectured(student);
      expect((await askRefund(student, purchaseId)).status).toBe(200);
      const lecture = await progressCall(student, 'POST', '/api/user/update-course-progress', { courseId: lectured, lectureId });
      expect(lecture.status).toBe(403);
      const refused = await certificate(student);
      expect([refused.status, await refused.json()]).toEqual([403, { success: false, message: 'You are not enrolled in this course' }]);
    });

    it('asked at the same moment, exactly one of them wins, for every learner', async () => {
      const learners = await Promise.all(Array.from({ length: 4 }, async () => {
        const student = h.newStudent();
        const { purchaseId } = await buyLectured(student);
        await finish(student);
        return { student, purchaseId };
      }));
      const outcomes = await Promise.all(learners.map(async ({ student, purchaseId }) => {
        const [refund, issued] = await Promise.all([askRefund(student, purchaseId), certificate(student)]);
        return [refund.status, issued.status];
      }));
      for (const outcome of outcomes) expect([[200, 403], [400, 200]]).toContainEqual(outcome);
      // A learner who got the certificate has no refund row; one refunded has no certificate.
      const both = await db().query(
        `SELECT r.purchase_id FROM commerce.refunds r JOIN commerce.purchases p ON p.id = r.purchase_id
           JOIN progress.certificates c ON c.user_id = p.user_id AND c.course_id = p.course_id AND c.withdrawn_at IS NULL
          WHERE p.id = ANY($1)`,
        [learners.map((learner) => learner.purchaseId)],
      );
      expect(both).toEqual([]);
    });

    it('a course refunded in full by the academy (dashboard) withdraws its certificate: the code stops verifying', async () => {
      const student = h.newStudent();
      const { purchaseId, paymentId } = await buyLectured(student);
      await finish(student);
      expect((await certificate(student)).status).toBe(200);
      const [{ code }] = await db().query('SELECT code FROM progress.certificates WHERE user_id = $1 AND course_id = $2', [student.sub, lectured]);
      expect((await fetch(`${h.progressUrl}/api/certificates/verify/${code}`)).status).toBe(200);
      const made = (await (await fetch(new URL(`razorpay/sandbox/refund/${paymentId}`, h.sandbox.baseUrl), { method: 'POST' })).json()) as { id: string };
      await fetch(new URL(`razorpay/sandbox/process-refund/${made.id}`, h.sandbox.baseUrl), { method: 'POST' });
      await worker.get(ReconcilePurchasesJob).handle({ data: {} } as Job<ReconcileData, ReconcileResult>);
      expect(await status(purchaseId)).toBe('refunded');
      const verify = await fetch(`${h.progressUrl}/api/certificates/verify/${code}`);
      expect([verify.status, await verify.json()]).toEqual([410, { success: false, message: 'This certificate was withdrawn: its course was refunded' }]);
      expect(await h.enrolledCourses(student)).toEqual([]);
    });
  });

  it('a partial refund is partial: its amount in the ledger and on its credit note, access kept; access ends when the whole price is refunded', async () => {
    const student = h.newStudent();
    // Earlier tests' sales are aggregated first, so this sale's ₹400 is seen arriving in the total.
    await untilWorkSettled({
      redisUrl: h.testEnv.env.REDIS_URL!,
      prefix: h.testEnv.queuePrefix,
      queues: [EARNINGS_QUEUE],
      outboxPending: async () => Number((await db().query('SELECT count(*) AS n FROM commerce.outbox WHERE dispatched_at IS NULL'))[0].n),
    });
    const start = (await totals()).totalEarnings as number;
    const { purchaseId, paymentId } = await buy(student);
    await worker.get(OutboxRelay).flush();
    const before = await eventually(totals, (data) => data.totalEarnings === start + 400, { what: "this sale's ₹400 in the dashboard total" });
    const refundPart = async (amount: number) => {
      const made = (await (await fetch(new URL(`razorpay/sandbox/refund/${paymentId}`, h.sandbox.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount }),
      })).json()) as { id: string; amount: number };
      expect(made.amount).toBe(amount);
      await fetch(new URL(`razorpay/sandbox/process-refund/${made.id}`, h.sandbox.baseUrl), { method: 'POST' });
      await worker.get(ReconcilePurchasesJob).handle({ data: {} } as Job<ReconcileData, ReconcileResult>);
    };

    await refundPart(10_000); // ₹100 of ₹400, made in the dashboard, found by reconciliation
    expect(await db().query('SELECT status, refunded_paise FROM commerce.purchases WHERE id = $1', [purchaseId])).toEqual([{ status: 'paid', refunded_paise: '10000' }]);
    expect(await db().query('SELECT amount_paise FROM commerce.earnings_reversals WHERE purchase_id = $1', [purchaseId])).toEqual([{ amount_paise: '-10000' }]);
    // The dashboard's total is aggregated by the earnings job, a moment after the reversal is written.
    await eventually(totals, (data) => data.totalEarnings === before.totalEarnings - 100, { what: 'the dashboard total less ₹100' });
    expect(await db().query(`SELECT amount_paise FROM commerce.receipts WHERE purchase_id = $1 AND kind = 'refund'`, [purchaseId])).toEqual([{ amount_paise: '10000' }]);
    expect(await h.enrolledCourses(student)).toEqual([course]); // access kept
    const [listed] = await purchases(student);
    expect(listed).toMatchObject({ status: 'paid', refundedPaise: 10_000, refund: { status: 'processed', amountPaise: 10_000 }, refundable: false });
    // The learner cannot ask the rest through the portal: the academy, who made the partial refund, handles it.
    const rest = await askRefund(student, purchaseId);
    expect([rest.status, rest.body.message]).toEqual([400, 'Part of this payment was already refunded: please contact us about the rest']);

    await refundPart(30_000); // the rest
    expect(await db().query('SELECT status, refunded_paise FROM commerce.purchases WHERE id = $1', [purchaseId])).toEqual([{ status: 'refunded', refunded_paise: '40000' }]);
    expect(await db().query('SELECT amount_paise FROM commerce.earnings_reversals WHERE purchase_id = $1 ORDER BY amount_paise DESC', [purchaseId])).toEqual([
      { amount_paise: '-10000' },
      { amount_paise: '-30000' },
    ]);
    // The dashboard's total is aggregated by the earnings job, a moment after the reversal is written.
    await eventually(totals, (data) => data.totalEarnings === before.totalEarnings - 400, { what: 'the dashboard total less ₹400' });
    const notes = await db().query(`SELECT number, amount_paise FROM commerce.receipts WHERE purchase_id = $1 AND kind = 'refund' ORDER BY sequence`, [purchaseId]);
    expect(notes.map((note: { amount_paise: string }) => note.amount_paise)).toEqual(['10000', '30000']);
    // Each credit note downloads by its number.
    const pdf = await http().get(`/api/user/purchases/${purchaseId}/receipts/refund?number=${encodeURIComponent(notes[0].number)}`).set(await h.bearer(student));
    expect([pdf.status, pdf.headers['content-disposition']]).toEqual([200, `attachment; filename="${notes[0].number.replaceAll('/', '-')}.pdf"`]);
    expect(await h.enrolledCourses(student)).toEqual([]); // access ended with the full refund
    await worker.get(ReconcilePurchasesJob).handle({ data: {} } as Job<ReconcileData, ReconcileResult>); // once only
    expect(await db().query('SELECT COUNT(*)::int AS n FROM commerce.earnings_reversals WHERE purchase_id = $1', [purchaseId])).toEqual([{ n: 2 }]);
  });
});
