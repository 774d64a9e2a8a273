import { CoreModule, OutboxModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { catalogueDatabase } from './database.js';
import { catalogueOutbox } from './catalogue-outbox.js';
import { CatalogueDataModule } from './catalogue-data.module.js';
import { CatalogueEventsModule } from './events/index.js';

/**
 * The worker entry point: applies other services' events (enrolments, ratings, parent links) to the course counters
 * and the course access projection, and relays catalogue's own outbox (live_class.recorded to progress).
 */
@Module({
  imports: [
    CoreModule.forRoot({ service: 'catalogue-worker', database: catalogueDatabase, http: false }),
    CatalogueDataModule,
    CatalogueEventsModule,
    OutboxModule.forRelay(catalogueOutbox),
  ],
})
export class WorkerModule {}
