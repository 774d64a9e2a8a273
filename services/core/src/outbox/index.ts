export { OutboxModule, type OutboxModuleOptions, type OutboxRelayModuleOptions } from './outbox.module.js';
export { OutboxWriter, OutboxError, type OutboxMessage, type OutboxRoutes } from './outbox-writer.js';
export { OutboxRelay, type OutboxRelayOptions } from './outbox-relay.js';
export { OutboxRecord, addOutboxRequestIdSql, createOutboxTableSql, dropOutboxRequestIdSql, dropOutboxTableSql, outboxTable } from './outbox-table.js';
