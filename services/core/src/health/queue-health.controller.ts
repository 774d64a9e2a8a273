import { InjectQueue } from '@nestjs/bullmq';
import { Controller, Get, OnModuleDestroy, ServiceUnavailableException, type Type } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { Public } from '../auth/decorators.js';
import { QueueRoundTrip } from '../queue/queue-round-trip.js';
import { HEALTH_PING_JOB, type HealthPingResult } from './health-ping.job.js';

const QUEUE_PING_TIMEOUT_MS = 5000;


/**
 * `GET /health/queue` for one queue: enqueues a health ping and waits (bounded) for a worker's answer, so the route
 * proves a worker really consumes the queue. 503 when none answers in time.
 */
export function createQueueHealthController(queueName: string, pingJobName: string = HEALTH_PING_JOB): Type<OnModuleDestroy> {
  @Controller('health/queue')
  class QueueHealthController implements OnModuleDestroy {
    private readonly roundTrip: QueueRoundTrip;

    constructor(@InjectQueue(queueName) queue: Queue) {
      this.roundTrip = new QueueRoundTrip(queue);
    }

    @Get()
    @Public()
    async check() {
      try {
        const { result, elapsedMs } = await this.roundTrip.ping<HealthPingResult>(pingJobName, { sentAt: Date.now() }, QUEUE_PING_TIMEOUT_MS);
        return { success: true, queue: queueName, status: 'up', worker: result.worker, elapsedMs };
      } catch (error) {
        throw new ServiceUnavailableException(
          `Queue "${queueName}" did not answer: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }

    async onModuleDestroy(): Promise<void> {
      await this.roundTrip.close();
    }
  }
  return QueueHealthController;
}
