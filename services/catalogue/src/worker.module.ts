import { CoreModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { catalogueDatabase } from './database.js';
import { CatalogueDataModule } from './catalogue-data.module.js';
import { CatalogueEventsModule } from './events/index.js';

/** The worker entry point: applies other services' events (enrolments, ratings) to the course counters. */
@Module({
  imports: [
    CoreModule.forRoot({ service: 'catalogue-worker', database: catalogueDatabase, http: false }),
    CatalogueDataModule,
    CatalogueEventsModule,
  ],
})
export class WorkerModule {}
