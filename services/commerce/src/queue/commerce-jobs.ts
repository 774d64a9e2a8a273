import { HEALTH_PING_JOB } from '@academy/service-core';

export const COMMERCE_QUEUE = 'commerce';
/** Earnings aggregation has its own queue, fed by the outbox (`purchase.paid`). */
export const EARNINGS_QUEUE = 'commerce-earnings';

/** Every job of the commerce queue; each has exactly one handler (checked when the worker starts). */
export const CommerceJob = {
  HealthPing: HEALTH_PING_JOB,
  VerifyPayment: 'verify-payment',
  ReconcilePurchases: 'reconcile-purchases',
  WeeklyPayouts: 'payouts.weekly',
  TransferPayout: 'payouts.transfer',
  PayoutAccountChanged: 'payout-account.changed',
} as const;

/** Payout jobs' names where other code refers to them (the outbox topic of a changed account). */
export const PayoutJob = {
  AccountChanged: CommerceJob.PayoutAccountChanged,
} as const;

/** Payload of `payout-account.changed` (outbox → commerce queue): the educator is mailed about it. */
export interface PayoutAccountChangedEvent {
  educatorId: string;
  email: string;
  name: string;
  beneficiaryName: string;
  accountNumberLast4: string;
  ifsc: string;
  /** true the first time an account is added. */
  added: boolean;
  changedAt: string;
}

/** Jobs of the earnings queue (the outbox topic is the job name). */
export enum EarningsJob {
  PurchasePaid = 'purchase.paid',
}

/** Outbox topic → queue. */
export const commerceOutboxRoutes = { [EarningsJob.PurchasePaid]: EARNINGS_QUEUE, [CommerceJob.PayoutAccountChanged]: COMMERCE_QUEUE };

/** Payload of the `purchase.paid` event (plus `eventId`, added by the relay). */
export interface PurchasePaidEvent {
  purchaseId: string;
  educatorId: string;
  courseId: string;
  amountPaise: number;
  paidAt: string;
}

/** BullMQ refuses ':' and plain integers in job ids; Razorpay order ids are `order_<alnum>`. */
export function verifyJobId(orderId: string, paymentId: string): string {
  const safe = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_');
  return `verify-${safe(orderId)}-${safe(paymentId)}`;
}
