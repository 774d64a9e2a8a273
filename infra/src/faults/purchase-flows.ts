import type { TestIssuer } from '@academy/service-core/testing';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { FAULT_KINDS, VARIANTS, sleep, type CapturedPayment, type FlowOutcome, type SeedCourse, type Variant } from './fault-kinds.js';
import { webhookBody, type ApiAnswer, type PortalCalls } from './portal-calls.js';

interface Purchase {
  orderId: string;
  amountPaise: number;
  purchaseId: string;
}

/**
 * One purchase flow per index, of the kind `VARIANTS[index % n]`: a learner buys, pays, and then verifies, lets the
 * webhooks do it, repeats or forges calls, tampers with a payment, or asks for a refund. What the portal answers
 * wrongly on the way is added to `problems`; what must hold afterwards is checked by the audit.
 */
export class PurchaseFlows {
  readonly problems: string[] = [];
  readonly faultCounts: Record<string, number> = Object.fromEntries(Object.values(FAULT_KINDS).map((kind) => [kind, 0]));
  /** Cheapest first: tampered amounts present a cheaper course's payment for a dearer one. */
  private readonly byPrice: SeedCourse[];

  constructor(
    private readonly calls: PortalCalls,
    private readonly issuer: TestIssuer,
    private readonly courses: SeedCourse[],
    private readonly client: pg.Client,
  ) {
    this.byPrice = [...courses].sort((a, b) => a.amount_paise - b.amount_paise);
  }

  private count(kind: string): void {
    this.faultCounts[kind] = (this.faultCounts[kind] ?? 0) + 1;
  }

  private expectRefused(what: string, status: number): void {
    if (status !== 400 && status !== 401) this.problems.push(`${what} answered ${status}, not 400/401`);
  }

  private expectAccepted(what: string, status: number): void {
    if (status !== 200) this.problems.push(`${what} answered ${status}, not 200`);
  }

  private expectNotVerified(what: string, answer: ApiAnswer): void {
    if (answer.status === 200 && answer.json.success === true) this.problems.push(`${what} was accepted`);
  }

  private async waitFor(what: string, ready: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!(await ready().catch(() => false))) {
      if (Date.now() > until) throw new Error(`${what}: not done after ${timeoutMs / 1000} s`);
      await sleep(500);
    }
  }

  private async buy(token: string, courseId: string): Promise<Purchase | undefined> {
    const created = await this.calls.api('POST', '/user/purchase', token, { courseId });
    const order = created.json.order as { id: string; amount: number } | undefined;
    if (created.status !== 200 || !order) return undefined;
    return { orderId: order.id, amountPaise: order.amount, purchaseId: created.json.purchaseId as string };
  }

  private verify(token: string, paid: CapturedPayment, purchase: Purchase): Promise<ApiAnswer> {
    return this.calls.api('POST', '/user/verifyRazorpay', token, { ...paid, purchaseId: purchase.purchaseId });
  }

  async flow(index: number): Promise<FlowOutcome> {
    const variant = VARIANTS[index % VARIANTS.length]!;
    // A tampered amount needs a course with a dearer one: the cheapest course pays.
    const course = variant === 'tampered-amount' ? this.byPrice[0]! : this.courses[index % this.courses.length]!;
    const userId = `faults|learner-${index}-${randomUUID().slice(0, 6)}`;
    const outcome: FlowOutcome = { userId, courseId: course.id, captured: false };
    const token = await this.issuer.sign({ sub: userId, name: `Learner ${index}`, email: `learner${index}@faults.test`, picture: '', roles: [] });
    const purchase = await this.buy(token, course.id);
    if (!purchase) return outcome;
    Object.assign(outcome, purchase);
    if (variant === 'failed-then-capture-webhooks-lost') await this.webhooksLost(purchase, outcome);
    else if (variant === 'out-of-order-webhooks') await this.outOfOrderWebhooks(token, purchase, outcome);
    else if (variant === 'forged-webhook') await this.forgedWebhooks(token, purchase, outcome);
    else await this.paid(variant, token, purchase, outcome, course);
    return outcome;
  }

  /** Every webhook of this order is lost and the client never calls verify: only reconciliation can complete it. */
  private async webhooksLost(purchase: Purchase, outcome: FlowOutcome): Promise<void> {
    await this.calls.loseWebhooksOf(purchase.orderId);
    await this.calls.failAttempt(purchase.orderId);
    await this.calls.pay(purchase.orderId);
    outcome.captured = true;
    this.count(FAULT_KINDS.failedThenCaptureLost);
  }

  /** Commerce hears only what the run sends, in a bad order: captured before verify, order.paid after, the earlier attempt's failure last. */
  private async outOfOrderWebhooks(token: string, purchase: Purchase, outcome: FlowOutcome): Promise<void> {
    const { orderId } = purchase;
    await this.calls.loseWebhooksOf(orderId);
    const failedId = await this.calls.failAttempt(orderId);
    const paid = await this.calls.pay(orderId);
    outcome.captured = true;
    const captured = { id: paid.razorpay_payment_id, orderId, amount: purchase.amountPaise, status: 'captured' };
    const capturedEvent = webhookBody('payment.captured', captured);
    this.expectAccepted('payment.captured before verify', await this.calls.postWebhook(capturedEvent, this.calls.sign(capturedEvent)));
    await this.verify(token, paid, purchase);
    const orderPaid = webhookBody('order.paid', captured);
    this.expectAccepted('order.paid after capture', await this.calls.postWebhook(orderPaid, this.calls.sign(orderPaid)));
    const lateFailure = webhookBody('payment.failed', { ...captured, id: failedId, status: 'failed' });
    this.expectAccepted('payment.failed after capture', await this.calls.postWebhook(lateFailure, this.calls.sign(lateFailure)));
    this.count(FAULT_KINDS.outOfOrderWebhooks);
  }

  /** Forged events for this order before it is paid: commerce must refuse them and record nothing of the order. */
  private async forgedWebhooks(token: string, purchase: Purchase, outcome: FlowOutcome): Promise<void> {
    const { orderId } = purchase;
    await this.calls.loseWebhooksOf(orderId);
    const claim = { id: `pay_Forged${randomUUID().replaceAll('-', '').slice(0, 8)}`, orderId, amount: purchase.amountPaise, status: 'captured' };
    const forged = webhookBody('payment.captured', claim);
    this.expectRefused('a webhook signed with another secret', await this.calls.postWebhook(forged, this.calls.sign(forged, 'not-the-webhook-secret')));
    const signed = webhookBody('order.paid', claim);
    const altered = signed.replace(`"amount":${purchase.amountPaise}`, `"amount":${purchase.amountPaise + 100}`);
    this.expectRefused('a webhook altered after signing', await this.calls.postWebhook(altered, this.calls.sign(signed)));
    this.expectRefused('a webhook with a malformed signature', await this.calls.postWebhook(forged, 'zz'.repeat(32)));
    this.count(FAULT_KINDS.forgedWebhook);
    outcome.forgedWebhookOrderId = orderId;
    const paid = await this.calls.pay(orderId);
    outcome.captured = true;
    await this.verify(token, paid, purchase);
  }

  /** Paid in the sandbox's Checkout, then verified once, twice, forged first, by webhooks only, refunded or tampered with. */
  private async paid(variant: Variant, token: string, purchase: Purchase, outcome: FlowOutcome, course: SeedCourse): Promise<void> {
    const paid = await this.calls.pay(purchase.orderId);
    outcome.captured = true;
    if (variant === 'forged-then-verify') {
      const forged = await this.calls.api('POST', '/user/verifyRazorpay', token, { ...paid, purchaseId: purchase.purchaseId, razorpay_signature: 'f'.repeat(64) });
      this.expectNotVerified(`a forged verify signature for ${purchase.orderId}`, forged);
      this.count(FAULT_KINDS.forgedVerify);
    }
    if (variant === 'double-verify') {
      await Promise.all([this.verify(token, paid, purchase), this.verify(token, paid, purchase)]);
      this.count(FAULT_KINDS.duplicateVerify);
    } else if (variant === 'duplicate-webhooks') {
      // The sandbox delivers its own payment.captured and order.paid; each arrives twice more, at once.
      const captured = { id: paid.razorpay_payment_id, orderId: purchase.orderId, amount: purchase.amountPaise, status: 'captured' };
      const events = [webhookBody('payment.captured', captured), webhookBody('order.paid', captured)];
      const statuses = await Promise.all([...events, ...events].map((event) => this.calls.postWebhook(event, this.calls.sign(event))));
      statuses.forEach((status) => this.expectAccepted('a duplicate webhook', status));
      this.count(FAULT_KINDS.duplicateWebhooks);
    } else if (variant !== 'webhook-only') {
      // webhook-only: the sandbox's webhooks (and reconciliation) must complete it.
      const verified = await this.verify(token, paid, purchase);
      if (variant === 'refund') await this.refund(token, outcome, verified.json.success === true);
    }
    if (variant === 'tampered-amount' || variant === 'tampered-course') await this.tamper(variant, token, outcome, course, paid);
  }

  /** The learner asks for a refund of a paid purchase and the bank processes it. */
  private async refund(token: string, outcome: FlowOutcome, verified: boolean): Promise<void> {
    const purchaseId = outcome.purchaseId!;
    const status = async () => ((await this.client.query(`SELECT status FROM commerce.purchases WHERE id = $1`, [purchaseId])).rows[0] as { status: string } | undefined)?.status;
    if (!verified) await this.waitFor(`purchase ${purchaseId} paid before its refund`, async () => (await status()) === 'paid');
    const asked = await this.calls.api('POST', `/user/purchases/${purchaseId}/refund`, token);
    if (asked.status !== 200 || asked.json.success !== true) {
      this.problems.push(`refund of ${purchaseId} answered ${asked.status}: ${String(asked.json.message)}`);
      return;
    }
    outcome.refunded = true;
    this.count(FAULT_KINDS.refund);
    // Razorpay's refund id is recorded once Razorpay answered (reconciliation asks again after an outage).
    let refundId: string | undefined;
    await this.waitFor(`refund of ${purchaseId} sent to Razorpay`, async () => {
      refundId = (await this.client.query(`SELECT razorpay_refund_id FROM commerce.refunds WHERE purchase_id = $1`, [purchaseId])).rows[0]?.razorpay_refund_id as string | undefined;
      return Boolean(refundId);
    });
    await this.calls.sandbox(`sandbox/process-refund/${refundId}`, {});
  }

  /**
   * The learner's paid payment (a cheaper course's, or another course's) presented for a second purchase: as it
   * is, re-signed for the other order with the real key secret, and as a validly signed webhook naming the other
   * order with the cheaper amount. The second purchase must stay unpaid and unenrolled.
   */
  private async tamper(variant: 'tampered-amount' | 'tampered-course', token: string, outcome: FlowOutcome, course: SeedCourse, paid: CapturedPayment): Promise<void> {
    const target = variant === 'tampered-amount' ? this.byPrice.find((other) => other.amount_paise > course.amount_paise) : this.courses.find((other) => other.id !== course.id);
    if (!target) {
      this.problems.push(`${variant}: the catalogue seed has no ${variant === 'tampered-amount' ? 'dearer' : 'other'} paid course`);
      return;
    }
    const other = await this.buy(token, target.id);
    if (!other) {
      this.problems.push(`${variant}: no order for the second course`);
      return;
    }
    outcome.tamperedPurchaseId = other.purchaseId;
    this.expectNotVerified(`${variant}: a payment presented for another purchase`, await this.verify(token, paid, other));
    const resigned = {
      razorpay_order_id: other.orderId,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: this.calls.checkoutSignature(other.orderId, paid.razorpay_payment_id),
      purchaseId: other.purchaseId,
    };
    this.expectNotVerified(`${variant}: a payment re-signed for another order`, await this.calls.api('POST', '/user/verifyRazorpay', token, resigned));
    const event = webhookBody('payment.captured', { id: paid.razorpay_payment_id, orderId: other.orderId, amount: outcome.amountPaise!, status: 'captured' });
    // Validly signed, so it is accepted; the verification it starts must find the payment is not for that order.
    this.expectAccepted(`${variant}: a webhook naming another order`, await this.calls.postWebhook(event, this.calls.sign(event)));
    this.count(variant === 'tampered-amount' ? FAULT_KINDS.tamperedAmount : FAULT_KINDS.tamperedCourse);
    if (target.amount_paise !== course.amount_paise) this.count(FAULT_KINDS.tamperedWebhookAmount);
  }
}
