import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type Razorpay from 'razorpay';
import { razorpayClientFor, sdkFailure } from '../testing/razorpay-sdk.js';
import { makeTemporaryDataDir, startSandbox, type RunningSandbox } from '../testing/sandbox-server.js';
import { startWebhookReceiver } from '../testing/webhook-receiver.js';

const KEY = { keyId: 'rzp_test_sandbox', keySecret: 'sandbox_key_secret' };

/** Refunds through the real razorpay SDK (and its request client where the SDK cannot send a header). */
describe('Razorpay Refunds API stand-in', () => {
  let sandbox: RunningSandbox;
  let removeDataDir: () => Promise<void>;
  let rzp: Razorpay;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    const temporary = await makeTemporaryDataDir();
    removeDataDir = temporary.remove;
    sandbox = await startSandbox(temporary.dataDir);
    rzp = razorpayClientFor(sandbox.baseUrl, KEY);
    receiver = await startWebhookReceiver();
    sandbox.options.razorpay.webhookUrl = receiver.url;
  });

  afterAll(async () => {
    sandbox.options.razorpay.webhookUrl = undefined;
    await sandbox.razorpay.webhooks.settle();
    await receiver.close();
    await sandbox.close();
    await removeDataDir();
  });

  async function paidOrder(amount = 50_000): Promise<string> {
    const order = await rzp.orders.create({ amount, currency: 'INR', receipt: 'refund-test' });
    const response = await fetch(new URL('razorpay/checkout/pay', sandbox.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: KEY.keyId, order_id: order.id }),
    });
    return ((await response.json()) as { razorpay_payment_id: string }).razorpay_payment_id;
  }

  /** The SDK's `payments.refund` takes no headers; its axios client (`api.rq`) does. */
  const refundWithKey = async (paymentId: string, key: string, data: Record<string, unknown> = {}) =>
    (
      await (rzp.api as unknown as { rq: { post: (url: string, data: unknown, config: unknown) => Promise<{ data: unknown }> } }).rq.post(
        `/v1/payments/${paymentId}/refund`,
        data,
        { headers: { 'X-Refund-Idempotency': key } },
      )
    ).data as { id: string; status: string; amount: number };

  it('refunds a captured payment once per idempotency key, pending until processed, with webhooks', async () => {
    const paymentId = await paidOrder();
    const first = await refundWithKey(paymentId, 'refund-key-1');
    const again = await refundWithKey(paymentId, 'refund-key-1');
    expect(again).toEqual(first);
    expect(first).toMatchObject({ id: expect.stringMatching(/^rfnd_/), amount: 50_000, status: 'pending' });
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 50_000, refund_status: 'full' });
    expect(await rzp.refunds.fetch(first.id)).toMatchObject({ status: 'pending', payment_id: paymentId });
    expect((await rzp.payments.fetchMultipleRefund(paymentId)).items.map((refund) => refund.id)).toEqual([first.id]);

    const processed = await fetch(new URL(`razorpay/sandbox/process-refund/${first.id}`, sandbox.baseUrl), { method: 'POST' });
    expect(((await processed.json()) as { status: string }).status).toBe('processed');
    expect(await rzp.payments.fetchRefund(paymentId, first.id)).toMatchObject({ status: 'processed' });
    await sandbox.razorpay.webhooks.settle();
    const events = receiver.received.filter((event) => event.rawBody.includes(first.id)).map((event) => JSON.parse(event.rawBody).event);
    expect(events).toEqual(['refund.created', 'refund.processed', 'payment.refunded']);
    const body = JSON.parse(receiver.received.find((event) => event.rawBody.includes('"refund.processed"'))!.rawBody);
    expect(body.payload.refund.entity).toMatchObject({ id: first.id, status: 'processed', payment_id: paymentId });
    expect(body.payload.payment.entity).toMatchObject({ id: paymentId, status: 'refunded' });
  });

  it('refuses refunds of more than was captured, of unknown or uncaptured payments, and a second full refund', async () => {
    const paymentId = await paidOrder(30_000);
    expect((await sdkFailure(rzp.payments.refund(paymentId, { amount: 30_001 }))).error.description).toBe(
      'The refund amount provided is greater than amount captured',
    );
    const partial = await rzp.payments.refund(paymentId, { amount: 10_000 });
    expect(partial).toMatchObject({ amount: 10_000, status: 'pending' });
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'captured', refund_status: 'partial', amount_refunded: 10_000 });
    await rzp.payments.refund(paymentId, {});
    expect((await sdkFailure(rzp.payments.refund(paymentId, {}))).error.description).toBe('The payment has been fully refunded already');
    expect((await sdkFailure(rzp.payments.refund('pay_Unknown0000000', {}))).statusCode).toBe(400);
    expect((await sdkFailure(rzp.refunds.fetch('rfnd_Unknown000000'))).statusCode).toBe(400);
  });

  it('issues a "dashboard" refund through the test endpoint', async () => {
    const paymentId = await paidOrder(20_000);
    const response = await fetch(new URL(`razorpay/sandbox/refund/${paymentId}`, sandbox.baseUrl), { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ payment_id: paymentId, amount: 20_000, status: 'pending' });
  });

  it('lists every refund newest first through refunds.all, within from/to and paged', async () => {
    const paymentId = await paidOrder(25_000);
    const made = (await (await fetch(new URL(`razorpay/sandbox/refund/${paymentId}`, sandbox.baseUrl), { method: 'POST' })).json()) as { id: string; created_at: number };
    const all = await rzp.refunds.all({ count: 100 });
    expect(all.items[0]).toMatchObject({ id: made.id, payment_id: paymentId, status: 'pending' });
    expect(all.items.length).toBeGreaterThan(3);
    const sorted = all.items.map((item) => item.created_at);
    expect([...sorted].sort((a, b) => b - a)).toEqual(sorted);
    expect((await rzp.refunds.all({ from: made.created_at, count: 100 })).items.map((item) => item.id)).toContain(made.id);
    expect((await rzp.refunds.all({ from: made.created_at + 3600, count: 100 })).items).toEqual([]);
    expect((await rzp.refunds.all({ to: made.created_at - 3600, count: 100 })).items).toEqual([]);
    const page = await rzp.refunds.all({ count: 1, skip: 1 });
    expect(page.items.map((item) => item.id)).toEqual([all.items[1]!.id]);
    expect((await sdkFailure(rzp.refunds.all({ count: 101 }))).statusCode).toBe(400);
  });
});
