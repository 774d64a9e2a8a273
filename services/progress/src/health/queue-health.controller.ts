import { InjectQueue } from '@nestjs/bullmq';
import { Controller, Get, OnModuleDestroy, ServiceUnavailableException } from '@nestjs/common';
import { Public, QueueRoundTrip } from '@academy/service-core';
import { Queue } from 'bullmq';
import { PROGRESS_QUEUE, ProgressJob, type HealthPingResult } from '../queue/progress-jobs.js';

const QUEUE_PING_TIMEOUT_MS = 5000;

@Controller('health/queue')
export class QueueHealthController implements OnModuleDestroy {
  private readonly roundTrip: QueueRoundTrip;

  constructor(@InjectQueue(PROGRESS_QUEUE) queue: Queue) {
    this.roundTrip = new QueueRoundTrip(queue);
  }

  /** Enqueues a ping and waits (bounded) for a worker's answer. */
  @Get()
  @Public()
  async check() {
    try {
      const { result, elapsedMs } = await this.roundTrip.ping<HealthPingResult>(
        ProgressJob.HealthPing,
        { sentAt: Date.now() },
        QUEUE_PING_TIMEOUT_MS,
      );
      return { success: true, queue: PROGRESS_QUEUE, status: 'up', worker: result.worker, elapsedMs };
    } catch (error) {
      throw new ServiceUnavailableException(
        `Queue "${PROGRESS_QUEUE}" did not answer: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.roundTrip.close();
  }
}
