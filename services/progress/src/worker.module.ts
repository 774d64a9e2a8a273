import { Module } from '@nestjs/common';
import { CoreModule, OutboxModule, QueueModule } from '@academy/service-core';
import { progressDatabase } from './database.js';
import { progressOutbox } from './outbox.js';
import { PROGRESS_QUEUE, progressJobHandlers, progressJobNames } from './queue/progress-jobs.js';

/** Worker entry point's module: the progress queue's processors, no HTTP. */
@Module({
  imports: [
    CoreModule.forRoot({ service: 'progress-worker', http: false, database: progressDatabase }),
    QueueModule.forWorker({ queue: PROGRESS_QUEUE, jobNames: progressJobNames, handlers: progressJobHandlers }),
    // Moves progress.outbox rows (course.enrolled, course.rated) to catalogue's event queue.
    OutboxModule.forRelay(progressOutbox),
  ],
})
export class WorkerModule {}
