import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { RazorpaySandboxOptions } from '../config.js';
import { razorpayClientFor } from '../testing/razorpay-sdk.js';
import { makeTemporaryDataDir, startSandbox, type RunningSandbox } from '../testing/sandbox-server.js';
import { startWebhookReceiver } from '../testing/webhook-receiver.js';
import { readLogLines } from './append-log.js';

const KEY = { keyId: 'rzp_test_sandbox', keySecret: 'sandbox_key_secret' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Refunds settled by the sandbox itself (`refundSettleMs`), as Razorpay's test mode does; see RefundSettler. */
describe('refunds settled by the sandbox after refundSettleMs', () => {
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const running: RunningSandbox[] = [];
  const dataDirs: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    for (const sandbox of running.splice(0)) {
      await sandbox.razorpay.refunds.idle();
      await sandbox.razorpay.webhooks.settle();
      await sandbox.close();
      await sandbox.razorpay.store.flush();
    }
  });
  afterAll(async () => {
    await receiver.close();
    for (const remove of dataDirs) await remove();
  });

  async function sandboxOn(razorpay: Partial<RazorpaySandboxOptions>, dataDir?: string): Promise<RunningSandbox> {
    if (!dataDir) {
      const temporary = await makeTemporaryDataDir();
      dataDirs.push(temporary.remove);
      dataDir = temporary.dataDir;
    }
    const sandbox = await startSandbox(dataDir, { webhookUrl: receiver.url, ...razorpay });
    running.push(sandbox);
    return sandbox;
  }

  async function paidPayment(sandbox: RunningSandbox, amount = 40_000): Promise<string> {
    const order = await razorpayClientFor(sandbox.baseUrl, KEY).orders.create({ amount, currency: 'INR', receipt: 'settle-test' });
    const response = await fetch(new URL('razorpay/checkout/pay', sandbox.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: KEY.keyId, order_id: order.id }),
    });
    return ((await response.json()) as { razorpay_payment_id: string }).razorpay_payment_id;
  }

  const refund = async (sandbox: RunningSandbox, paymentId: string, amount?: number) =>
    (await razorpayClientFor(sandbox.baseUrl, KEY).payments.refund(paymentId, amount === undefined ? {} : { amount })) as {
      id: string;
      status: string;
    };

  const statusOf = (sandbox: RunningSandbox, refundId: string) => sandbox.razorpay.store.findRefund(refundId)?.status;

  /** Polls until the refund is processed; answers when (ms since the epoch) it was first seen processed. */
  async function processedAt(sandbox: RunningSandbox, refundId: string, timeoutMs = 10_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (statusOf(sandbox, refundId) !== 'processed') {
      if (Date.now() > deadline) throw new Error(`refund ${refundId} still ${statusOf(sandbox, refundId)} after ${timeoutMs} ms`);
      await sleep(20);
    }
    return Date.now();
  }

  /** The events the receiver got for this refund, in order of arrival. */
  const eventsOf = (refundId: string) =>
    receiver.received.filter((event) => event.rawBody.includes(refundId)).map((event) => (JSON.parse(event.rawBody) as { event: string }).event);

  it('settles a refund by itself once its delay has passed, with the same webhooks as the test-only route, once', async () => {
    const sandbox = await sandboxOn({ refundSettleMs: 1_200 });
    const paymentId = await paidPayment(sandbox);
    const asked = Date.now();
    const made = await refund(sandbox, paymentId);
    expect(made.status).toBe('pending');
    await sleep(600);
    expect(statusOf(sandbox, made.id)).toBe('pending');

    const settled = await processedAt(sandbox, made.id);
    expect(settled - asked).toBeGreaterThanOrEqual(1_200);
    expect(settled - asked).toBeLessThan(4_000);
    await sandbox.razorpay.refunds.idle();
    await sandbox.razorpay.webhooks.settle();
    expect(eventsOf(made.id)).toEqual(['refund.created', 'refund.processed', 'payment.refunded']);
    const body = JSON.parse(receiver.received.find((event) => event.rawBody.includes(made.id) && event.rawBody.includes('"refund.processed"'))!.rawBody);
    expect(body.payload.refund.entity).toMatchObject({ id: made.id, status: 'processed', payment_id: paymentId, acquirer_data: { arn: expect.any(String) } });
    expect(body.payload.payment.entity).toMatchObject({ id: paymentId, status: 'refunded' });

    // The test-only route afterwards answers the processed refund and sends nothing more.
    const again = await fetch(new URL(`razorpay/sandbox/process-refund/${made.id}`, sandbox.baseUrl), { method: 'POST' });
    expect(((await again.json()) as { status: string }).status).toBe('processed');
    await sandbox.razorpay.webhooks.settle();
    expect(eventsOf(made.id)).toEqual(['refund.created', 'refund.processed', 'payment.refunded']);
  });

  it('settles a partial refund with refund.processed only (the payment is not fully refunded)', async () => {
    const sandbox = await sandboxOn({ refundSettleMs: 200 });
    const paymentId = await paidPayment(sandbox, 30_000);
    const made = await refund(sandbox, paymentId, 10_000);
    await processedAt(sandbox, made.id);
    await sandbox.razorpay.refunds.idle();
    await sandbox.razorpay.webhooks.settle();
    expect(eventsOf(made.id)).toEqual(['refund.created', 'refund.processed']);
  });

  it('a refund settled by the test-only route before its time is not settled again when the time comes', async () => {
    const sandbox = await sandboxOn({ refundSettleMs: 500 });
    const paymentId = await paidPayment(sandbox);
    const made = await refund(sandbox, paymentId);
    const viaRoute = await fetch(new URL(`razorpay/sandbox/process-refund/${made.id}`, sandbox.baseUrl), { method: 'POST' });
    expect(((await viaRoute.json()) as { status: string }).status).toBe('processed');
    await sleep(900); // the timer has fired by now
    expect(sandbox.razorpay.refunds.waitingCount()).toBe(0);
    await sandbox.razorpay.refunds.idle();
    await sandbox.razorpay.webhooks.settle();
    expect(eventsOf(made.id)).toEqual(['refund.created', 'refund.processed', 'payment.refunded']);
  });

  it('the route and the timer at the same moment settle it once', async () => {
    const sandbox = await sandboxOn({ refundSettleMs: 0 });
    const paymentId = await paidPayment(sandbox);
    const made = await refund(sandbox, paymentId);
    await Promise.all([
      fetch(new URL(`razorpay/sandbox/process-refund/${made.id}`, sandbox.baseUrl), { method: 'POST' }),
      sandbox.razorpay.ledger.processRefund(made.id),
      processedAt(sandbox, made.id),
    ]);
    await sleep(100);
    await sandbox.razorpay.refunds.idle();
    await sandbox.razorpay.webhooks.settle();
    expect(eventsOf(made.id)).toEqual(['refund.created', 'refund.processed', 'payment.refunded']);
  });

  it('off (null, what tests get unless they ask): refunds stay pending until the test-only route settles them', async () => {
    const sandbox = await sandboxOn({});
    expect(sandbox.options.razorpay.refundSettleMs).toBeNull();
    const paymentId = await paidPayment(sandbox);
    const made = await refund(sandbox, paymentId);
    expect(sandbox.razorpay.refunds.waitingCount()).toBe(0);
    await sleep(700);
    expect(statusOf(sandbox, made.id)).toBe('pending');
    await sandbox.razorpay.webhooks.settle();
    expect(eventsOf(made.id)).toEqual(['refund.created']);
    await fetch(new URL(`razorpay/sandbox/process-refund/${made.id}`, sandbox.baseUrl), { method: 'POST' });
    await sandbox.razorpay.webhooks.settle();
    expect(eventsOf(made.id)).toEqual(['refund.created', 'refund.processed', 'payment.refunded']);
  });

  it('after a restart, settles at once the refunds whose time passed while it was down and waits for the others', async () => {
    const temporary = await makeTemporaryDataDir();
    dataDirs.push(temporary.remove);
    const first = await sandboxOn({ refundSettleMs: 2_000 }, temporary.dataDir);
    const early = await refund(first, await paidPayment(first));
    const earlyMadeAt = first.razorpay.store.refundMadeAtMs(first.razorpay.store.findRefund(early.id)!);
    await sleep(1_200);
    const late = await refund(first, await paidPayment(first));
    const lateMadeAt = first.razorpay.store.refundMadeAtMs(first.razorpay.store.findRefund(late.id)!);
    await first.razorpay.webhooks.settle();
    await first.close();
    await first.razorpay.store.flush();
    running.splice(running.indexOf(first), 1);

    // Down past the early refund's time: nothing settles while no sandbox runs, both are pending in the file.
    await sleep(Math.max(0, earlyMadeAt + 2_300 - Date.now()));
    // The log on disk: the last line of each refund is its state when the sandbox went down.
    const lines = await readLogLines<{ refund?: { id: string; status: string }; madeAtMs?: number }>(path.join(temporary.dataDir, 'razorpay.log'));
    const lastOf = (id: string) => lines.filter((line) => line.refund?.id === id).at(-1)!;
    expect([lastOf(early.id).refund!.status, lastOf(late.id).refund!.status]).toEqual(['pending', 'pending']);
    expect(lastOf(late.id).madeAtMs).toBe(lateMadeAt);

    const second = await sandboxOn({ refundSettleMs: 2_000 }, temporary.dataDir);
    const restartedAt = Date.now();
    expect((await processedAt(second, early.id)) - restartedAt).toBeLessThan(1_000);
    expect(statusOf(second, late.id)).toBe('pending'); // due at lateMadeAt + 2 s, still ahead
    expect(Date.now()).toBeLessThan(lateMadeAt + 2_000);
    expect(await processedAt(second, late.id)).toBeGreaterThanOrEqual(lateMadeAt + 2_000);
    await second.razorpay.refunds.idle();
    await second.razorpay.webhooks.settle();
    expect(eventsOf(early.id)).toEqual(['refund.created', 'refund.processed', 'payment.refunded']);
    expect(eventsOf(late.id)).toEqual(['refund.created', 'refund.processed', 'payment.refunded']);
  });
});
