import { CreatePurchasesAndOutbox1760000000000 } from './migrations/1760000000000-CreatePurchasesAndOutbox.js';
import { OutboxEvent } from './outbox/outbox-event.entity.js';
import { Purchase } from './purchases/purchase.entity.js';

export const commerceEntities = [Purchase, OutboxEvent];

/** The `commerce` schema: entities and migrations, in order. */
export const commerceDatabase = {
  schema: 'commerce',
  entities: commerceEntities,
  migrations: [CreatePurchasesAndOutbox1760000000000],
};
