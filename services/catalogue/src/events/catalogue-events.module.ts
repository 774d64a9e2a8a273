import { CATALOGUE_EVENTS_QUEUE, CatalogueEvent } from '@academy/contracts';
import { HEALTH_PING_JOB, HealthPingJob, QueueModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { catalogueEventHandlers } from './catalogue-event-handlers.js';

/**
 * The catalogue worker's consumer of other services' events (queue `catalogue-events`, see
 * libs/contracts/src/events.ts): enrolments and ratings update the course counters the public API shows; it also
 * answers the shared health ping.
 */
@Module({
  imports: [
    QueueModule.forWorker({
      queue: CATALOGUE_EVENTS_QUEUE,
      jobNames: [...Object.values(CatalogueEvent), HEALTH_PING_JOB],
      handlers: [...catalogueEventHandlers, HealthPingJob],
      concurrency: 4,
    }),
  ],
})
export class CatalogueEventsModule {}
