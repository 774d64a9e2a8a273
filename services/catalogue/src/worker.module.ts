import { CoreModule, QueueModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { catalogueDatabase } from './database/catalogue-database.js';
import { CatalogueDataModule } from './database/catalogue-data.module.js';
import { CatalogueEventsModule } from './events/index.js';
import { CATALOGUE_QUEUE, CatalogueJob, HealthJobHandler } from './health/catalogue-jobs.js';

/** The worker entry point: processes the catalogue queue (enrolment and rating events join it later). */
@Module({
  imports: [
    CoreModule.forRoot({ service: 'catalogue-worker', database: catalogueDatabase, http: false }),
    CatalogueDataModule,
    QueueModule.forWorker({ queue: CATALOGUE_QUEUE, jobNames: Object.values(CatalogueJob), handlers: [HealthJobHandler] }),
    CatalogueEventsModule,
  ],
})
export class WorkerModule {}
