import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { EarningsService } from '../earnings/earnings.service.js';
import type { CommerceHarness } from './commerce-harness.js';

/** A paid purchase counted in the earnings ledger, as the worker's purchase.paid job counts it. Returns its id. */
export async function recordSale(h: CommerceHarness, sale: { educatorId: string; courseId: string; amountPaise: number; paidAt: string }): Promise<string> {
  const [purchase] = (await h.app.get(DataSource).query(
    `INSERT INTO commerce.purchases (user_id, course_id, educator_id, amount_paise, status, paid_at, razorpay_payment_id)
     VALUES ($1, $2, $3, $4, 'paid', $5, $6) RETURNING id`,
    [`buyer-${randomUUID()}`, sale.courseId, sale.educatorId, sale.amountPaise, sale.paidAt, `pay_${randomUUID().replace(/-/g, '')}`],
  )) as { id: string }[];
  const recorded = await h.app.get(EarningsService).record({ purchaseId: purchase!.id, ...sale });
  if (!recorded) throw new Error('the sale was counted already');
  return purchase!.id;
}

/** A processed refund taken off the ledger today, as the refunds service takes it off. */
export async function recordRefund(
  h: CommerceHarness,
  refund: { purchaseId: string; educatorId: string; courseId: string; amountPaise: number; endsEnrolment: boolean },
): Promise<void> {
  await h.app.get(DataSource).transaction(async (manager) => {
    const [row] = (await manager.query(
      `INSERT INTO commerce.refunds (id, purchase_id, razorpay_payment_id, amount_paise, reason, status, processed_at)
       VALUES ($1, $2, $3, $4, 'learner_request', 'processed', now()) RETURNING id`,
      [randomUUID(), refund.purchaseId, `pay_refund_${randomUUID().replace(/-/g, '')}`, refund.amountPaise],
    )) as { id: string }[];
    await h.app.get(EarningsService).reverse(manager, { refundId: row!.id, ...refund });
  });
}
