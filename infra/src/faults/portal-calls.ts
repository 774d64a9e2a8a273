import { createHmac, randomUUID } from 'node:crypto';
import type { CapturedPayment } from './fault-kinds.js';
import { sleep } from './fault-kinds.js';

export interface ApiAnswer {
  status: number;
  json: Record<string, unknown>;
}

/** A Razorpay-shaped event about one payment (and its order for order.paid), as the sandbox would send it. */
export function webhookBody(event: string, payment: { id: string; orderId: string; amount: number; status: string }): string {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_SandboxAcademy01',
    event,
    contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
    payload: {
      payment: {
        entity: {
          id: payment.id,
          entity: 'payment',
          amount: payment.amount,
          currency: 'INR',
          status: payment.status,
          order_id: payment.orderId,
          captured: payment.status === 'captured',
          error_description: payment.status === 'failed' ? 'Payment failed (fault run)' : null,
        },
      },
      ...(event === 'order.paid' ? { order: { entity: { id: payment.orderId, entity: 'order', amount: payment.amount, status: 'paid' } } } : {}),
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

/**
 * How the run talks to the portal and the sandbox as a browser, Razorpay's Checkout and Razorpay's webhooks would,
 * counting every HTTP answer by status.
 */
export class PortalCalls {
  readonly answers: Record<string, number> = {};
  private readonly checkout = { key: 'rzp_test_sandbox', email: 'faults@test.academy' };

  constructor(
    private readonly urls: { portalUrl: string; sandboxUrl: string },
    private readonly secrets: { webhookSecret: string; keySecret: string },
  ) {}

  private counted(status: number): void {
    this.answers[String(status)] = (this.answers[String(status)] ?? 0) + 1;
  }

  /** As the front end does: an outage answer is retried after a pause, a few times. */
  async api(method: string, pathname: string, token: string | undefined, body?: unknown): Promise<ApiAnswer> {
    for (let attempt = 0; ; attempt += 1) {
      let status: number;
      let json: Record<string, unknown> = {};
      try {
        const response = await fetch(`${this.urls.portalUrl}/api${pathname}`, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        status = response.status;
        json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      } catch {
        status = -1; // no answer at all (a hang cut by the timeout, a reset)
      }
      this.counted(status);
      if ((status === 503 || status === 502 || status === -1) && attempt < 6) {
        await sleep(500 * (attempt + 1));
        continue;
      }
      return { status, json };
    }
  }

  async sandbox<T>(pathname: string, body: unknown): Promise<T> {
    const response = await fetch(`${this.urls.sandboxUrl}/razorpay/${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`sandbox ${pathname} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return (await response.json()) as T;
  }

  pay(orderId: string): Promise<CapturedPayment> {
    return this.sandbox<CapturedPayment>('checkout/pay', { ...this.checkout, order_id: orderId });
  }

  async failAttempt(orderId: string): Promise<string> {
    return (await this.sandbox<{ error: { metadata: { payment_id: string } } }>('checkout/fail', { ...this.checkout, order_id: orderId })).error.metadata.payment_id;
  }

  /** The sandbox records this order's events but delivers none of them. */
  loseWebhooksOf(orderId: string): Promise<unknown> {
    return this.sandbox(`sandbox/webhooks/orders/${orderId}`, { enabled: false });
  }

  sign(body: string, secret = this.secrets.webhookSecret): string {
    return createHmac('sha256', secret).update(body).digest('hex');
  }

  /** The checkout signature Razorpay would give this order and payment (made with the real key secret). */
  checkoutSignature(orderId: string, paymentId: string): string {
    return createHmac('sha256', this.secrets.keySecret).update(`${orderId}|${paymentId}`).digest('hex');
  }

  /** POSTs a webhook to commerce's route through the edge; like Razorpay, retries an outage answer a few times. */
  async postWebhook(body: string, signature: string): Promise<number> {
    for (let attempt = 0; ; attempt += 1) {
      let status: number;
      try {
        const response = await fetch(`${this.urls.portalUrl}/api/payments/razorpay/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': `evt_faults${randomUUID().slice(0, 8)}` },
          body,
          signal: AbortSignal.timeout(30_000),
        });
        status = response.status;
        await response.arrayBuffer().catch(() => undefined);
      } catch {
        status = -1;
      }
      this.counted(status);
      if ((status >= 500 || status === -1) && attempt < 6) {
        await sleep(500 * (attempt + 1));
        continue;
      }
      return status;
    }
  }
}
