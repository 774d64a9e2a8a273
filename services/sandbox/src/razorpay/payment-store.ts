import { rm } from 'node:fs/promises';
import path from 'node:path';
import { readJsonFile } from '../json-file.js';
import { appendLines, readLogLines, rewriteLog } from './append-log.js';
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

/** The JSON file of earlier versions, read once and replaced by the log. */
interface LegacyState {
  orders: RazorpayOrder[];
  payments: RazorpayPayment[];
  events: WebhookEventRecord[];
  refunds?: RazorpayRefund[];
  refundKeys?: Record<string, string>;
  refundsMadeAtMs?: Record<string, number>;
}

/** One line of the log: an entity as it was saved (the last line of an id wins on replay). */
type LogRecord =
  | { order: RazorpayOrder }
  | { payment: RazorpayPayment }
  | { refund: RazorpayRefund; madeAtMs: number; key?: string }
  | { event: WebhookEventRecord };

const LOG_FILE = 'razorpay.log';
const LEGACY_FILE = 'razorpay.json';
/** Old events fall off so the log stays small; orders and payments are kept (a demo makes few). */
const MAX_EVENTS_KEPT = 1000;

/**
 * Orders, payments, refunds and webhook events in memory, each save appended as one JSON line to a log in the data
 * dir. A save costs the size of what changed, not of everything kept, so 50 payments at once stay cheap; saves made
 * while an append is under way share the next one. The log is compacted (rewritten with the live state) on open.
 */
export class PaymentStore {
  private readonly orders = new Map<string, RazorpayOrder>();
  private readonly payments = new Map<string, RazorpayPayment>();
  private readonly refunds = new Map<string, RazorpayRefund>();
  private readonly refundKeys = new Map<string, string>();
  private readonly refundsMadeAtMs = new Map<string, number>();
  private events: WebhookEventRecord[] = [];
  private pendingLines: string[] = [];
  private writeQueue: Promise<void> = Promise.resolve();
  /** The append queued behind the one under way, not started yet. */
  private nextWrite: Promise<void> | undefined;

  private constructor(private readonly filePath: string) {}

  static async open(dataDir: string): Promise<PaymentStore> {
    const store = new PaymentStore(path.join(dataDir, LOG_FILE));
    const legacy = await readJsonFile<LegacyState>(path.join(dataDir, LEGACY_FILE));
    if (legacy) store.applyLegacy(legacy);
    for (const record of await readLogLines<LogRecord>(store.filePath)) store.apply(record);
    // Retries do not survive a restart; an interrupted delivery shows as failed (redeliver it by hand).
    store.events = store.events.slice(-MAX_EVENTS_KEPT).map((event) => (event.status === 'pending' ? { ...event, status: 'failed' } : event));
    await rewriteLog(store.filePath, store.liveRecords());
    if (legacy) await rm(path.join(dataDir, LEGACY_FILE), { force: true });
    return store;
  }

  private apply(record: LogRecord): void {
    if ('order' in record) this.orders.set(record.order.id, record.order);
    else if ('payment' in record) this.payments.set(record.payment.id, record.payment);
    else if ('refund' in record) this.setRefund(record.refund, record.madeAtMs, record.key);
    else {
      const index = this.events.findIndex((event) => event.id === record.event.id);
      if (index >= 0) this.events[index] = record.event;
      else this.events.push(record.event);
    }
  }

  private applyLegacy(state: LegacyState): void {
    for (const order of state.orders ?? []) this.orders.set(order.id, order);
    for (const payment of state.payments ?? []) this.payments.set(payment.id, payment);
    for (const refund of state.refunds ?? []) this.refunds.set(refund.id, refund);
    for (const [key, refundId] of Object.entries(state.refundKeys ?? {})) this.refundKeys.set(key, refundId);
    for (const [refundId, madeAt] of Object.entries(state.refundsMadeAtMs ?? {})) this.refundsMadeAtMs.set(refundId, madeAt);
    this.events = [...(state.events ?? [])];
  }

  private setRefund(refund: RazorpayRefund, madeAtMs: number, key?: string): void {
    this.refunds.set(refund.id, refund);
    if (!this.refundsMadeAtMs.has(refund.id)) this.refundsMadeAtMs.set(refund.id, madeAtMs);
    if (key) this.refundKeys.set(`${refund.payment_id}|${key}`, refund.id);
  }

  private liveRecords(): LogRecord[] {
    const keyOf = new Map([...this.refundKeys].map(([key, refundId]) => [refundId, key.slice(key.indexOf('|') + 1)]));
    return [
      ...[...this.orders.values()].map((order) => ({ order })),
      ...[...this.payments.values()].map((payment) => ({ payment })),
      ...[...this.refunds.values()].map((refund) => ({ refund, madeAtMs: this.refundMadeAtMs(refund), key: keyOf.get(refund.id) })),
      ...this.events.map((event) => ({ event })),
    ];
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
    this.setRefund(refund, Date.now(), idempotencyKey);
    return this.append({ refund, madeAtMs: this.refundMadeAtMs(refund), key: idempotencyKey });
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
    return this.append({ order });
  }

  savePayment(payment: RazorpayPayment): Promise<void> {
    this.payments.set(payment.id, payment);
    return this.append({ payment });
  }

  saveEvent(event: WebhookEventRecord): Promise<void> {
    if (!this.events.includes(event)) {
      this.events.push(event);
      if (this.events.length > MAX_EVENTS_KEPT) this.events.splice(0, this.events.length - MAX_EVENTS_KEPT);
    }
    return this.append({ event });
  }

  /** The entity as it is now, as one line; serialised at once, since callers go on mutating it. */
  private append(record: LogRecord): Promise<void> {
    this.pendingLines.push(`${JSON.stringify(record)}\n`);
    return this.persist();
  }

  /**
   * Appends one after another; each append takes every line saved until its turn comes, so saves made while an
   * append is under way share the next one (one write per turn, of only what changed).
   */
  persist(): Promise<void> {
    if (this.nextWrite) return this.nextWrite;
    const write = this.writeQueue.then(() => {
      this.nextWrite = undefined; // from here on, a change needs a write of its own
      const lines = this.pendingLines;
      this.pendingLines = [];
      return appendLines(this.filePath, lines);
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
