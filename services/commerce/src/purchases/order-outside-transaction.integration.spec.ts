import { jest } from '@jest/globals';
import { demoUsers } from '@academy/service-core/testing';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { RazorpayGateway } from '../razorpay/razorpay-gateway.js';
import { startCommerceHarness, type CommerceHarness } from '../testing/commerce-harness.js';

/**
 * A slow Razorpay must never hold a PostgreSQL connection. With a pool of ONE connection per process, the
 * real SDK's order call (against the sandbox) is slowed down; while it is in flight, the same pool must still answer
 * a query, and PostgreSQL must show no transaction of commerce left open and no purchase lock held.
 */
describe('Razorpay order creation runs outside any database transaction (pool of 1, real SDK → sandbox)', () => {
  let h: CommerceHarness;
  let observer: pg.Client;
  const course = randomUUID();

  beforeAll(async () => {
    h = await startCommerceHarness({ DB_POOL_MAX: '1' });
    await h.catalogue.putCourses([{ _id: course, courseTitle: 'Slow provider', coursePrice: 499, discount: 0, educatorId: demoUsers.educator.sub }]);
    observer = new pg.Client({ connectionString: h.testEnv.database.url });
    await observer.connect();
  }, 60_000);

  afterAll(async () => {
    await observer?.end();
    await h?.close();
  });

  it('keeps no connection, transaction or lock while the SDK waits for Razorpay, and still answers with the order', async () => {
    const gateway = h.app.get(RazorpayGateway);
    const createOrder = gateway.createOrder.bind(gateway);
    const seenDuringCall: { openTransactions: number; advisoryLocks: number; poolAnswered: boolean }[] = [];
    const spy = jest.spyOn(gateway, 'createOrder').mockImplementation(async (input) => {
      const [{ count: openTransactions }] = (
        await observer.query(
          `SELECT count(*)::int AS count FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'academy-commerce' AND state LIKE 'idle in transaction%'`,
        )
      ).rows;
      const [{ count: advisoryLocks }] = (
        await observer.query(`SELECT count(*)::int AS count FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`)
      ).rows;
      // The one pooled connection is free: another request's query gets it at once (it would time out otherwise).
      const poolAnswered = await h.app.get(DataSource).query('SELECT 1 AS one').then(() => true, () => false);
      seenDuringCall.push({ openTransactions, advisoryLocks, poolAnswered });
      await new Promise((resolve) => setTimeout(resolve, 500)); // a slow provider
      return createOrder(input);
    });
    try {
      const student = { ...demoUsers.student, sub: `test|slow-${randomUUID().slice(0, 8)}` };
      const response = await request(h.app.getHttpServer()).post('/api/user/purchase').set(await h.bearer(student)).send({ courseId: course });
      expect(response.status).toBe(200);
      expect(seenDuringCall).toEqual([{ openTransactions: 0, advisoryLocks: 0, poolAnswered: true }]);
      const [row] = await h.app.get(DataSource).query('SELECT status, razorpay_order_id FROM commerce.purchases WHERE id = $1', [response.body.purchaseId]);
      expect(row).toEqual({ status: 'pending', razorpay_order_id: response.body.order.id });
      expect(h.sandbox.razorpay.store.findOrder(response.body.order.id)).toMatchObject({ amount: 49_900, receipt: response.body.purchaseId });
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps the pending purchase when Razorpay fails, and gives it an order on the next try', async () => {
    const gateway = h.app.get(RazorpayGateway);
    const spy = jest.spyOn(gateway, 'createOrder').mockRejectedValueOnce(new Error('socket hang up'));
    try {
      const student = { ...demoUsers.student, sub: `test|retry-${randomUUID().slice(0, 8)}` };
      const failed = await request(h.app.getHttpServer()).post('/api/user/purchase').set(await h.bearer(student)).send({ courseId: course });
      expect(failed.status).toBe(502);
      expect(failed.body).toEqual({ success: false, message: expect.any(String) }); // 5xx messages are generic
      const retried = await request(h.app.getHttpServer()).post('/api/user/purchase').set(await h.bearer(student)).send({ courseId: course });
      expect(retried.status).toBe(200);
      const rows = await h.app.get(DataSource).query('SELECT id, status, razorpay_order_id FROM commerce.purchases WHERE user_id = $1', [student.sub]);
      expect(rows).toEqual([{ id: retried.body.purchaseId, status: 'pending', razorpay_order_id: retried.body.order.id }]);
    } finally {
      spy.mockRestore();
    }
  });
});
