import { Injectable } from '@nestjs/common';
import Razorpay from 'razorpay';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';

export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
}

export interface GatewayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  /** created | authorized | captured | refunded | failed */
  status: string;
  error_description?: string | null;
  /** Unix seconds: when the payment was made (Razorpay sends it; older stand-ins may not). */
  created_at?: number;
}

export interface GatewayRefund {
  id: string;
  payment_id: string;
  amount: number;
  currency: string;
  /** pending | processed | failed */
  status: string;
}

/** A Razorpay API answer with an HTTP status (the SDK's normalised error). */
export class GatewayError extends Error {
  override name = 'GatewayError';
  constructor(
    message: string,
    readonly statusCode: number | undefined,
  ) {
    super(message);
  }

  /** 4xx: Razorpay understood and refused (unknown id...). Anything else may be transient. */
  get isPermanent(): boolean {
    return this.statusCode !== undefined && this.statusCode >= 400 && this.statusCode < 500;
  }
}

function toGatewayError(error: unknown): GatewayError {
  const sdk = error as { statusCode?: number; error?: { description?: string } } | undefined;
  const description = sdk?.error?.description ?? (error instanceof Error ? error.message : 'Razorpay did not answer');
  return new GatewayError(`Razorpay: ${description}`, sdk?.statusCode);
}

/**
 * The `razorpay` SDK, unchanged. The one place it is pointed at the sandbox: RAZORPAY_API_URL becomes the base
 * URL of its axios client (`rzp.api.rq`), to which the SDK appends `/v1/...`. Unset in production.
 */
@Injectable()
export class RazorpayGateway {
  private readonly client: Razorpay;

  constructor(@InjectCommerceConfig() config: CommerceConfig) {
    this.client = new Razorpay({ key_id: config.RAZORPAY_KEY_ID, key_secret: config.RAZORPAY_KEY_SECRET });
    if (config.RAZORPAY_API_URL) {
      (this.client.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } }).rq.defaults.baseURL =
        config.RAZORPAY_API_URL;
    }
    (this.client.api as unknown as { rq: { defaults: { timeout?: number } } }).rq.defaults.timeout = 10_000;
  }

  async createOrder(input: {
    amount: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
    payment_capture: boolean;
    /** Unix seconds after which the order takes no payment. */
    expire_by: number;
  }): Promise<GatewayOrder> {
    try {
      return (await this.client.orders.create(input as Parameters<Razorpay['orders']['create']>[0])) as unknown as GatewayOrder;
    } catch (error) {
      throw toGatewayError(error);
    }
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    try {
      return (await this.client.payments.fetch(paymentId)) as unknown as GatewayPayment;
    } catch (error) {
      throw toGatewayError(error);
    }
  }

  async fetchOrderPayments(orderId: string): Promise<GatewayPayment[]> {
    try {
      const answer = (await this.client.orders.fetchPayments(orderId)) as unknown as { items: GatewayPayment[] };
      return answer.items;
    } catch (error) {
      throw toGatewayError(error);
    }
  }

  /**
   * Captures an authorized payment. Idempotent: a payment someone already captured (us, a parallel job, the
   * order's automatic capture) is fetched and returned as it is.
   */
  async capturePayment(paymentId: string, amount: number, currency: string): Promise<GatewayPayment> {
    try {
      return (await this.client.payments.capture(paymentId, amount, currency)) as unknown as GatewayPayment;
    } catch (error) {
      const payment = await this.fetchPayment(paymentId);
      if (payment.status === 'captured') return payment;
      throw toGatewayError(error);
    }
  }

  /**
   * Refunds a payment in full. The SDK's `payments.refund` cannot send headers, so this goes through the SDK's own
   * request client (same auth and base URL) to add `X-Refund-Idempotency`: the same key never refunds twice.
   */
  async refundPayment(paymentId: string, amount: number, idempotencyKey: string, notes: Record<string, string>): Promise<GatewayRefund> {
    const rq = (this.client.api as unknown as { rq: { post: (url: string, data: unknown, config: unknown) => Promise<{ data: unknown }> } }).rq;
    try {
      const response = await rq.post(`/v1/payments/${encodeURIComponent(paymentId)}/refund`, { amount, notes }, {
        headers: { 'X-Refund-Idempotency': idempotencyKey },
      });
      return response.data as GatewayRefund;
    } catch (error) {
      const axios = error as { response?: { status?: number; data?: { error?: { description?: string } } }; message?: string };
      throw new GatewayError(
        `Razorpay: ${axios.response?.data?.error?.description ?? axios.message ?? 'did not answer'}`,
        axios.response?.status,
      );
    }
  }

  async fetchRefund(refundId: string): Promise<GatewayRefund> {
    try {
      return (await this.client.refunds.fetch(refundId)) as unknown as GatewayRefund;
    } catch (error) {
      throw toGatewayError(error);
    }
  }

  /** Every refund of the account created since `fromUnix` (seconds), newest first, one page (`refunds.all`). */
  async listRefunds(fromUnix: number, skip: number, count: number): Promise<GatewayRefund[]> {
    try {
      const page = await this.client.refunds.all({ from: fromUnix, skip, count });
      return page.items as unknown as GatewayRefund[];
    } catch (error) {
      throw toGatewayError(error);
    }
  }
}
