import { Module } from '@nestjs/common';
import { CoreModule, QueueModule } from '@academy/service-core';
import { commerceDatabase } from './database.js';
import { COMMERCE_QUEUE, CommerceJob, commerceJobHandlers } from './queue/commerce-jobs.js';

/** Worker entry point's module: the commerce queue's processors, no HTTP. */
@Module({
  imports: [
    CoreModule.forRoot({ service: 'commerce-worker', http: false, database: commerceDatabase }),
    QueueModule.forWorker({ queue: COMMERCE_QUEUE, jobNames: Object.values(CommerceJob), handlers: commerceJobHandlers }),
  ],
})
export class WorkerModule {}
