import { CATALOGUE_EVENTS_QUEUE } from '@academy/contracts';
import { createQueueHealthController } from '@academy/service-core';

/** `GET /health/queue`: proves a worker consumes the catalogue's events queue. */
export const QueueHealthController = createQueueHealthController(CATALOGUE_EVENTS_QUEUE);
