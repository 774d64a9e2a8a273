import { demoUsers, type TestUser } from '@academy/service-core/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Job } from 'bullmq';
import { createHmac, randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ReconcilePurchasesJob, type ReconcileData, type ReconcileResult } from '../reconcile/reconcile-purchases.job.js';
import { startCommerceHarness, type CommerceHarness } from '../testing/commerce-harness.js';
import { WorkerModule } from '../worker.module.js';

/**
 * With manual capture (orders with `payment_capture: false`): only a captured payment
 * makes a purchase paid, failed attempts keep the order open, reconciliation completes late captured payments,
 * price limits, and webhook de-duplication on signed content.
 */
describe('capture, attempts and reconciliation (manual capture, razorpay SDK → sandbox)', () => {
  let h: CommerceHarness;
  let worker: INestApplicationContext;
  const educator = demoUsers.educator;
  const course = randomUUID();

  beforeAll(async () => {
    h = await startCommerceHarness({ RAZORPAY_AUTO_CAPTURE: 'false' });
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    await h.catalogue.putCourses([{ _id: course, courseTitle: 'Geometry', coursePrice: 250, discount: 20, educatorId: educator.sub }]);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await h?.close();
  });

  const http = () => request(h.app.getHttpServer());
  const db = () => h.app.get(DataSource);
  const purchase = async (user: TestUser, courseId: string) => http().post('/api/user/purchase').set(await h.bearer(user)).send({ courseId });
  const verify = async (user: TestUser, body: Record<string, string>) => http().post('/api/user/verifyRazorpay').set(await h.bearer(user)).send(body);
  const status = async (purchaseId: string) =>
    ((await db().query('SELECT status FROM commerce.purchases WHERE id = $1', [purchaseId]))[0] as { status: string }).status;
  const enrolments = async (userId: string) =>
    Number((await db().query('SELECT COUNT(*) FROM progress.enrolments WHERE user_id = $1 AND course_id = $2', [userId, course]))[0].count);
  const reconcile = () =>
    worker.get(ReconcilePurchasesJob).handle({ data: { reconcileAfterMs: 1, expireAfterMs: 1 } } as Job<ReconcileData, ReconcileResult>);

  it('leaves the payment authorized until commerce captures it, then marks paid and enrols once', async () => {
    const student = h.newStudent();
    const created = await purchase(student, course);
    expect(created.status).toBe(200);
    expect(h.sandbox.razorpay.store.findOrder(created.body.order.id)).toMatchObject({ payment_capture: false });
    const paid = await h.pay(created.body.order.id);
    expect(h.sandbox.razorpay.store.findPayment(paid.razorpay_payment_id)).toMatchObject({ status: 'authorized' });

    const [first, second] = await Promise.all([
      verify(student, { ...paid, purchaseId: created.body.purchaseId }),
      verify(student, { ...paid, purchaseId: created.body.purchaseId }),
    ]);
    expect([first.body, second.body]).toEqual([
      { success: true, message: 'Payment verified' },
      { success: true, message: 'Payment verified' },
    ]);
    expect(h.sandbox.razorpay.store.findPayment(paid.razorpay_payment_id)).toMatchObject({ status: 'captured', captured: true });
    expect(await status(created.body.purchaseId)).toBe('paid');
    expect(await enrolments(student.sub)).toBe(1);
    const attempts = await db().query('SELECT status FROM commerce.payment_attempts WHERE razorpay_payment_id = $1', [paid.razorpay_payment_id]);
    expect(attempts).toEqual([{ status: 'captured' }]);
  });

  it('attempt 1 failed, attempt 2 paid, webhooks and verify lost: reconciliation captures it and enrols exactly once', async () => {
    const student = h.newStudent();
    const created = await purchase(student, course);
    await h.fail(created.body.order.id);
    const paid = await h.pay(created.body.order.id); // same order, second payment; nobody verifies, no webhooks
    expect(await status(created.body.purchaseId)).toBe('pending');

    await new Promise((resolve) => setTimeout(resolve, 20));
    await reconcile();
    await reconcile(); // a second run changes nothing
    expect(await status(created.body.purchaseId)).toBe('paid');
    expect(await enrolments(student.sub)).toBe(1);
    expect(h.sandbox.razorpay.store.findPayment(paid.razorpay_payment_id)).toMatchObject({ status: 'captured' });
    const attempts = await db().query('SELECT status FROM commerce.payment_attempts WHERE purchase_id = $1 ORDER BY status', [created.body.purchaseId]);
    expect(attempts.map((row: { status: string }) => row.status)).toEqual(['captured', 'failed']);
    expect((await purchase(student, course)).status).toBe(409);
  });

  it('completes a purchase already expired when its order is paid late', async () => {
    const student = h.newStudent();
    const created = await purchase(student, course);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await reconcile();
    expect(await status(created.body.purchaseId)).toBe('expired');
    const paid = await h.pay(created.body.order.id);
    await reconcile();
    expect(await status(created.body.purchaseId)).toBe('paid');
    expect(await enrolments(student.sub)).toBe(1);
    expect(h.sandbox.razorpay.store.findPayment(paid.razorpay_payment_id)).toMatchObject({ status: 'captured' });
  });

  it('never charges twice: a late payment of an old order for a course already bought is refunded automatically, once', async () => {
    const student = h.newStudent();
    const old = await purchase(student, course);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await reconcile(); // the first order is abandoned and expires
    expect(await status(old.body.purchaseId)).toBe('expired');
    const fresh = await purchase(student, course);
    expect(fresh.body.order.id).not.toBe(old.body.order.id);
    const paid = await h.pay(fresh.body.order.id);
    expect((await verify(student, { ...paid, purchaseId: fresh.body.purchaseId })).body.success).toBe(true);

    const late = await h.pay(old.body.order.id); // a second tab pays the old order
    const answer = await verify(student, { ...late, purchaseId: old.body.purchaseId });
    expect(answer.body).toEqual({ success: true, message: 'You already own this course: this second payment is being refunded' });
    await reconcile(); // asks again: still one refund
    expect(await status(old.body.purchaseId)).toBe('expired');
    expect(await status(fresh.body.purchaseId)).toBe('paid');
    expect(await enrolments(student.sub)).toBe(1);
    const refunds = await db().query('SELECT purchase_id, reason, status, amount_paise, razorpay_refund_id FROM commerce.refunds WHERE razorpay_payment_id = $1', [
      late.razorpay_payment_id,
    ]);
    expect(refunds).toEqual([
      { purchase_id: old.body.purchaseId, reason: 'duplicate_payment', status: 'pending', amount_paise: '20000', razorpay_refund_id: expect.stringMatching(/^rfnd_/) },
    ]);
    expect(h.sandbox.razorpay.store.refundsOfPayment(late.razorpay_payment_id)).toHaveLength(1);
    expect(h.sandbox.razorpay.store.findPayment(late.razorpay_payment_id)).toMatchObject({ status: 'refunded' });
    expect(h.sandbox.razorpay.store.refundsOfPayment(paid.razorpay_payment_id)).toHaveLength(0);
    // The database itself refuses a second paid purchase of one course for one learner.
    await expect(db().query(`UPDATE commerce.purchases SET status = 'paid' WHERE id = $1`, [old.body.purchaseId])).rejects.toThrow(/purchases_one_paid_idx/);
  });

  it.each([
    ['between ₹0 and ₹1', 0.99, 0, 'The price after discount must be ₹0 (free) or at least ₹1'],
    ['between ₹0 and ₹1 after discount', 10, 95, 'The price after discount must be ₹0 (free) or at least ₹1'],
    ['above ₹5,00,000', 500_000.01, 0, 'The price after discount may not exceed ₹5,00,000'],
  ])('refuses a price %s with 400 and creates no order', async (_label, coursePrice, discount, reason) => {
    const id = randomUUID();
    await h.catalogue.putCourses([{ _id: id, courseTitle: 'Odd price', coursePrice, discount, educatorId: educator.sub }]);
    const ordersBefore = h.sandbox.razorpay.store.allOrders().length;
    const response = await purchase(h.newStudent(), id);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: `This course cannot be bought: ${reason}` });
    expect(h.sandbox.razorpay.store.allOrders().length).toBe(ordersBefore);
  });

  it('de-duplicates webhooks on their signed content, whatever the unsigned event-id header says', async () => {
    const student = h.newStudent();
    const created = await purchase(student, course);
    const send = (eventIdHeader: string, paymentId: string) => {
      const body = JSON.stringify({
        entity: 'event',
        event: 'payment.failed',
        payload: { payment: { entity: { id: paymentId, order_id: created.body.order.id, status: 'failed', error_description: 'declined' } } },
      });
      return fetch(`${h.commerceUrl}/api/payments/razorpay/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-event-id': eventIdHeader,
          'x-razorpay-signature': createHmac('sha256', 'sandbox_webhook_secret').update(body).digest('hex'),
        },
        body,
      });
    };
    const first = await send('evt_one', 'pay_Dedup000001');
    const replayed = await send('evt_two', 'pay_Dedup000001'); // same signed body, new header: a replay
    const sameHeader = await send('evt_one', 'pay_Dedup000002'); // a different payment under a reused header
    expect(await first.json()).toEqual({ success: true, message: 'Payment failure recorded' });
    expect(await replayed.json()).toEqual({ success: true, message: 'Duplicate event ignored' });
    expect(await sameHeader.json()).toEqual({ success: true, message: 'Payment failure recorded' });
    const attempts = await db().query('SELECT razorpay_payment_id FROM commerce.payment_attempts WHERE purchase_id = $1 ORDER BY 1', [created.body.purchaseId]);
    expect(attempts).toEqual([{ razorpay_payment_id: 'pay_Dedup000001' }, { razorpay_payment_id: 'pay_Dedup000002' }]);
    expect(await status(created.body.purchaseId)).toBe('pending');
  });
});
