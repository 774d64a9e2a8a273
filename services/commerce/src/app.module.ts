import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CoreModule, OutboxModule, QueueModule } from '@academy/service-core';
import { CouponPriceController, EducatorCouponsController } from './coupons/coupons.controller.js';
import { CouponsRepository } from './coupons/coupons.repository.js';
import { CouponsService } from './coupons/coupons.service.js';
import { CommerceDomainModule } from './commerce-domain.module.js';
import { commerceConfigShape } from './config/commerce-config.js';
import { commerceDatabase, commerceEntities } from './database.js';
import { EducatorSalesService } from './educator/educator-sales.service.js';
import { EducatorController } from './educator/educator.controller.js';
import { QueueHealthController } from './health/queue-health.controller.js';
import { VerificationQueue } from './payments/verification-queue.js';
import { PurchasesController } from './purchases/purchases.controller.js';
import { PaymentsRateLimitGuard } from './purchases/payments-rate-limit.guard.js';
import { PurchasesService } from './purchases/purchases.service.js';
import { COMMERCE_QUEUE, commerceOutboxRoutes } from './queue/commerce-jobs.js';
import { RazorpayWebhookController } from './webhooks/razorpay-webhook.controller.js';
import { RazorpayWebhookService } from './webhooks/razorpay-webhook.service.js';
import { WebhookEventsRepository } from './webhooks/webhook-events.repository.js';
import { ReceiptsController } from './receipts/receipts.controller.js';
import { RefundsController } from './refunds/refunds.controller.js';
import { PayoutsController } from './payouts/payouts.controller.js';

/** HTTP entry point's module: purchase, verify, webhook, educator sales and earnings, /health, /health/queue. */
@Module({
  imports: [
    CoreModule.forRoot({ service: 'commerce', database: commerceDatabase, configShape: commerceConfigShape }),
    TypeOrmModule.forFeature(commerceEntities),
    QueueModule.forProducer(COMMERCE_QUEUE),
    CommerceDomainModule.with(OutboxModule.forRoot({ schema: 'commerce', routes: commerceOutboxRoutes })),
  ],
  controllers: [PurchasesController, RazorpayWebhookController, EducatorController, QueueHealthController, RefundsController, ReceiptsController, EducatorCouponsController, CouponPriceController, PayoutsController],
  providers: [
    EducatorSalesService,
    PurchasesService,
    CouponsService,
    CouponsRepository,
    PaymentsRateLimitGuard,
    VerificationQueue,
    RazorpayWebhookService,
    WebhookEventsRepository,
  ],
})
export class AppModule {}
