import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Job } from 'bullmq';
import { createHmac, randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ReconcilePurchasesJob, type ReconcileData, type ReconcileResult } from '../reconcile/reconcile-purchases.job.js';
import { eventually, startCommerceHarness, type CommerceHarness } from '../testing/commerce-harness.js';
import type { TestUser } from '@academy/service-core/testing';
import { WorkerModule } from '../worker.module.js';
import { EXPIRED_ORDER_MESSAGE } from './payment-settlement.service.js';

const ORDER_TTL_MS = 3000;

/**
 * Every captured payment of an order is accounted for (one settles, any other is refunded and recorded), and an
 * order stops taking payments at its `expire_by`: a payment for an order closed since is refunded unless it is
 * the course's price today. Real razorpay SDK against the sandbox, real worker, PostgreSQL, Redis and progress.
 */
describe('second payments and expiring orders (razorpay SDK → sandbox)', () => {
  let h: CommerceHarness;
  let worker: INestApplicationContext;
  const educatorId = `test|educator-${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    h = await startCommerceHarness({ ORDER_TTL_MS: String(ORDER_TTL_MS), PAYMENT_RATE_LIMIT_PER_MINUTE: '100' });
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await h?.close();
  });

  const http = () => request(h.app.getHttpServer());
  const db = () => h.app.get(DataSource);
  const newCourse = async (coursePrice: number, discount = 0) => {
    const id = randomUUID();
    await h.catalogue.putCourses([{ _id: id, coursePrice, discount, educatorId }]);
    return id;
  };
  const purchase = async (student: TestUser, courseId: string) =>
    (await http().post('/api/user/purchase').set(await h.bearer(student)).send({ courseId }).expect(200)).body as { purchaseId: string; order: { id: string; amount: number } };
  const verify = async (student: TestUser, purchaseId: string, paid: object) =>
    (await http().post('/api/user/verifyRazorpay').set(await h.bearer(student)).send({ ...paid, purchaseId }).expect(200)).body;
  const extraPayment = async (orderId: string) =>
    (await (await fetch(new URL(`razorpay/sandbox/orders/${orderId}/extra-payment`, h.sandbox.baseUrl), { method: 'POST' })).json()) as { id: string; amount: number };
  const refundsOf = (paymentId: string) =>
    db().query('SELECT reason, amount_paise FROM commerce.refunds WHERE razorpay_payment_id = $1', [paymentId]) as Promise<{ reason: string; amount_paise: string }[]>;
  const purchaseRow = async (purchaseId: string) =>
    (await db().query('SELECT status, razorpay_payment_id FROM commerce.purchases WHERE id = $1', [purchaseId]))[0] as { status: string; razorpay_payment_id: string };
  const reconcile = () => worker.get(ReconcilePurchasesJob).handle({ data: {} } as Job<ReconcileData, ReconcileResult>);
  const afterExpiry = () => new Promise((resolve) => setTimeout(resolve, ORDER_TTL_MS + 1100));

  it('a second payment captured on an order already paid and verified is refunded automatically and recorded, once', async () => {
    const student = h.newStudent();
    const courseId = await newCourse(300);
    const created = await purchase(student, courseId);
    const paid = await h.pay(created.order.id);
    expect(await verify(student, created.purchaseId, paid)).toEqual({ success: true, message: 'Payment verified' });

    // Within the day the order's finished verification is kept: the second payment's webhook still gets its own.
    h.webhooks(true);
    let second: { id: string; amount: number };
    try {
      second = await extraPayment(created.order.id);
      await h.sandbox.razorpay.webhooks.settle();
      await eventually(() => refundsOf(second.id), (rows) => rows.length === 1);
      expect(await refundsOf(second.id)).toEqual([{ reason: 'duplicate_payment', amount_paise: '30000' }]);
      // The refund row is written before Razorpay is asked: wait for the refund to reach the sandbox too.
      await eventually(async () => h.sandbox.razorpay.store.refundsOfPayment(second.id), (refunds) => refunds.length === 1);
      // Its webhook delivered again changes nothing.
      const event = h.sandbox.razorpay.store.eventsNewestFirst().find((e) => e.event === 'payment.captured' && e.paymentId === second.id)!;
      await fetch(new URL(`razorpay/sandbox/redeliver/${event.id}`, h.sandbox.baseUrl), { method: 'POST' });
      await h.sandbox.razorpay.webhooks.settle();
    } finally {
      h.webhooks(false);
    }
    // After the redelivery: still one refund, here and at Razorpay.
    expect(await refundsOf(second.id)).toHaveLength(1);
    expect(h.sandbox.razorpay.store.refundsOfPayment(second.id)).toHaveLength(1);
    expect(await purchaseRow(created.purchaseId)).toEqual({ status: 'paid', razorpay_payment_id: paid.razorpay_payment_id });
    expect(h.sandbox.razorpay.store.refundsOfPayment(paid.razorpay_payment_id)).toHaveLength(0);
    expect(await h.enrolledCourses(student)).toEqual([courseId]);
  });

  it('with every webhook of the second payment lost, reconciliation finds it once the order expired, and refunds it once', async () => {
    const student = h.newStudent();
    const courseId = await newCourse(200);
    const created = await purchase(student, courseId);
    const paid = await h.pay(created.order.id);
    await verify(student, created.purchaseId, paid);
    const second = await extraPayment(created.order.id); // webhooks are off: nobody hears of it
    await reconcile();
    expect(await refundsOf(second.id)).toEqual([]); // the order still takes payments: looked at after it expires
    await afterExpiry();
    expect((await reconcile()).secondPayments).toBe(1);
    expect((await reconcile()).secondPayments).toBe(0); // each order is looked at once
    expect(await refundsOf(second.id)).toEqual([{ reason: 'duplicate_payment', amount_paise: '20000' }]);
    expect(h.sandbox.razorpay.store.refundsOfPayment(second.id)).toHaveLength(1);
    expect(await purchaseRow(created.purchaseId)).toEqual({ status: 'paid', razorpay_payment_id: paid.razorpay_payment_id });
  }, 30_000);

  it('an order made during a discount stops taking payments at its expiry; a late payment at the old price is refunded, not enrolled', async () => {
    const student = h.newStudent();
    const courseId = await newCourse(500, 50);
    const created = await purchase(student, courseId);
    expect(created.order.amount).toBe(25_000);
    const order = h.sandbox.razorpay.store.findOrder(created.order.id)!;
    expect(order.expire_by).toBe(Math.floor(new Date((await db().query('SELECT order_expires_at FROM commerce.purchases WHERE id = $1', [created.purchaseId]))[0].order_expires_at).getTime() / 1000));
    await h.catalogue.putCourses([{ _id: courseId, coursePrice: 500, discount: 0, educatorId }]); // the discount ends
    await afterExpiry();
    await expect(h.pay(created.order.id)).rejects.toThrow(/order has expired/);

    // A bank that confirms a payment begun before the expiry, after it: refunded at once, never enrolled.
    const late = await extraPayment(created.order.id);
    expect(await verify(student, created.purchaseId, { razorpay_order_id: created.order.id, razorpay_payment_id: late.id, razorpay_signature: signature(created.order.id, late.id) })).toEqual({
      success: false,
      message: EXPIRED_ORDER_MESSAGE,
    });
    expect(await refundsOf(late.id)).toEqual([{ reason: 'expired_order', amount_paise: '25000' }]);
    expect(await h.enrolledCourses(student)).toEqual([]);
    await reconcile(); // still one refund
    expect(h.sandbox.razorpay.store.refundsOfPayment(late.id)).toHaveLength(1);

    // Buying again makes a new order at today's price.
    const again = await purchase(student, courseId);
    expect(again.order).toMatchObject({ amount: 50_000 });
    expect(again.order.id).not.toBe(created.order.id);
  }, 30_000);

  it('an order closed by a price change refunds a payment at the old price, and enrols one at the current price', async () => {
    const student = h.newStudent();
    const courseId = await newCourse(400, 25);
    const old = await purchase(student, courseId);
    await h.catalogue.putCourses([{ _id: courseId, coursePrice: 400, discount: 0, educatorId }]);
    const fresh = await purchase(student, courseId); // closes the old order: "Price changed"
    expect(fresh.order.amount).toBe(40_000);
    expect(await purchaseRow(old.purchaseId)).toMatchObject({ status: 'expired' });
    const stale = await h.pay(old.order.id); // a tab still open on the old order (Razorpay still takes it)
    expect(await verify(student, old.purchaseId, stale)).toEqual({ success: false, message: EXPIRED_ORDER_MESSAGE });
    expect(await refundsOf(stale.razorpay_payment_id)).toEqual([{ reason: 'expired_order', amount_paise: '30000' }]);
    expect(await h.enrolledCourses(student)).toEqual([]);

    const current = await h.pay(fresh.order.id);
    expect(await verify(student, fresh.purchaseId, current)).toEqual({ success: true, message: 'Payment verified' });
    expect(await h.enrolledCourses(student)).toEqual([courseId]);
  });

  it('a payment after the expiry at the price of today enrols: it is as good as a new order', async () => {
    const student = h.newStudent();
    const courseId = await newCourse(150);
    const created = await purchase(student, courseId);
    await afterExpiry();
    const late = await extraPayment(created.order.id);
    expect(
      await verify(student, created.purchaseId, { razorpay_order_id: created.order.id, razorpay_payment_id: late.id, razorpay_signature: signature(created.order.id, late.id) }),
    ).toEqual({ success: true, message: 'Payment verified' });
    expect(await refundsOf(late.id)).toEqual([]);
    expect(await h.enrolledCourses(student)).toEqual([courseId]);
  }, 30_000);
});

/** What Checkout returns for a payment: HMAC-SHA256(key secret, order|payment). */
function signature(orderId: string, paymentId: string): string {
  return createHmac('sha256', 'sandbox_key_secret').update(`${orderId}|${paymentId}`).digest('hex');
}
