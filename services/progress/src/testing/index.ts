// Public test entry point (`@academy/progress/testing`): another service's integration tests run the real
// progress app (not a stand-in) through it.
export { AppModule as ProgressAppModule } from '../app.module.js';
export { progressDatabase } from '../database.js';
export { WorkerModule as ProgressWorkerModule } from '../worker.module.js';
export { NotificationDelivery } from '../notifications/notification-delivery.js';
export { GatewayModule as ProgressGatewayModule } from '../live/gateway.module.js';
export { RedisIoAdapter } from '../live/redis-io.adapter.js';
