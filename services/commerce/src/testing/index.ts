// Public test entry point (`@academy/commerce/testing`): other services' integration tests run the real commerce
// app (not a stand-in) through it, and feed its ledger through the same service a paid purchase uses.
export { AppModule as CommerceAppModule } from '../app.module.js';
export { commerceDatabase } from '../database.js';
export { EarningsService } from '../earnings/earnings.service.js';
