import { Module } from '@nestjs/common';
import { CatalogueClient, ProgressClient } from './clients/service-clients.js';
import { ReceiptsService } from './receipts/receipts.service.js';
import { EarningsService } from './earnings/earnings.service.js';
import { PaymentSettlementService } from './payments/payment-settlement.service.js';
import { RazorpayGateway } from './razorpay/razorpay-gateway.js';
import { RefundsService } from './refunds/refunds.service.js';
import { PayoutsService } from './payouts/payouts.service.js';
import { EarningsRepository } from './earnings/earnings.repository.js';
import { PayoutsRepository } from './payouts/payouts.repository.js';
import { PurchasesRepository } from './purchases/purchases.repository.js';
import { ReceiptsRepository } from './receipts/receipts.repository.js';
import { RefundsRepository } from './refunds/refunds.repository.js';

/** Where commerce's SQL lives: one repository per aggregate, over the DataSource (CoreModule's). */
const repositories = [PurchasesRepository, RefundsRepository, EarningsRepository, PayoutsRepository, ReceiptsRepository];

/**
 * What both entry points share: Razorpay, the internal clients, settlement and earnings, and the repositories. Needs CoreModule (global)
 * and an OutboxModule providing OutboxWriter in the importing module — so it takes the outbox module as a parameter.
 */
@Module({})
export class CommerceDomainModule {
  static with(outbox: import('@nestjs/common').DynamicModule) {
    const providers = [
      ...repositories,
      RazorpayGateway,
      CatalogueClient,
      ProgressClient,
      PaymentSettlementService,
      EarningsService,
      RefundsService,
      ReceiptsService,
      PayoutsService,
    ];
    return { module: CommerceDomainModule, imports: [outbox], providers, exports: [...providers, outbox] };
  }
}
