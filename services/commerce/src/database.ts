import { OutboxRecord } from '@academy/service-core';
import { CreatePurchasesAndOutbox1760000000000 } from './migrations/1760000000000-CreatePurchasesAndOutbox.js';
import { PaymentsEarningsAndWebhooks1760000000001 } from './migrations/1760000000001-PaymentsEarningsAndWebhooks.js';
import { PaymentAttempts1770100000000 } from './migrations/1770100000000-PaymentAttempts.js';
import { RefundsAndOnePaidPurchase1770100000001 } from './migrations/1770100000001-RefundsAndOnePaidPurchase.js';
import { Receipts1770200000000 } from './migrations/1770200000000-Receipts.js';
import { DeadLetters1770200000121 } from './migrations/1770200000121-DeadLetters.js';
import { PurchasePayer1770200014001 } from './migrations/1770200014001-PurchasePayer.js';
import { EducatorSalesIndex1770200020000 } from './migrations/1770200020000-EducatorSalesIndex.js';
import { PaiseAsBigint1770200030000 } from './migrations/1770200030000-PaiseAsBigint.js';
import { OutboxRequestId1770200040000 } from './migrations/1770200040000-OutboxRequestId.js';
import { PartialRefundsAndOrderExpiry1770300000000 } from './migrations/1770300000000-PartialRefundsAndOrderExpiry.js';
import { Coupons1770400000000 } from './migrations/1770400000000-Coupons.js';
import { PurchaseTraceParent1790040000000 } from './migrations/1790040000000-PurchaseTraceParent.js';
import { EarningsInIndianDays1790050000000 } from './migrations/1790050000000-EarningsInIndianDays.js';
import { Payouts1790050000001 } from './migrations/1790050000001-Payouts.js';
import { Purchase } from './purchases/purchase.entity.js';

export const commerceEntities = [Purchase, OutboxRecord];

/** The `commerce` schema: entities and migrations, in order. */
export const commerceDatabase = {
  schema: 'commerce',
  entities: commerceEntities,
  migrations: [CreatePurchasesAndOutbox1760000000000, PaymentsEarningsAndWebhooks1760000000001, PaymentAttempts1770100000000, RefundsAndOnePaidPurchase1770100000001, Receipts1770200000000, DeadLetters1770200000121, PurchasePayer1770200014001, EducatorSalesIndex1770200020000, PaiseAsBigint1770200030000, OutboxRequestId1770200040000, PartialRefundsAndOrderExpiry1770300000000, Coupons1770400000000, PurchaseTraceParent1790040000000, EarningsInIndianDays1790050000000, Payouts1790050000001],
};
