import { REFUND_BLOCKED, REFUND_WINDOW_DAYS } from '@academy/contracts';

/**
 * Why a purchase cannot be refunded on request, or null when it can: paid, not free, within 7 days of paying and
 * no certificate of completion issued for the course.
 */
export function refundIneligibility(
  purchase: { status: string; amountPaise: number; paidAt: Date | null; certificateIssued?: boolean; refundedPaise?: number },
  now = new Date(),
): string | null {
  if (purchase.status === 'refunded') return REFUND_BLOCKED.refunded;
  if ((purchase.refundedPaise ?? 0) > 0) return REFUND_BLOCKED.partlyRefunded;
  if (purchase.status !== 'paid' || !purchase.paidAt) return REFUND_BLOCKED.notPaid;
  if (purchase.amountPaise === 0) return REFUND_BLOCKED.free;
  if (now.getTime() - purchase.paidAt.getTime() > REFUND_WINDOW_DAYS * 24 * 60 * 60_000) return REFUND_BLOCKED.window;
  if (purchase.certificateIssued) return REFUND_BLOCKED.certificate;
  return null;
}
