import { createHmac } from 'node:crypto';
import type { RazorpaySandboxOptions } from '../config.js';
import {
  newRazorpayId,
  RazorpayApiError,
  unixSeconds,
  unknownIdError,
  type Notes,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayRefund,
} from './entities.js';
import type { PaymentStore } from './payment-store.js';
import type { WebhookDispatcher } from './webhook-dispatcher.js';

const SUPPORTED_CURRENCIES = new Set(['INR', 'USD', 'EUR', 'GBP', 'SGD', 'AED', 'AUD', 'CAD']);
/** Fields the real Orders API accepts; anything else is refused, as Razorpay does, so typos surface here. */
const REFUND_FIELDS = new Set(['amount', 'speed', 'notes', 'receipt']);
const ORDER_FIELDS = new Set(['amount', 'currency', 'receipt', 'notes', 'partial_payment', 'first_payment_min_amount', 'payment_capture', 'expire_by']);
const MAX_RECEIPT_LENGTH = 40;
const MAX_NOTES = 15;
const MAX_NOTE_LENGTH = 256;
/** Razorpay's standard rate: 2% of the amount plus 18% GST on that fee. */
const FEE_RATE = 0.02;
const GST_RATE = 0.18;

/** Razorpay's test UPI handles: the sandbox "pays" with one and "fails" with the other. */
const SUCCESS_VPA = 'success@razorpay';
const FAILURE_VPA = 'failure@razorpay';

export interface CheckoutCustomer {
  email?: string;
  contact?: string;
  description?: string;
}

export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** What Checkout passes to `payment.failed` handlers. */
export interface CheckoutFailure {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { order_id: string; payment_id: string };
  };
}

/** HMAC-SHA256(key_secret, `order_id|payment_id`) in hex: what Checkout hands to the merchant to verify. */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

function readAmount(value: unknown, field: string): number {
  if (value === undefined || value === null || value === '') {
    throw new RazorpayApiError(400, `The ${field} field is required.`, { field });
  }
  // Like the real API, an integer written as a string is accepted.
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    throw new RazorpayApiError(400, `The ${field} must be an integer.`, { field });
  }
  return amount;
}

function readNotes(value: unknown): Notes {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value) && value.length === 0) return [];
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new RazorpayApiError(400, 'The notes field must be an object.', { field: 'notes' });
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_NOTES) {
    throw new RazorpayApiError(400, `Number of notes fields should not exceed ${MAX_NOTES}.`, { field: 'notes' });
  }
  const notes: Record<string, string | number> = {};
  for (const [key, note] of entries) {
    if (typeof note !== 'string' && typeof note !== 'number') {
      throw new RazorpayApiError(400, `The notes.${key} must be a string or a number.`, { field: `notes.${key}` });
    }
    if (String(note).length > MAX_NOTE_LENGTH) {
      throw new RazorpayApiError(400, `The notes.${key} may not be greater than ${MAX_NOTE_LENGTH} characters.`, { field: `notes.${key}` });
    }
    notes[key] = note;
  }
  return entries.length === 0 ? [] : notes;
}

function readPaymentCapture(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  throw new RazorpayApiError(400, 'The payment capture field is invalid.', { field: 'payment_capture' });
}

function razorpayFee(amount: number): { fee: number; tax: number } {
  const feeBeforeTax = Math.round(amount * FEE_RATE);
  const tax = Math.round(feeBeforeTax * GST_RATE);
  return { fee: feeBeforeTax + tax, tax };
}

function trimmed(value: string | undefined, maxLength: number): string | undefined {
  const text = value?.trim();
  return text ? text.slice(0, maxLength) : undefined;
}

/** The Razorpay account's books: orders, the payments made against them, and the events that follow. */
export class PaymentLedger {
  constructor(
    private readonly options: RazorpaySandboxOptions,
    private readonly store: PaymentStore,
    private readonly webhooks: WebhookDispatcher,
    /** Told of each refund made, to settle it by itself after a while (RefundSettler). */
    private readonly onRefundMade: (refund: RazorpayRefund) => void = () => undefined,
  ) {}

  async createOrder(body: unknown): Promise<RazorpayOrder> {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const unknownFields = Object.keys(input).filter((field) => !ORDER_FIELDS.has(field));
    if (unknownFields.length > 0) {
      throw new RazorpayApiError(400, `${unknownFields.join(', ')} is/are not required and should not be sent`, {
        field: unknownFields[0],
      });
    }
    const amount = readAmount(input.amount, 'amount');
    const currency = input.currency === undefined ? 'INR' : input.currency;
    if (typeof currency !== 'string' || !SUPPORTED_CURRENCIES.has(currency)) {
      throw new RazorpayApiError(400, 'The selected currency is invalid.', { field: 'currency' });
    }
    if (amount < 100) {
      throw new RazorpayApiError(400, `The amount must be atleast ${currency} 1.00`, { field: 'amount' });
    }
    const receipt = input.receipt === undefined || input.receipt === null ? null : input.receipt;
    if (receipt !== null && typeof receipt !== 'string') {
      throw new RazorpayApiError(400, 'The receipt must be a string.', { field: 'receipt' });
    }
    if (receipt !== null && receipt.length > MAX_RECEIPT_LENGTH) {
      throw new RazorpayApiError(400, `The receipt may not be greater than ${MAX_RECEIPT_LENGTH} characters.`, { field: 'receipt' });
    }
    const expireBy = input.expire_by === undefined || input.expire_by === null ? null : Number(input.expire_by);
    if (expireBy !== null && (!Number.isInteger(expireBy) || expireBy <= unixSeconds())) {
      throw new RazorpayApiError(400, 'expire_by must be a unix timestamp (seconds) in the future', { field: 'expire_by' });
    }
    const order: RazorpayOrder = {
      id: newRazorpayId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: readNotes(input.notes),
      created_at: unixSeconds(),
      expire_by: expireBy,
      payment_capture: readPaymentCapture(input.payment_capture),
    };
    await this.store.saveOrder(order);
    return order;
  }

  requireOrder(orderId: string): RazorpayOrder {
    const order = this.store.findOrder(orderId);
    if (!order) throw unknownIdError();
    return order;
  }

  requirePayment(paymentId: string): RazorpayPayment {
    const payment = this.store.findPayment(paymentId);
    if (!payment) throw unknownIdError();
    return payment;
  }

  /** The Pay button: a successful payment for the whole order, captured at once unless the order says otherwise. */
  async payOrder(keyId: string, orderId: string, customer: CheckoutCustomer): Promise<CheckoutSuccess> {
    const order = this.openOrderForCheckout(keyId, orderId);
    const payment = this.newPayment(order, customer, SUCCESS_VPA);
    order.attempts += 1;
    order.status = 'attempted';
    payment.status = 'authorized';
    payment.acquirer_data = { rrn: String(Date.now()).slice(-12), upi_transaction_id: null };
    const capturesAtOnce = order.payment_capture !== false;
    if (capturesAtOnce) this.markCaptured(payment, order);
    await Promise.all([this.store.savePayment(payment), this.store.saveOrder(order)]);

    if (capturesAtOnce) {
      await this.webhooks.publish('payment.captured', payment, order);
      await this.webhooks.publish('order.paid', payment, order);
    } else {
      await this.webhooks.publish('payment.authorized', payment, order);
    }
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: paymentSignature(order.id, payment.id, this.options.keySecret),
    };
  }

  /**
   * Test-only: one more captured payment on an order whatever its state (paid already, expired): what Razorpay does
   * when two payment attempts of one order both complete (two tabs, a UPI collect request and a card at once), or
   * when a bank confirms a payment begun before the order expired. Sends payment.captured as Razorpay does.
   */
  async extraCapturedPayment(orderId: string): Promise<RazorpayPayment> {
    const order = this.requireOrder(orderId);
    const payment = this.newPayment(order, { email: 'learner@sandbox.test' }, SUCCESS_VPA);
    order.attempts += 1;
    payment.status = 'authorized';
    this.markCaptured(payment, order);
    await Promise.all([this.store.savePayment(payment), this.store.saveOrder(order)]);
    await this.webhooks.publish('payment.captured', payment, order);
    return payment;
  }

  /** The Fail button: a failed payment attempt; the order stays open for another try, as with Razorpay. */
  async failOrder(keyId: string, orderId: string, customer: CheckoutCustomer): Promise<CheckoutFailure> {
    const order = this.openOrderForCheckout(keyId, orderId);
    const payment = this.newPayment(order, customer, FAILURE_VPA);
    const failure = {
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed because the payer chose Fail in the sandbox checkout.',
      source: 'customer',
      step: 'payment_authentication',
      reason: 'payment_failed',
    };
    Object.assign(payment, {
      status: 'failed',
      error_code: failure.code,
      error_description: failure.description,
      error_source: failure.source,
      error_step: failure.step,
      error_reason: failure.reason,
    } satisfies Partial<RazorpayPayment>);
    order.attempts += 1;
    order.status = 'attempted';
    await Promise.all([this.store.savePayment(payment), this.store.saveOrder(order)]);
    await this.webhooks.publish('payment.failed', payment, order);
    return { error: { ...failure, metadata: { order_id: order.id, payment_id: payment.id } } };
  }

  /** POST /payments/:id/capture: only for payments left authorized by an order with `payment_capture: false`. */
  async capturePayment(paymentId: string, body: unknown): Promise<RazorpayPayment> {
    const payment = this.requirePayment(paymentId);
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const amount = readAmount(input.amount, 'amount');
    if (input.currency !== undefined && input.currency !== payment.currency) {
      throw new RazorpayApiError(400, 'The currency should be the same as the payment currency.', { field: 'currency' });
    }
    if (payment.status === 'captured') {
      throw new RazorpayApiError(400, 'This payment has already been captured', { reason: 'payment_already_captured' });
    }
    if (payment.status !== 'authorized') {
      throw new RazorpayApiError(400, 'Only payments which have been authorized and not yet captured can be captured', {
        reason: 'payment_not_authorized',
      });
    }
    if (amount !== payment.amount) {
      throw new RazorpayApiError(400, 'Capture amount must be equal to the amount authorized', { field: 'amount' });
    }
    const order = this.requireOrder(payment.order_id);
    this.markCaptured(payment, order);
    await Promise.all([this.store.savePayment(payment), this.store.saveOrder(order)]);
    await this.webhooks.publish('payment.captured', payment, order);
    await this.webhooks.publish('order.paid', payment, order);
    return payment;
  }

  /**
   * POST /payments/:id/refund (and a refund made in the dashboard): a captured payment, the rest of its amount
   * unless `amount` says less. The same X-Refund-Idempotency key for the same payment answers the same refund.
   * The refund starts `pending`; `processRefund` (the bank's answer) makes it `processed`: the RefundSettler calls it
   * `refundSettleMs` later, or a test through the test-only route.
   */
  async refundPayment(paymentId: string, body: unknown, idempotencyKey?: string): Promise<RazorpayRefund> {
    const payment = this.requirePayment(paymentId);
    const key = idempotencyKey?.trim() || undefined;
    if (key) {
      const earlier = this.store.refundForKey(paymentId, key);
      if (earlier) return earlier;
    }
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const unknownFields = Object.keys(input).filter((field) => !REFUND_FIELDS.has(field));
    if (unknownFields.length > 0) {
      throw new RazorpayApiError(400, `${unknownFields.join(', ')} is/are not required and should not be sent`, { field: unknownFields[0] });
    }
    if (payment.status !== 'captured' && payment.status !== 'refunded') {
      throw new RazorpayApiError(400, 'The payment has not been captured yet and cannot be refunded.', { reason: 'payment_not_captured' });
    }
    const remaining = payment.amount - payment.amount_refunded;
    if (remaining <= 0) {
      throw new RazorpayApiError(400, 'The payment has been fully refunded already', { reason: 'payment_fully_refunded' });
    }
    const amount = input.amount === undefined ? remaining : readAmount(input.amount, 'amount');
    if (amount < 100) throw new RazorpayApiError(400, 'The refund amount must be atleast INR 1.00', { field: 'amount' });
    if (amount > remaining) {
      throw new RazorpayApiError(400, 'The refund amount provided is greater than amount captured', { field: 'amount' });
    }
    const receipt = typeof input.receipt === 'string' ? input.receipt.slice(0, MAX_RECEIPT_LENGTH) : null;
    const refund: RazorpayRefund = {
      id: newRazorpayId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: readNotes(input.notes),
      receipt,
      acquirer_data: { arn: null },
      created_at: unixSeconds(),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded >= payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    const order = this.requireOrder(payment.order_id);
    await Promise.all([this.store.saveRefund(refund, key), this.store.savePayment(payment)]);
    await this.webhooks.publish('refund.created', payment, order, refund);
    this.onRefundMade(refund);
    return refund;
  }

  requireRefund(refundId: string): RazorpayRefund {
    const refund = this.store.findRefund(refundId);
    if (!refund) throw unknownIdError();
    return refund;
  }

  /**
   * The bank confirms a pending refund (refund.processed, and payment.refunded once fully refunded): by itself through
   * the RefundSettler, or when a test asks (test-only route). Once only: the status changes before the first await,
   * so a second call, at the same moment or later, finds it processed and sends nothing.
   */
  async processRefund(refundId: string): Promise<RazorpayRefund> {
    const refund = this.requireRefund(refundId);
    if (refund.status === 'processed') return refund;
    refund.status = 'processed';
    refund.acquirer_data = { arn: String(Date.now()).slice(-12) };
    const payment = this.requirePayment(refund.payment_id);
    const order = this.requireOrder(payment.order_id);
    await this.store.saveRefund(refund);
    await this.webhooks.publish('refund.processed', payment, order, refund);
    if (payment.status === 'refunded') await this.webhooks.publish('payment.refunded', payment, order, refund);
    return refund;
  }

  private openOrderForCheckout(keyId: string, orderId: string): RazorpayOrder {
    if (keyId !== this.options.keyId) {
      throw new RazorpayApiError(401, 'Authentication failed: the key in the checkout options is not this account\'s key id.', {
        field: 'key',
      });
    }
    if (!orderId) throw new RazorpayApiError(400, 'The order_id field is required.', { field: 'order_id' });
    const order = this.requireOrder(orderId);
    if (order.status === 'paid') {
      throw new RazorpayApiError(400, 'This order has already been paid.', { field: 'order_id', reason: 'order_already_paid' });
    }
    if (order.expire_by !== null && order.expire_by !== undefined && unixSeconds() > order.expire_by) {
      throw new RazorpayApiError(400, 'This order has expired and takes no more payments.', { field: 'order_id', reason: 'order_expired' });
    }
    if (this.store.paymentsOfOrder(order.id).some((payment) => payment.status === 'authorized')) {
      throw new RazorpayApiError(400, 'A payment for this order is authorized and waiting to be captured.', {
        field: 'order_id',
        reason: 'payment_pending_capture',
      });
    }
    return order;
  }

  private newPayment(order: RazorpayOrder, customer: CheckoutCustomer, vpa: string): RazorpayPayment {
    return {
      id: newRazorpayId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'failed',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: 'upi',
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: trimmed(customer.description, 255) ?? null,
      card_id: null,
      bank: null,
      wallet: null,
      vpa,
      email: trimmed(customer.email, 254) ?? 'void@razorpay.com',
      contact: trimmed(customer.contact, 20) ?? '+919000090000',
      notes: [],
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      acquirer_data: {},
      created_at: unixSeconds(),
    };
  }

  private markCaptured(payment: RazorpayPayment, order: RazorpayOrder): void {
    Object.assign(payment, { status: 'captured', captured: true, ...razorpayFee(payment.amount) });
    Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
  }
}
