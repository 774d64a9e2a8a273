import { demoUsers, eventually, PausableTcpProxy, type TestUser } from '@academy/service-core/testing';
import { createHmac, randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startCommerceHarness, type CommerceHarness } from '../testing/commerce-harness.js';

/**
 * Redis accepts connections but stops answering (a stalled server; here a paused proxy in front of the
 * machine's Redis). Every commerce request that needs Redis (the payment rate limit, enqueueing a verification from
 * verify or from a webhook) must answer 503 with Retry-After within the producer command timeout, never hang, leave
 * nothing half-written, and work again as soon as Redis answers.
 */
describe('commerce while Redis stalls (paused proxy in front of the real Redis; real SDK → sandbox)', () => {
  let proxy: PausableTcpProxy;
  let h: CommerceHarness;
  const course = randomUUID();

  beforeAll(async () => {
    const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    proxy = await PausableTcpProxy.start({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    h = await startCommerceHarness({ REDIS_URL: proxy.rewrite(redisUrl.href) });
    await h.catalogue.putCourses([{ _id: course, courseTitle: 'Stalled', coursePrice: 300, discount: 0, educatorId: demoUsers.educator.sub }]);
  }, 60_000);

  afterAll(async () => {
    proxy?.resume();
    await h?.close();
    await proxy?.close();
  });

  const webhook = (orderId: string, paymentId: string) => {
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: { payment: { entity: { id: paymentId, order_id: orderId, status: 'captured', amount: 30_000, currency: 'INR' } } },
    });
    return request(h.app.getHttpServer())
      .post('/api/payments/razorpay/webhook')
      .set('content-type', 'application/json')
      .set('x-razorpay-signature', createHmac('sha256', 'sandbox_webhook_secret').update(body).digest('hex'))
      .send(body);
  };
  const timed = async <T>(work: () => Promise<T>) => {
    const started = Date.now();
    const result = await work();
    return { result, elapsedMs: Date.now() - started };
  };

  it('answers 503 with Retry-After within 3 s to verify and to a webhook, records nothing, and recovers', async () => {
    const student: TestUser = h.newStudent();
    const created = await request(h.app.getHttpServer()).post('/api/user/purchase').set(await h.bearer(student)).send({ courseId: course }).expect(200);
    const paid = await h.pay(created.body.order.id);

    proxy.pause();
    try {
      const verify = await timed(async () =>
        request(h.app.getHttpServer()).post('/api/user/verifyRazorpay').set(await h.bearer(student)).send({ ...paid, purchaseId: created.body.purchaseId }),
      );
      expect(verify.result.status).toBe(503);
      expect(verify.result.headers['retry-after']).toBe('5');
      expect(verify.result.body).toEqual({ success: false, message: expect.stringContaining('temporarily unavailable') });
      expect(verify.elapsedMs).toBeLessThan(3_000);

      const hook = await timed(() => webhook(created.body.order.id, paid.razorpay_payment_id));
      expect(hook.result.status).toBe(503);
      expect(hook.elapsedMs).toBeLessThan(3_000);
      // The webhook's transaction rolled back: Razorpay's retry will be processed, not taken for a duplicate.
      expect(await h.app.get(DataSource).query('SELECT event_id FROM commerce.webhook_events WHERE order_id = $1', [created.body.order.id])).toEqual([]);
    } finally {
      proxy.resume();
    }

    const retried = await eventually(() => webhook(created.body.order.id, paid.razorpay_payment_id), (answer) => answer.status === 200, {
      what: "Razorpay's retried webhook to be taken",
      timeoutMs: 5_000,
      intervalMs: 100,
    });
    expect(retried.body).toEqual({ success: true, message: 'Verification queued' });
  }, 30_000);
});
