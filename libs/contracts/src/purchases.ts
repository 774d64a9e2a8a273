// The learner's own purchases (commerce): My Enrollments' refund column and the purchase history page.
import type { ReceiptRef } from './receipts.js';

/** Where a learner's purchase stands. */
export type LearnerPurchaseStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'refunded';

/** A refund of the purchase's payment: `pending` until Razorpay (webhook or reconciliation) says `processed`. */
export interface LearnerRefund {
  status: 'requested' | 'pending' | 'processed' | 'failed';
  amountPaise: number;
  requestedAt: string;
  processedAt: string | null;
}

/** GET /api/user/purchases: one row per purchase of the signed-in learner, newest first. */
export interface LearnerPurchase {
  purchaseId: string;
  courseId: string;
  courseTitle: string;
  amountPaise: number;
  /** Paise refunded so far: partial refunds (made by the academy) add up; `status` is `refunded` once it reaches `amountPaise`. */
  refundedPaise: number;
  status: LearnerPurchaseStatus;
  createdAt: string;
  paidAt: string | null;
  /** The learner's own refund request or a refund made by the academy; null when there is none. */
  refund: LearnerRefund | null;
  /** Whether "Request refund" may be offered now; when not, `refundBlockedReason` says why (paid purchases only). */
  refundable: boolean;
  refundBlockedReason: string | null;
  /** The payment's receipt and a credit note for each refund processed (of the amount that refund returned). */
  receipts: ReceiptRef[];
  /**
   * Who the course was for when the caller paid for someone else (a parent for a linked child); null for the
   * caller's own purchases. A child no longer linked is not named (`name` null) and their receipts are withheld.
   */
  learner: { id: string; name: string | null; linked: boolean } | null;
}

export interface LearnerPurchasesAnswer {
  success: true;
  purchases: LearnerPurchase[];
}

/** POST /api/user/purchases/:purchaseId/refund. */
export interface RefundRequestAnswer {
  success: true;
  message: string;
  refund: { status: LearnerRefund['status']; amountPaise: number };
}

/** Learners may ask for a refund within this many days of paying (the FAQ's promise). */
export const REFUND_WINDOW_DAYS = 7;

export const REFUND_BLOCKED = {
  refunded: 'This purchase was already refunded',
  notPaid: 'Only a paid purchase can be refunded',
  free: 'A free course has nothing to refund',
  window: `Refunds are possible within ${REFUND_WINDOW_DAYS} days of purchase`,
  certificate: 'A certificate was issued for this course',
  partlyRefunded: 'Part of this payment was already refunded: please contact us about the rest',
} as const;

