import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';
import { VerificationQueue } from '../payments/verification-queue.js';
import { isValidWebhookSignature } from '../razorpay/signatures.js';

interface WebhookBody {
  event?: string;
  payload?: { payment?: { entity?: { id?: string; order_id?: string; error_description?: string } }; order?: { entity?: { id?: string } } };
}

/**
 * payment.captured / order.paid → the order's verification job (which asks Razorpay itself);
 * payment.failed → the pending purchase fails. Each event id is handled once: the id is recorded in the same
 * transaction that does the work, which commits only after the job is enqueued (a failure → 5xx → Razorpay retries).
 */
@Injectable()
export class RazorpayWebhookService {
  private readonly logger = new Logger(RazorpayWebhookService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly verification: VerificationQueue,
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
    const eventId = eventIdHeader?.trim() || `${event}-${payment?.id ?? orderId ?? 'unknown'}`;

    return this.dataSource.transaction(async (manager) => {
      const inserted: { event_id: string }[] = await manager.query(
        `INSERT INTO "commerce"."webhook_events" ("event_id", "event", "order_id") VALUES ($1, $2, $3)
         ON CONFLICT ("event_id") DO NOTHING RETURNING "event_id"`,
        [eventId.slice(0, 200), event, orderId ?? null],
      );
      if (inserted.length === 0) return 'Duplicate event ignored';
      if (!orderId || !payment?.id) return `Event ${event} ignored`;

      if (event === 'payment.captured' || event === 'order.paid' || event === 'payment.authorized') {
        await this.verification.enqueue({ orderId, paymentId: payment.id, source: 'webhook' });
        return 'Verification queued';
      }
      if (event === 'payment.failed') {
        await manager.query(
          `UPDATE "commerce"."purchases" SET "status" = 'failed', "failure_reason" = $2, "updated_at" = now()
            WHERE "razorpay_order_id" = $1 AND "status" = 'pending'`,
          [orderId, (payment.error_description ?? 'Payment failed').slice(0, 500)],
        );
        this.logger.log(`order ${orderId}: payment ${payment.id} failed`);
        return 'Payment failure recorded';
      }
      return `Event ${event} ignored`;
    });
  }
}
