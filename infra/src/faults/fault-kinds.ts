// The kinds of purchase flow the fault run drives, and the faults it counts (see fault-run.ts).

export type Variant =
  | 'verify'
  | 'double-verify'
  | 'forged-then-verify'
  | 'webhook-only'
  | 'duplicate-webhooks'
  | 'out-of-order-webhooks'
  | 'forged-webhook'
  | 'tampered-amount'
  | 'tampered-course'
  | 'failed-then-capture-webhooks-lost'
  | 'refund';

export const VARIANTS: Variant[] = [
  'verify',
  'double-verify',
  'forged-then-verify',
  'webhook-only',
  'duplicate-webhooks',
  'out-of-order-webhooks',
  'forged-webhook',
  'tampered-amount',
  'tampered-course',
  'failed-then-capture-webhooks-lost',
  'refund',
];

/** Fewer flows would leave a kind of flow out. */
export const MIN_FAULT_FLOWS = VARIANTS.length;

/** The kinds of fault counted in the report (process and store faults are listed by name). */
export const FAULT_KINDS = {
  duplicateVerify: 'duplicate verify calls',
  forgedVerify: 'forged verify signatures',
  duplicateWebhooks: 'duplicate webhooks',
  outOfOrderWebhooks: 'out-of-order webhooks',
  forgedWebhook: 'forged webhook signatures',
  tamperedAmount: 'tampered amount (cheaper payment for a dearer purchase)',
  tamperedCourse: 'tampered course (payment presented for another course)',
  tamperedWebhookAmount: 'webhook amount differing from the order',
  failedThenCaptureLost: 'failed attempt then capture, webhooks lost, no verify',
  refund: 'refunds',
} as const;

export interface FlowOutcome {
  userId: string;
  courseId: string;
  orderId?: string;
  purchaseId?: string;
  amountPaise?: number;
  captured: boolean;
  /** The learner asked for a refund and the bank processed it: the purchase must end refunded, not enrolled. */
  refunded?: boolean;
  /** A purchase of this flow that forged or tampered calls aimed at, never paid: it must stay unpaid and unenrolled. */
  tamperedPurchaseId?: string;
  /** An order whose webhooks the forged ones imitated: commerce must have recorded none of its events. */
  forgedWebhookOrderId?: string;
}

export interface CapturedPayment {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** A paid published course of the seed, with its price after discount and its counter before the run. */
export interface SeedCourse {
  id: string;
  amount_paise: number;
  student_count: number;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
