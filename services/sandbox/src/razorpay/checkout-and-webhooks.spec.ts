import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { razorpayClientFor } from '../testing/razorpay-sdk.js';
import { makeTemporaryDataDir, startSandbox, TEST_PORTAL_ORIGIN, type RunningSandbox } from '../testing/sandbox-server.js';
import { startWebhookReceiver } from '../testing/webhook-receiver.js';

const KEY_ID = 'rzp_test_sandbox';
const KEY_SECRET = 'sandbox_key_secret';
const WEBHOOK_SECRET = 'webhook-secret-for-tests';

interface WebhookBody {
  entity: string;
  account_id: string;
  event: string;
  contains: string[];
  payload: { payment: { entity: Record<string, unknown> }; order?: { entity: Record<string, unknown> } };
  created_at: number;
}

interface EventsListing {
  webhookUrl: string | null;
  events: {
    id: string;
    event: string;
    orderId: string;
    paymentId: string;
    status: string;
    deliveries: { attempt: number; redelivery: boolean; statusCode: number | null; error: string | null }[];
    payload: WebhookBody;
  }[];
}

/** Either answer of the checkout calls (a success, a payment failure or a Razorpay error); tests check which. */
interface CheckoutAnswer {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
  error: { code: string; description: string; reason: string; metadata: { order_id: string; payment_id: string } };
}

async function postCheckout(sandbox: RunningSandbox, action: 'pay' | 'fail', body: Record<string, unknown>) {
  const response = await fetch(new URL(`razorpay/checkout/${action}`, sandbox.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_PORTAL_ORIGIN },
    body: JSON.stringify(body),
  });
  return { status: response.status, allowOrigin: response.headers.get('access-control-allow-origin'), body: (await response.json()) as CheckoutAnswer };
}

async function listEvents(sandbox: RunningSandbox): Promise<EventsListing> {
  return (await (await fetch(new URL('razorpay/sandbox/events.json', sandbox.baseUrl))).json()) as EventsListing;
}

describe('sandbox checkout endpoints and webhook delivery', () => {
  let sandbox: RunningSandbox;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let removeDataDir: () => Promise<void>;
  let rzp: Razorpay;

  beforeAll(async () => {
    const temporary = await makeTemporaryDataDir();
    removeDataDir = temporary.remove;
    receiver = await startWebhookReceiver();
    sandbox = await startSandbox(temporary.dataDir, { webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
    rzp = razorpayClientFor(sandbox.baseUrl);
  });

  afterEach(async () => {
    await sandbox.razorpay.webhooks.settle();
    receiver.received.length = 0;
  });

  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
    await removeDataDir();
  });

  const newOrder = (amount = 149_900) =>
    rzp.orders.create({ amount, currency: 'INR', receipt: `purchase-${Date.now()}`, notes: { courseId: 'course-42' } });

  it('pays an order and answers with a signature that validatePaymentVerification accepts, with CORS for the portal', async () => {
    const order = await newOrder();
    const paid = await postCheckout(sandbox, 'pay', { key: KEY_ID, order_id: order.id, email: 'aarav@demo.academy' });
    expect(paid.status).toBe(200);
    expect(paid.allowOrigin).toBe(TEST_PORTAL_ORIGIN);
    expect(Object.keys(paid.body).sort()).toEqual(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']);
    expect(paid.body.razorpay_order_id).toBe(order.id);
    expect(paid.body.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(
      validatePaymentVerification({ order_id: order.id, payment_id: paid.body.razorpay_payment_id }, paid.body.razorpay_signature, KEY_SECRET),
    ).toBe(true);
    // The same signature does not vouch for another order (a cheap order's payment used to claim a dear one).
    const otherOrder = await newOrder(999_900);
    expect(
      validatePaymentVerification({ order_id: otherOrder.id, payment_id: paid.body.razorpay_payment_id }, paid.body.razorpay_signature, KEY_SECRET),
    ).toBe(false);
    expect(await rzp.payments.fetch(paid.body.razorpay_payment_id)).toMatchObject({ status: 'captured', amount: 149_900, order_id: order.id });
  });

  it('answers the CORS preflight of the checkout calls for the portal only', async () => {
    const preflight = (origin: string) =>
      fetch(new URL('razorpay/checkout/pay', sandbox.baseUrl), {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const allowed = await preflight(TEST_PORTAL_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(TEST_PORTAL_ORIGIN);
    expect((await preflight('http://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a second payment of a paid order, a wrong key and an unknown order, with Razorpay errors', async () => {
    const order = await newOrder();
    expect((await postCheckout(sandbox, 'pay', { key: KEY_ID, order_id: order.id })).status).toBe(200);
    const again = await postCheckout(sandbox, 'pay', { key: KEY_ID, order_id: order.id });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', reason: 'order_already_paid' });

    const wrongKey = await postCheckout(sandbox, 'pay', { key: 'rzp_test_other', order_id: (await newOrder()).id });
    expect(wrongKey.status).toBe(401);
    const unknownOrder = await postCheckout(sandbox, 'fail', { key: KEY_ID, order_id: 'order_DoesNotExist00' });
    expect(unknownOrder).toMatchObject({ status: 400, body: { error: { description: 'The id provided does not exist' } } });
    expect((await rzp.orders.fetchPayments(order.id)).count).toBe(1);
  });

  it('delivers payment.captured and order.paid, signed over the raw body, to a real HTTP endpoint', async () => {
    const order = await newOrder(49_900);
    const paid = await postCheckout(sandbox, 'pay', { key: KEY_ID, order_id: order.id });
    const deliveries = await receiver.waitForRequests(2);

    const eventIds = new Set<string>();
    const bodies = deliveries.map(({ headers, rawBody }) => {
      expect(headers['content-type']).toBe('application/json');
      expect(Razorpay.validateWebhookSignature(rawBody, String(headers['x-razorpay-signature']), WEBHOOK_SECRET)).toBe(true);
      expect(Razorpay.validateWebhookSignature(rawBody, String(headers['x-razorpay-signature']), 'another-secret')).toBe(false);
      eventIds.add(String(headers['x-razorpay-event-id']));
      return JSON.parse(rawBody) as WebhookBody;
    });
    expect(eventIds.size).toBe(2);
    expect([...eventIds].every((id) => /^evt_[A-Za-z0-9]{14}$/.test(id))).toBe(true);

    const captured = bodies.find((body) => body.event === 'payment.captured')!;
    expect(captured).toEqual({
      entity: 'event',
      account_id: expect.stringMatching(/^acc_/),
      event: 'payment.captured',
      contains: ['payment'],
      payload: { payment: { entity: expect.objectContaining({ id: paid.body.razorpay_payment_id, order_id: order.id, status: 'captured', amount: 49_900 }) } },
      created_at: expect.any(Number),
    });
    const orderPaid = bodies.find((body) => body.event === 'order.paid')!;
    expect(orderPaid.contains).toEqual(['payment', 'order']);
    expect(orderPaid.payload.order!.entity).toEqual({ ...(await rzp.orders.fetch(order.id)) });
    expect(orderPaid.payload.order!.entity).toMatchObject({ status: 'paid', amount_paid: 49_900, receipt: order.receipt });

    const listing = await listEvents(sandbox);
    expect(listing.webhookUrl).toBe(receiver.url);
    const listed = listing.events.filter((event) => event.orderId === order.id);
    expect(listed.map((event) => event.event).sort()).toEqual(['order.paid', 'payment.captured']);
    expect(listed.every((event) => event.status === 'delivered' && event.deliveries[0]!.statusCode === 200)).toBe(true);
  });

  it('retries a delivery answered with an error until it gets a 2xx', async () => {
    const flakyReceiver = await startWebhookReceiver([500, 503]);
    const temporary = await makeTemporaryDataDir();
    const flakySandbox = await startSandbox(temporary.dataDir, { webhookUrl: flakyReceiver.url, webhookSecret: WEBHOOK_SECRET });
    try {
      const client = razorpayClientFor(flakySandbox.baseUrl);
      const order = await client.orders.create({ amount: 10_000, currency: 'INR' });
      const failed = await postCheckout(flakySandbox, 'fail', { key: KEY_ID, order_id: order.id });
      expect(failed.status).toBe(200);
      const deliveries = await flakyReceiver.waitForRequests(3);
      await flakySandbox.razorpay.webhooks.settle();
      // The same event each time: same id, same signed bytes.
      expect(new Set(deliveries.map((delivery) => delivery.headers['x-razorpay-event-id'])).size).toBe(1);
      expect(new Set(deliveries.map((delivery) => delivery.rawBody)).size).toBe(1);
      const [event] = (await listEvents(flakySandbox)).events;
      expect(event).toMatchObject({ event: 'payment.failed', status: 'delivered' });
      expect(event!.deliveries.map((delivery) => delivery.statusCode)).toEqual([500, 503, 200]);
    } finally {
      await flakySandbox.close();
      await flakyReceiver.close();
      await temporary.remove();
    }
  });

  it('gives up after the configured retries and marks the event failed', async () => {
    const downReceiver = await startWebhookReceiver([500, 500, 500, 500]);
    const temporary = await makeTemporaryDataDir();
    const downSandbox = await startSandbox(temporary.dataDir, { webhookUrl: downReceiver.url, webhookRetryDelaysMs: [10, 10] });
    try {
      const order = await razorpayClientFor(downSandbox.baseUrl).orders.create({ amount: 10_000, currency: 'INR' });
      await postCheckout(downSandbox, 'fail', { key: KEY_ID, order_id: order.id });
      await downReceiver.waitForRequests(3);
      await downSandbox.razorpay.webhooks.settle();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(downReceiver.received).toHaveLength(3);
      const [event] = (await listEvents(downSandbox)).events;
      expect(event).toMatchObject({ status: 'failed' });
      expect(event!.deliveries).toHaveLength(3);
    } finally {
      await downSandbox.close();
      await downReceiver.close();
      await temporary.remove();
    }
  });

  it('redelivers an event with the same id and body on request (duplicate delivery)', async () => {
    const order = await newOrder();
    await postCheckout(sandbox, 'pay', { key: KEY_ID, order_id: order.id });
    const [first] = await receiver.waitForRequests(2);
    const eventId = String(first!.headers['x-razorpay-event-id']);

    const response = await fetch(new URL(`razorpay/sandbox/redeliver/${eventId}`, sandbox.baseUrl), { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ eventId, delivery: { redelivery: true, statusCode: 200, attempt: 2 } });
    const duplicate = receiver.received[2]!;
    expect(duplicate.headers['x-razorpay-event-id']).toBe(eventId);
    expect(duplicate.rawBody).toBe(first!.rawBody);
    expect(Razorpay.validateWebhookSignature(duplicate.rawBody, String(duplicate.headers['x-razorpay-signature']), WEBHOOK_SECRET)).toBe(true);

    const unknown = await fetch(new URL('razorpay/sandbox/redeliver/evt_DoesNotExist000', sandbox.baseUrl), { method: 'POST' });
    expect(unknown.status).toBe(404);
  });

  it('fails a payment: error for payment.failed, failed payment, order still open, payment.failed webhook; a later Pay succeeds', async () => {
    const order = await newOrder(79_900);
    const failed = await postCheckout(sandbox, 'fail', { key: KEY_ID, order_id: order.id, email: 'diya@demo.academy' });
    expect(failed.status).toBe(200);
    expect(failed.body).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: expect.any(String),
        source: 'customer',
        step: 'payment_authentication',
        reason: 'payment_failed',
        metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_/) },
      },
    });
    const failedPaymentId = failed.body.error.metadata.payment_id;
    expect(await rzp.payments.fetch(failedPaymentId)).toMatchObject({
      status: 'failed',
      captured: false,
      error_code: 'BAD_REQUEST_ERROR',
      error_reason: 'payment_failed',
      email: 'diya@demo.academy',
    });
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'attempted', attempts: 1, amount_paid: 0, amount_due: 79_900 });

    const [delivery] = await receiver.waitForRequests(1);
    const body = JSON.parse(delivery!.rawBody) as WebhookBody;
    expect(body).toMatchObject({ event: 'payment.failed', contains: ['payment'], payload: { payment: { entity: { id: failedPaymentId, status: 'failed' } } } });
    expect(Razorpay.validateWebhookSignature(delivery!.rawBody, String(delivery!.headers['x-razorpay-signature']), WEBHOOK_SECRET)).toBe(true);

    const paid = await postCheckout(sandbox, 'pay', { key: KEY_ID, order_id: order.id });
    expect(paid.status).toBe(200);
    const payments = await rzp.orders.fetchPayments(order.id);
    expect(payments.items.map((payment) => payment.status).sort()).toEqual(['captured', 'failed']);
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'paid', attempts: 2 });
  });

  it('records events without sending them when no webhook URL is configured', async () => {
    const temporary = await makeTemporaryDataDir();
    const quietSandbox = await startSandbox(temporary.dataDir, { webhookUrl: undefined });
    try {
      const order = await razorpayClientFor(quietSandbox.baseUrl).orders.create({ amount: 10_000, currency: 'INR' });
      await postCheckout(quietSandbox, 'pay', { key: KEY_ID, order_id: order.id });
      const listing = await listEvents(quietSandbox);
      expect(listing.webhookUrl).toBeNull();
      expect(listing.events.map((event) => [event.event, event.status, event.deliveries.length])).toEqual([
        ['order.paid', 'not_sent', 0],
        ['payment.captured', 'not_sent', 0],
      ]);
      const redeliver = await fetch(new URL(`razorpay/sandbox/redeliver/${listing.events[0]!.id}`, quietSandbox.baseUrl), { method: 'POST' });
      expect(redeliver.status).toBe(400);
    } finally {
      await quietSandbox.close();
      await temporary.remove();
    }
  });

  it('stops and restarts webhook delivery on request (events recorded as not_sent meanwhile)', async () => {
    const toggle = (body: unknown) =>
      fetch(new URL('razorpay/sandbox/webhooks', sandbox.baseUrl), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await toggle({ enabled: 'no' })).status).toBe(400);
    try {
      expect(await (await toggle({ enabled: false })).json()).toEqual({ webhookUrl: null });
      const order = await newOrder(20_000);
      await postCheckout(sandbox, 'fail', { key: KEY_ID, order_id: order.id });
      await postCheckout(sandbox, 'pay', { key: KEY_ID, order_id: order.id });
      await sandbox.razorpay.webhooks.settle();
      expect(receiver.received).toEqual([]);
      const dropped = (await listEvents(sandbox)).events.filter((event) => event.orderId === order.id);
      expect(dropped.map((event) => event.status)).toEqual(['not_sent', 'not_sent', 'not_sent']);
    } finally {
      expect(await (await toggle({ enabled: true })).json()).toEqual({ webhookUrl: receiver.url });
    }
    const order = await newOrder(30_000);
    await postCheckout(sandbox, 'pay', { key: KEY_ID, order_id: order.id });
    await sandbox.razorpay.webhooks.settle();
    expect(receiver.received.length).toBeGreaterThan(0);
  });

  it("drops one order's webhooks on request while other orders' are delivered", async () => {
    const silence = (orderId: string, body: unknown) =>
      fetch(new URL(`razorpay/sandbox/webhooks/orders/${orderId}`, sandbox.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const lost = await newOrder(20_000);
    const delivered = await newOrder(20_000);
    expect((await silence(lost.id, { enabled: 'no' })).status).toBe(400);
    expect((await silence('order_Unknown00000001', { enabled: false })).status).toBe(400);
    expect(await (await silence(lost.id, { enabled: false })).json()).toEqual({ orderId: lost.id, webhooksEnabled: false });

    await postCheckout(sandbox, 'fail', { key: KEY_ID, order_id: lost.id });
    await postCheckout(sandbox, 'pay', { key: KEY_ID, order_id: lost.id });
    await postCheckout(sandbox, 'pay', { key: KEY_ID, order_id: delivered.id });
    await sandbox.razorpay.webhooks.settle();

    const events = (await listEvents(sandbox)).events;
    expect(events.filter((event) => event.orderId === lost.id).map((event) => event.status)).toEqual(['not_sent', 'not_sent', 'not_sent']);
    const deliveredOrders = receiver.received.map((delivery) => (JSON.parse(delivery.rawBody) as WebhookBody).payload.payment.entity.order_id);
    expect(deliveredOrders).not.toContain(lost.id);
    expect(deliveredOrders).toContain(delivered.id);
  });
});
