import { createHmac } from 'node:crypto';
import type { RazorpaySandboxOptions } from '../config.js';
import { newRazorpayId, unixSeconds, type RazorpayOrder, type RazorpayPayment, type RazorpayRefund } from './entities.js';
import type { PaymentStore, WebhookDelivery, WebhookEventName, WebhookEventRecord } from './payment-store.js';

/** The sandbox's merchant account id, as events carry one. */
export const SANDBOX_ACCOUNT_ID = 'acc_SandboxAcademy01';
/** Razorpay gives a webhook endpoint 5 seconds to answer. */
const DELIVERY_TIMEOUT_MS = 5_000;

export function signWebhookBody(body: string, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(body).digest('hex');
}

/**
 * Sends events the way Razorpay does: a signed JSON POST, retried with growing waits until a 2xx answer.
 * Deliveries run in the background; `close()` cancels the retries still waiting.
 */
export class WebhookDispatcher {
  private readonly pendingRetries = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Test-only: orders whose events are recorded but never delivered (the "webhooks lost" case for one order). */
  private readonly silencedOrders = new Set<string>();
  private closed = false;

  constructor(
    private readonly options: RazorpaySandboxOptions,
    private readonly store: PaymentStore,
  ) {}

  /** Test-only: the events of `orderId` are recorded as `not_sent` from now on (`silenced` false: delivered again). */
  silenceOrder(orderId: string, silenced: boolean): void {
    if (silenced) this.silencedOrders.add(orderId);
    else this.silencedOrders.delete(orderId);
  }

  /** Records the event and starts delivering it; resolves once it is recorded, not delivered. */
  async publish(event: WebhookEventName, payment: RazorpayPayment, order: RazorpayOrder, refund?: RazorpayRefund): Promise<WebhookEventRecord> {
    const includesOrder = event === 'order.paid';
    // Refund events carry the refund first, then the payment, as Razorpay's do.
    const entities: Record<string, { entity: unknown }> = {};
    if (refund) entities.refund = { entity: { ...refund } };
    entities.payment = { entity: toPublicEntity(payment) };
    if (includesOrder) entities.order = { entity: toPublicEntity(order) };
    const payload = {
      entity: 'event',
      account_id: SANDBOX_ACCOUNT_ID,
      event,
      contains: Object.keys(entities),
      payload: entities,
      created_at: unixSeconds(),
    };
    const delivered = this.options.webhookUrl !== undefined && !this.silencedOrders.has(order.id);
    const record: WebhookEventRecord = {
      id: newRazorpayId('evt'),
      event,
      orderId: order.id,
      paymentId: payment.id,
      createdAt: payload.created_at,
      body: JSON.stringify(payload),
      status: delivered ? 'pending' : 'not_sent',
      deliveries: [],
    };
    await this.store.saveEvent(record);
    if (delivered) this.track(this.deliverWithRetries(record, 0));
    return record;
  }

  /** Sends a recorded event once more, same body and event id (a duplicate delivery), and waits for the answer. */
  async redeliver(record: WebhookEventRecord): Promise<WebhookDelivery> {
    if (!this.options.webhookUrl) throw new Error('RAZORPAY_WEBHOOK_URL is not set: there is nowhere to deliver to.');
    return this.attempt(record, true);
  }

  /** Waits for the deliveries under way (not for retries still waiting their turn). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.pendingRetries) clearTimeout(timer);
    this.pendingRetries.clear();
  }

  private track(work: Promise<unknown>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async deliverWithRetries(record: WebhookEventRecord, retriesDone: number): Promise<void> {
    if (this.closed) return;
    const delivery = await this.attempt(record, false);
    if (isSuccess(delivery)) return;
    const delay = this.options.webhookRetryDelaysMs[retriesDone];
    if (delay === undefined || this.closed) {
      record.status = record.status === 'delivered' ? 'delivered' : 'failed';
      await this.store.saveEvent(record);
      return;
    }
    const timer = setTimeout(() => {
      this.pendingRetries.delete(timer);
      this.track(this.deliverWithRetries(record, retriesDone + 1));
    }, delay);
    // A retry waiting must not keep the process (or a test run) alive.
    timer.unref();
    this.pendingRetries.add(timer);
  }

  private async attempt(record: WebhookEventRecord, redelivery: boolean): Promise<WebhookDelivery> {
    const delivery: WebhookDelivery = {
      attempt: record.deliveries.length + 1,
      redelivery,
      at: new Date().toISOString(),
      statusCode: null,
      error: null,
    };
    try {
      const response = await fetch(this.options.webhookUrl!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Razorpay-Webhook/v1',
          'x-razorpay-event-id': record.id,
          'x-razorpay-signature': signWebhookBody(record.body, this.options.webhookSecret),
        },
        body: record.body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      delivery.statusCode = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      delivery.error = (error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message;
    }
    record.deliveries.push(delivery);
    if (isSuccess(delivery)) record.status = 'delivered';
    await this.store.saveEvent(record);
    return delivery;
  }
}

function isSuccess(delivery: WebhookDelivery): boolean {
  return delivery.statusCode !== null && delivery.statusCode >= 200 && delivery.statusCode < 300;
}

/** Drops the sandbox-only fields that Razorpay's entities do not have. */
export function toPublicEntity<T extends RazorpayOrder | RazorpayPayment>(entity: T): T {
  if (entity.entity !== 'order') return { ...entity };
  const { payment_capture: _paymentCapture, ...order } = entity;
  return order as T;
}
