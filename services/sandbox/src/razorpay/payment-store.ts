import path from 'node:path';
import { readJsonFile, writeJsonFile } from '../json-file.js';
import type { RazorpayOrder, RazorpayPayment, RazorpayRefund } from './entities.js';

export type WebhookEventName =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.created'
  | 'refund.processed'
  | 'payment.refunded';

export interface WebhookDelivery {
  attempt: number;
  /** True for deliveries asked for through `/razorpay/sandbox/redeliver/:eventId`. */
  redelivery: boolean;
  at: string;
  statusCode: number | null;
  error: string | null;
}

export interface WebhookEventRecord {
  id: string;
  event: WebhookEventName;
  orderId: string;
  paymentId: string;
  createdAt: number;
  /** The exact bytes sent (and signed), so a redelivery is byte-identical. */
  body: string;
  /** `not_sent` when no webhook URL is configured. */
  status: 'pending' | 'delivered' | 'failed' | 'not_sent';
  deliveries: WebhookDelivery[];
}

interface StoredState {
  orders: RazorpayOrder[];
  payments: RazorpayPayment[];
  events: WebhookEventRecord[];
  refunds?: RazorpayRefund[];
  /** X-Refund-Idempotency key → refund id. */
  refundKeys?: Record<string, string>;
  /** Refund id → when it was made, in ms (`created_at` has whole seconds only): its settlement is due from this. */
  refundsMadeAtMs?: Record<string, number>;
}

const STATE_FILE = 'razorpay.json';
/** Old events fall off so the file stays small; orders and payments are kept (a demo makes few). */
const MAX_EVENTS_KEPT = 1000;

/** Orders, payments and webhook events in memory, mirrored to a JSON file in the data dir. */
export class PaymentStore {
  private readonly orders = new Map<string, RazorpayOrder>();
  private readonly payments = new Map<string, RazorpayPayment>();
  private readonly refunds = new Map<string, RazorpayRefund>();
  private readonly refundKeys = new Map<string, string>();
  private readonly refundsMadeAtMs = new Map<string, number>();
  private events: WebhookEventRecord[] = [];
  private writeQueue: Promise<void> = Promise.resolve();
  /** The write queued behind the one on disk now, not started yet. */
  private nextWrite: Promise<void> | undefined;

  private constructor(private readonly filePath: string) {}

  static async open(dataDir: string): Promise<PaymentStore> {
    const store = new PaymentStore(path.join(dataDir, STATE_FILE));
    const state = await readJsonFile<StoredState>(store.filePath);
    for (const order of state?.orders ?? []) store.orders.set(order.id, order);
    for (const payment of state?.payments ?? []) store.payments.set(payment.id, payment);
    for (const refund of state?.refunds ?? []) store.refunds.set(refund.id, refund);
    for (const [key, refundId] of Object.entries(state?.refundKeys ?? {})) store.refundKeys.set(key, refundId);
    for (const [refundId, madeAt] of Object.entries(state?.refundsMadeAtMs ?? {})) store.refundsMadeAtMs.set(refundId, madeAt);
    // Retries do not survive a restart; an interrupted delivery shows as failed (redeliver it by hand).
    store.events = (state?.events ?? []).map((event) => (event.status === 'pending' ? { ...event, status: 'failed' } : event));
    return store;
  }

  findOrder(orderId: string): RazorpayOrder | undefined {
    return this.orders.get(orderId);
  }

  findPayment(paymentId: string): RazorpayPayment | undefined {
    return this.payments.get(paymentId);
  }

  /** Oldest first, as they were created. */
  allOrders(): RazorpayOrder[] {
    return [...this.orders.values()];
  }

  allPayments(): RazorpayPayment[] {
    return [...this.payments.values()];
  }

  paymentsOfOrder(orderId: string): RazorpayPayment[] {
    return this.allPayments().filter((payment) => payment.order_id === orderId);
  }

  findRefund(refundId: string): RazorpayRefund | undefined {
    return this.refunds.get(refundId);
  }

  allRefunds(): RazorpayRefund[] {
    return [...this.refunds.values()];
  }

  refundsOfPayment(paymentId: string): RazorpayRefund[] {
    return [...this.refunds.values()].filter((refund) => refund.payment_id === paymentId);
  }

  /** The refund made earlier with this X-Refund-Idempotency key for this payment, if any. */
  refundForKey(paymentId: string, key: string): RazorpayRefund | undefined {
    const refundId = this.refundKeys.get(`${paymentId}|${key}`);
    return refundId ? this.refunds.get(refundId) : undefined;
  }

  /** When the refund was made, in ms; for refunds kept from before this was recorded, its `created_at`. */
  refundMadeAtMs(refund: RazorpayRefund): number {
    return this.refundsMadeAtMs.get(refund.id) ?? refund.created_at * 1000;
  }

  saveRefund(refund: RazorpayRefund, idempotencyKey?: string): Promise<void> {
    this.refunds.set(refund.id, refund);
    if (!this.refundsMadeAtMs.has(refund.id)) this.refundsMadeAtMs.set(refund.id, Date.now());
    if (idempotencyKey) this.refundKeys.set(`${refund.payment_id}|${idempotencyKey}`, refund.id);
    return this.persist();
  }

  findEvent(eventId: string): WebhookEventRecord | undefined {
    return this.events.find((event) => event.id === eventId);
  }

  eventsNewestFirst(): WebhookEventRecord[] {
    return [...this.events].reverse();
  }

  /** Callers mutate entities in place (synchronously, so two requests never interleave) and then save. */
  saveOrder(order: RazorpayOrder): Promise<void> {
    this.orders.set(order.id, order);
    return this.persist();
  }

  savePayment(payment: RazorpayPayment): Promise<void> {
    this.payments.set(payment.id, payment);
    return this.persist();
  }

  saveEvent(event: WebhookEventRecord): Promise<void> {
    if (!this.events.includes(event)) this.events = [...this.events, event].slice(-MAX_EVENTS_KEPT);
    return this.persist();
  }

  /**
   * Writes one after another; each write takes the state as it is when its turn comes, so every save made while a
   * write is waiting for its turn is covered by that write and shares it. Under load (50 payments at once, four
   * saves each) the file is then written once per turn instead of once per save, each time whole.
   */
  persist(): Promise<void> {
    if (this.nextWrite) return this.nextWrite;
    const write = this.writeQueue.then(() => {
      this.nextWrite = undefined; // from here on, a change needs a write of its own
      return writeJsonFile(this.filePath, {
        orders: this.allOrders(),
        payments: this.allPayments(),
        events: this.events,
        refunds: [...this.refunds.values()],
        refundKeys: Object.fromEntries(this.refundKeys),
        refundsMadeAtMs: Object.fromEntries(this.refundsMadeAtMs),
      } satisfies StoredState);
    });
    this.nextWrite = write;
    this.writeQueue = write.catch(() => undefined);
    return write;
  }

  /** Resolves once every write asked for so far is on disk. */
  flush(): Promise<void> {
    return this.writeQueue;
  }
}
