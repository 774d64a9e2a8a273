import { createQueueHealthController } from '@academy/service-core';
import { COMMERCE_QUEUE } from '../queue/commerce-jobs.js';

/** `GET /health/queue`: proves a worker consumes the commerce queue. */
export const QueueHealthController = createQueueHealthController(COMMERCE_QUEUE);
