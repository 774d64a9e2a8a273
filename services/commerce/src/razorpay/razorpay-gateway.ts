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

export interface GatewayTransfer {
  id: string;
  recipient: string;
  amount: number;
  notes: Record<string, string> | [];
  created_at: number;
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

  /**
   * Route onboarding of an educator: a linked account, its `route` product, then the bank account it settles to.
   * Returns the ids to keep. A second call for the same educator (an earlier attempt that stopped half-way) finds
   * the account by its reference id only through our own table, so callers store the ids as soon as they exist.
   */
  async createLinkedAccount(input: { email: string; name: string; referenceId: string }): Promise<{ accountId: string; productId: string }> {
    try {
      const account = await this.client.accounts.create({
        email: input.email,
        phone: '9000000000',
        type: 'route',
        reference_id: input.referenceId.slice(0, 20),
        legal_business_name: input.name,
        business_type: 'individual',
        contact_name: input.name,
        profile: { category: 'education', subcategory: 'coaching', addresses: { registered: { street1: 'On file', street2: 'On file', city: 'Bengaluru', state: 'KARNATAKA', postal_code: '560001', country: 'IN' } } },
      } as Parameters<Razorpay['accounts']['create']>[0]);
      const product = await this.client.products.requestProductConfiguration(account.id, { product_name: 'route', tnc_accepted: true });
      return { accountId: account.id, productId: product.id };
    } catch (error) {
      throw toGatewayError(error);
    }
  }

  /** Sets (or replaces) the bank account a linked account's Route settlements go to. */
  async setSettlementAccount(accountId: string, productId: string, bank: { accountNumber: string; ifsc: string; beneficiaryName: string }): Promise<void> {
    try {
      await this.client.products.edit(accountId, productId, {
        settlements: { account_number: bank.accountNumber, ifsc_code: bank.ifsc, beneficiary_name: bank.beneficiaryName },
        tnc_accepted: true,
      });
    } catch (error) {
      throw toGatewayError(error);
    }
  }

  async createTransfer(input: { account: string; amount: number; notes: Record<string, string> }): Promise<GatewayTransfer> {
    try {
      return (await this.client.transfers.create({ account: input.account, amount: input.amount, currency: 'INR', notes: input.notes })) as unknown as GatewayTransfer;
    } catch (error) {
      throw toGatewayError(error);
    }
  }

  /** The account's transfers, newest first, one page. */
  async listTransfers(skip: number, count: number): Promise<GatewayTransfer[]> {
    try {
      const page = (await this.client.transfers.all({ skip, count })) as unknown as { items: GatewayTransfer[] };
      return page.items;
    } catch (error) {
      throw toGatewayError(error);
    }
  }
}
