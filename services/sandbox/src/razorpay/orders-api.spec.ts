import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type Razorpay from 'razorpay';
import { createSandboxApp } from '../app.js';
import { razorpayClientFor, sdkFailure } from '../testing/razorpay-sdk.js';
import { makeTemporaryDataDir, startSandbox, type RunningSandbox } from '../testing/sandbox-server.js';

const KEY = { keyId: 'rzp_test_sandbox', keySecret: 'sandbox_key_secret' };

describe('Razorpay Orders and Payments API stand-in, through the real razorpay SDK', () => {
  let sandbox: RunningSandbox;
  let removeDataDir: () => Promise<void>;
  let rzp: Razorpay;

  beforeAll(async () => {
    const temporary = await makeTemporaryDataDir();
    removeDataDir = temporary.remove;
    sandbox = await startSandbox(temporary.dataDir);
    rzp = razorpayClientFor(sandbox.baseUrl, KEY);
  });

  afterAll(async () => {
    await sandbox.close();
    await removeDataDir();
  });

  /** The Pay button of the checkout, without a browser. */
  async function payThroughCheckout(orderId: string): Promise<{ razorpay_payment_id: string }> {
    const response = await fetch(new URL('razorpay/checkout/pay', sandbox.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: KEY.keyId, order_id: orderId, email: 'aarav@demo.academy' }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { razorpay_payment_id: string };
  }

  it('takes expire_by: the order refuses payments after it, and refuses an expiry in the past', async () => {
    // Three seconds ahead: a loaded machine may take more than one between reading the clock and the order arriving.
    const soon = Math.floor(Date.now() / 1000) + 3;
    const order = await rzp.orders.create({ amount: 10_000, currency: 'INR', receipt: 'expiring', expire_by: soon } as never);
    expect(order).toMatchObject({ status: 'created', expire_by: soon });
    await new Promise((resolve) => setTimeout(resolve, (soon + 1) * 1000 - Date.now() + 50));
    const late = await fetch(new URL('razorpay/checkout/pay', sandbox.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: KEY.keyId, order_id: order.id, email: 'aarav@demo.academy' }),
    });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ error: { description: 'This order has expired and takes no more payments.', reason: 'order_expired' } });
    const past = await sdkFailure(rzp.orders.create({ amount: 10_000, currency: 'INR', expire_by: soon - 10 } as never));
    expect(past).toMatchObject({ statusCode: 400, error: { field: 'expire_by' } });
  });

  it('creates an order as the Orders API does and fetches it back', async () => {
    const before = Math.floor(Date.now() / 1000);
    const order = await rzp.orders.create({
      amount: 149_900,
      currency: 'INR',
      receipt: 'purchase-0001',
      notes: { courseId: 'course-42', userId: 'sandbox|student-aarav' },
    });
    expect(order).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      entity: 'order',
      amount: 149_900,
      amount_paid: 0,
      amount_due: 149_900,
      currency: 'INR',
      receipt: 'purchase-0001',
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: { courseId: 'course-42', userId: 'sandbox|student-aarav' },
      created_at: expect.any(Number),
      expire_by: null,
    });
    expect(order.created_at).toBeGreaterThanOrEqual(before);

    expect(await rzp.orders.fetch(order.id)).toEqual(order);
    expect(await rzp.orders.fetchPayments(order.id)).toEqual({ entity: 'collection', count: 0, items: [] });
    // Empty notes come back as [] like the real API.
    const minimal = await rzp.orders.create({ amount: 100, currency: 'INR' });
    expect(minimal).toMatchObject({ amount: 100, receipt: null, notes: [] });
  });

  it('lists the payments of an order once it is paid, and fetches a payment', async () => {
    const order = await rzp.orders.create({ amount: 49_900, currency: 'INR', receipt: 'purchase-0002' });
    const { razorpay_payment_id: paymentId } = await payThroughCheckout(order.id);

    const paidOrder = await rzp.orders.fetch(order.id);
    expect(paidOrder).toMatchObject({ status: 'paid', amount_paid: 49_900, amount_due: 0, attempts: 1 });

    const payments = await rzp.orders.fetchPayments(order.id);
    expect(payments).toMatchObject({ entity: 'collection', count: 1 });
    const payment = await rzp.payments.fetch(paymentId);
    expect(payments.items).toEqual([payment]);
    expect(payment).toMatchObject({
      id: paymentId,
      entity: 'payment',
      amount: 49_900,
      currency: 'INR',
      status: 'captured',
      captured: true,
      order_id: order.id,
      method: 'upi',
      email: 'aarav@demo.academy',
      error_code: null,
    });
    // 2% fee plus 18% GST on it, in paise.
    expect(payment).toMatchObject({ fee: 998 + 180, tax: 180 });
  });

  it('answers a wrong key secret or key id with 401 through the SDK', async () => {
    const wrongSecret = razorpayClientFor(sandbox.baseUrl, { keyId: KEY.keyId, keySecret: 'not-the-secret' });
    const failure = await sdkFailure(wrongSecret.orders.create({ amount: 50_000, currency: 'INR' }));
    expect(failure).toEqual({
      statusCode: 401,
      error: expect.objectContaining({ code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' }),
    });

    const wrongKeyId = razorpayClientFor(sandbox.baseUrl, { keyId: 'rzp_test_someone_else', keySecret: KEY.keySecret });
    expect((await sdkFailure(wrongKeyId.orders.fetch('order_whatever'))).statusCode).toBe(401);

    const anonymous = await fetch(new URL('razorpay/v1/orders', sandbox.baseUrl));
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { description: string } }).error.description).toMatch(/api key/);
  });

  it('refuses invalid orders with 400 and Razorpay-shaped errors naming the field', async () => {
    const tooSmall = await sdkFailure(rzp.orders.create({ amount: 99, currency: 'INR' }));
    expect(tooSmall).toEqual({
      statusCode: 400,
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'The amount must be atleast INR 1.00',
        field: 'amount',
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
      },
    });
    expect((await sdkFailure(rzp.orders.create({ amount: 499.5, currency: 'INR' }))).error.field).toBe('amount');
    expect((await sdkFailure(rzp.orders.create({ amount: 50_000, currency: 'XYZ' }))).error.field).toBe('currency');
    expect((await sdkFailure(rzp.orders.create({ amount: 50_000, currency: 'INR', receipt: 'r'.repeat(41) }))).error.field).toBe('receipt');
    const unknownField = await sdkFailure(rzp.orders.create({ amount: 50_000, customer_id: 'cust_1' } as never));
    expect(unknownField.error).toMatchObject({ field: 'customer_id', description: 'customer_id is/are not required and should not be sent' });
    const ordersNow = await rzp.orders.all({ count: 100 });
    expect(ordersNow.items.some((order) => order.amount === 99 || order.amount === 499.5)).toBe(false);
  });

  it('answers unknown ids with 400 "The id provided does not exist" and unknown paths with 404', async () => {
    for (const call of [rzp.orders.fetch('order_DoesNotExist00'), rzp.orders.fetchPayments('order_DoesNotExist00'), rzp.payments.fetch('pay_DoesNotExist000')]) {
      const failure = await sdkFailure(call);
      expect(failure).toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist', field: 'id' } });
    }
    const authorization = `Basic ${Buffer.from(`${KEY.keyId}:${KEY.keySecret}`).toString('base64')}`;
    const unknownPath = await fetch(new URL('razorpay/v1/settlements', sandbox.baseUrl), { headers: { authorization } });
    expect(unknownPath.status).toBe(404);
    // The usual mistake: a base URL ending in /v1, to which the SDK adds its own /v1.
    const doubled = await fetch(new URL('razorpay/v1/v1/orders', sandbox.baseUrl), { headers: { authorization } });
    expect(doubled.status).toBe(404);
    expect(((await doubled.json()) as { error: { description: string } }).error.description).toContain('<sandbox>/razorpay');
  });

  it('leaves payments authorized for an order with payment_capture off, until captured through the SDK', async () => {
    const order = await rzp.orders.create({ amount: 25_000, currency: 'INR', payment_capture: false } as never);
    const { razorpay_payment_id: paymentId } = await payThroughCheckout(order.id);
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ status: 'authorized', captured: false, fee: null });
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'attempted', amount_paid: 0 });

    const wrongAmount = await sdkFailure(rzp.payments.capture(paymentId, 20_000, 'INR'));
    expect(wrongAmount).toMatchObject({ statusCode: 400, error: { field: 'amount' } });

    expect(await rzp.payments.capture(paymentId, 25_000, 'INR')).toMatchObject({ id: paymentId, status: 'captured', captured: true });
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'paid', amount_paid: 25_000, amount_due: 0 });
    const again = await sdkFailure(rzp.payments.capture(paymentId, 25_000, 'INR'));
    expect(again.error.description).toBe('This payment has already been captured');
  });

  it('keeps orders and payments across a restart (data dir)', async () => {
    const order = await rzp.orders.create({ amount: 30_000, currency: 'INR', receipt: 'purchase-restart' });
    const { razorpay_payment_id: paymentId } = await payThroughCheckout(order.id);
    await sandbox.razorpay.store.flush();

    const restarted = await createSandboxApp(sandbox.options);
    expect(restarted.razorpay.store.findOrder(order.id)).toMatchObject({ status: 'paid', receipt: 'purchase-restart' });
    expect(restarted.razorpay.store.findPayment(paymentId)).toMatchObject({ status: 'captured', order_id: order.id });
  });

  it('keeps every one of many orders created at once across a restart (saves waiting for a write share it)', async () => {
    const orders = await Promise.all(
      Array.from({ length: 40 }, (_, index) => rzp.orders.create({ amount: 10_000 + index, currency: 'INR', receipt: `burst-${index}` })),
    );
    await sandbox.razorpay.store.flush();

    const restarted = await createSandboxApp(sandbox.options);
    for (const order of orders) expect(restarted.razorpay.store.findOrder(order.id)).toMatchObject({ amount: order.amount, receipt: order.receipt });
  });
});
