import { HEALTH_PING_JOB } from '@academy/service-core';

export const COMMERCE_QUEUE = 'commerce';
/** Earnings aggregation has its own queue, fed by the outbox (`purchase.paid`). */
export const EARNINGS_QUEUE = 'commerce-earnings';

/** Every job of the commerce queue; each has exactly one handler (checked when the worker starts). */
export const CommerceJob = {
  HealthPing: HEALTH_PING_JOB,
  VerifyPayment: 'verify-payment',
  ReconcilePurchases: 'reconcile-purchases',
} as const;

/** Jobs of the earnings queue (the outbox topic is the job name). */
export enum EarningsJob {
  PurchasePaid = 'purchase.paid',
}

/** Outbox topic → queue. */
export const commerceOutboxRoutes = { [EarningsJob.PurchasePaid]: EARNINGS_QUEUE };

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
