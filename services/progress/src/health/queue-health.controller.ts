import { createQueueHealthController } from '@academy/service-core';
import { PROGRESS_QUEUE } from '../queue/progress-jobs.js';

/** `GET /health/queue`: proves a worker consumes the progress queue. */
export const QueueHealthController = createQueueHealthController(PROGRESS_QUEUE);
