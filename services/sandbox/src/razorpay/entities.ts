import { randomInt } from 'node:crypto';

/** Razorpay answers `[]` rather than `{}` for empty notes (a PHP quirk); the SDK's users may meet either. */
export type Notes = Record<string, string | number> | [];

export type OrderStatus = 'created' | 'attempted' | 'paid';

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: OrderStatus;
  attempts: number;
  notes: Notes;
  created_at: number;
  /** Unix seconds after which the order takes no payment (`expire_by` when it was created), null: never. */
  expire_by: number | null;
  /** Not part of Razorpay's order entity: whether payments are captured at once (the default). */
  payment_capture?: boolean;
}

export type PaymentStatus = 'authorized' | 'captured' | 'refunded' | 'failed';

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: PaymentStatus;
  order_id: string;
  invoice_id: null;
  international: false;
  method: 'upi';
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: null;
  wallet: null;
  vpa: string;
  email: string;
  contact: string;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

export type RefundStatus = 'pending' | 'processed' | 'failed';

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
  batch_id: null;
  status: RefundStatus;
  speed_processed: 'normal';
  speed_requested: 'normal';
}

/** The `{error: {...}}` body of every Razorpay API failure. */
export interface RazorpayErrorBody {
  error: {
    code: 'BAD_REQUEST_ERROR' | 'SERVER_ERROR';
    description: string;
    field: string | null;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, string>;
  };
}

/** A failure with the HTTP status and body Razorpay would answer; the routers turn it into a response. */
export class RazorpayApiError extends Error {
  constructor(
    readonly httpStatus: 400 | 401 | 404 | 500,
    description: string,
    readonly details: { field?: string; reason?: string; source?: string; step?: string } = {},
  ) {
    super(description);
  }

  toBody(): RazorpayErrorBody {
    return {
      error: {
        code: this.httpStatus === 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
        description: this.message,
        field: this.details.field ?? null,
        source: this.details.source ?? (this.httpStatus === 401 || this.httpStatus === 404 ? 'NA' : 'business'),
        step: this.details.step ?? (this.httpStatus === 401 || this.httpStatus === 404 ? 'NA' : 'payment_initiation'),
        reason: this.details.reason ?? (this.httpStatus === 401 || this.httpStatus === 404 ? 'NA' : 'input_validation_failed'),
        metadata: {},
      },
    };
  }
}

export function unknownIdError(field = 'id'): RazorpayApiError {
  // The real API answers 400 (not 404) for an id it does not know.
  return new RazorpayApiError(400, 'The id provided does not exist', { field });
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay ids are a prefix and 14 alphanumeric characters, e.g. `order_NxV3b8L0mPqRsT`. */
export function newRazorpayId(prefix: 'order' | 'pay' | 'evt' | 'rfnd' | 'acc' | 'acc_prd' | 'trf'): string {
  let suffix = '';
  for (let index = 0; index < 14; index += 1) suffix += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `${prefix}_${suffix}`;
}

export function unixSeconds(date = new Date()): number {
  return Math.floor(date.getTime() / 1000);
}
