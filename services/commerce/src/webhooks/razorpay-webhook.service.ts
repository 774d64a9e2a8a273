import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';
import { VerificationQueue } from '../payments/verification-queue.js';
import { PurchasesRepository } from '../purchases/purchases.repository.js';
import { isValidWebhookSignature } from '../razorpay/signatures.js';
import { RefundsService } from '../refunds/refunds.service.js';
import { WebhookEventsRepository, type WebhookEventKey } from './webhook-events.repository.js';

interface WebhookBody {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; status?: string; error_description?: string } };
    order?: { entity?: { id?: string; status?: string } };
    refund?: { entity?: { id?: string; payment_id?: string; amount?: number; status?: string } };
  };
}

/**
 * refund.processed / payment.refunded → the refund completes (purchase refunded, earnings reversed, access ends);
 * payment.captured / payment.authorized / order.paid → the order's verification job (which asks Razorpay itself,
 * and captures an authorized payment); payment.failed → the attempt is recorded and the purchase stays open for
 * another try on the same order. Each event is handled once, keyed on what the signature covers (event, entity
 * id, status), not on the unsigned `x-razorpay-event-id` header. The key is recorded only once the work is done (a
 * failure → 5xx → Razorpay retries): in the same transaction for database work; after the enqueue for verification,
 * which holds no pooled connection across the Redis round trips (at 50 payments in flight, webhooks holding one
 * each while enqueueing exhausted the pool: 503s). Two deliveries racing both enqueue, which joins one job per order.
 */
@Injectable()
export class RazorpayWebhookService {
  private readonly logger = new Logger(RazorpayWebhookService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: WebhookEventsRepository,
    private readonly purchases: PurchasesRepository,
    private readonly verification: VerificationQueue,
    private readonly refunds: RefundsService,
    @InjectCommerceConfig() private readonly config: CommerceConfig,
  ) {}

  async handle(rawBody: Buffer, signature: string, eventIdHeader: string | undefined): Promise<string> {
    if (!isValidWebhookSignature(rawBody, signature, this.config.RAZORPAY_WEBHOOK_SECRET)) {
      throw new BadRequestException('Invalid webhook signature');
    }
    let body: WebhookBody;
    try {
      body = JSON.parse(rawBody.toString('utf8')) as WebhookBody;
    } catch {
      throw new BadRequestException('Webhook body must be JSON');
    }
    const event = body.event ?? '';
    const payment = body.payload?.payment?.entity;
    const orderId = payment?.order_id ?? body.payload?.order?.entity?.id;
    const refund = body.payload?.refund?.entity;
    const entityId = refund?.id ?? payment?.id ?? orderId ?? 'unknown';
    const entityStatus = refund?.status ?? payment?.status ?? body.payload?.order?.entity?.status ?? '';
    const eventId = `${event}:${entityId}:${entityStatus}`;
    if (eventIdHeader) this.logger.debug(`webhook ${eventIdHeader.slice(0, 100)} → ${eventId}`);

    const key: WebhookEventKey = { eventId: eventId.slice(0, 200), event, orderId: orderId ?? null };
    const verifies = event === 'payment.captured' || event === 'order.paid' || event === 'payment.authorized';
    if (verifies && orderId && payment?.id) {
      if (await this.events.seen(key.eventId)) return 'Duplicate event ignored';
      await this.verification.enqueue({ orderId, paymentId: payment.id, source: 'webhook' });
      await this.events.record(key);
      return 'Verification queued';
    }

    return this.dataSource.transaction(async (manager) => {
      if (!(await this.events.record(key, manager))) return 'Duplicate event ignored';
      if ((event === 'refund.processed' || event === 'payment.refunded') && refund?.id && refund.payment_id && refund.status === 'processed') {
        await this.refunds.complete({ id: refund.id, payment_id: refund.payment_id, amount: Number(refund.amount ?? 0) });
        return 'Refund recorded';
      }
      if (!orderId || !payment?.id) return `Event ${event} ignored`;
      if (event === 'payment.failed') {
        await this.purchases.recordFailedAttempt(manager, payment.id, orderId, (payment.error_description ?? 'Payment failed').slice(0, 500));
        this.logger.log(`order ${orderId}: payment ${payment.id} failed, the purchase stays open`);
        return 'Payment failure recorded';
      }
      return `Event ${event} ignored`;
    });
  }
}
