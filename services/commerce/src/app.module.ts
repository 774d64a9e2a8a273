import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CoreModule, QueueModule } from '@academy/service-core';
import { commerceDatabase, commerceEntities } from './database.js';
import { EducatorSalesService } from './educator/educator-sales.service.js';
import { EducatorController } from './educator/educator.controller.js';
import { QueueHealthController } from './health/queue-health.controller.js';
import { COMMERCE_QUEUE } from './queue/commerce-jobs.js';

/** HTTP entry point's module: educator sales API, /health, /health/queue. Purchases come in their own issue. */
@Module({
  imports: [
    CoreModule.forRoot({ service: 'commerce', database: commerceDatabase }),
    TypeOrmModule.forFeature(commerceEntities),
    QueueModule.forProducer(COMMERCE_QUEUE),
  ],
  controllers: [EducatorController, QueueHealthController],
  providers: [EducatorSalesService],
})
export class AppModule {}
