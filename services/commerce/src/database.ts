import { OutboxRecord } from '@academy/service-core';
import { CreatePurchasesAndOutbox1760000000000 } from './migrations/1760000000000-CreatePurchasesAndOutbox.js';
import { PaymentsEarningsAndWebhooks1760000000001 } from './migrations/1760000000001-PaymentsEarningsAndWebhooks.js';
import { PaymentAttempts1770100000000 } from './migrations/1770100000000-PaymentAttempts.js';
import { RefundsAndOnePaidPurchase1770100000001 } from './migrations/1770100000001-RefundsAndOnePaidPurchase.js';
import { DeadLetters1770200000121 } from './migrations/1770200000121-DeadLetters.js';
import { Purchase } from './purchases/purchase.entity.js';

export const commerceEntities = [Purchase, OutboxRecord];

/** The `commerce` schema: entities and migrations, in order. */
export const commerceDatabase = {
  schema: 'commerce',
  entities: commerceEntities,
  migrations: [CreatePurchasesAndOutbox1760000000000, PaymentsEarningsAndWebhooks1760000000001, PaymentAttempts1770100000000, RefundsAndOnePaidPurchase1770100000001, DeadLetters1770200000121],
};
