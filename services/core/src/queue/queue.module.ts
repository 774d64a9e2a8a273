import { BullModule, Processor, WorkerHost } from '@nestjs/bullmq';
import { DynamicModule, Inject, Logger, Module, type Provider, type Type } from '@nestjs/common';
import type { Job } from 'bullmq';
import { assertCompleteRegistry, JobRegistry, type JobProcessor } from './job-registry.js';

export interface QueueRegistration {
  /** Queue name, e.g. `progress`. */
  queue: string;
  /** Every job name of this queue: `Object.values(ProgressJob)`. */
  jobNames: readonly string[];
  /** One `@JobHandler(name)` class per job name. */
  handlers: Type<JobProcessor>[];
  /** Concurrency of the worker (worker entry point only). */
  concurrency?: number;
}

export const jobRegistryToken = (queue: string) => `academy:jobRegistry:${queue}`;

function workerFor(registration: QueueRegistration): Type<WorkerHost> {
  const token = jobRegistryToken(registration.queue);
  @Processor(registration.queue, { concurrency: registration.concurrency ?? 4 })
  class QueueWorker extends WorkerHost {
    private readonly logger = new Logger(`Worker:${registration.queue}`);

    constructor(@Inject(token) private readonly registry: JobRegistry) {
      super();
    }

    async process(job: Job): Promise<unknown> {
      try {
        return await this.registry.handle(job);
      } catch (error) {
        this.logger.warn(`job ${job.name} (${job.id}) failed: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    }
  }
  Object.defineProperty(QueueWorker, 'name', { value: `QueueWorker_${registration.queue}` });
  return QueueWorker;
}

/**
 * A service's queue. `forProducer` (HTTP app) only registers the queue so jobs can be added with
 * `@InjectQueue(name)`; `forWorker` also checks the handler registry at start-up and runs the processor.
 * Both need `CoreModule.forRoot` (which connects BullMQ to REDIS_URL with QUEUE_PREFIX).
 */
@Module({})
export class QueueModule {
  static forProducer(queue: string): DynamicModule {
    const registered = BullModule.registerQueue({ name: queue });
    return { module: QueueModule, imports: [registered], exports: [registered] };
  }

  static forWorker(registration: QueueRegistration): DynamicModule {
    assertCompleteRegistry(registration.queue, registration.jobNames, registration.handlers);
    const registered = BullModule.registerQueue({ name: registration.queue });
    const registryProvider: Provider = {
      provide: jobRegistryToken(registration.queue),
      useFactory: (...processors: JobProcessor[]) => new JobRegistry(registration.queue, registration.jobNames, processors),
      inject: registration.handlers,
    };
    return {
      module: QueueModule,
      imports: [registered],
      providers: [...registration.handlers, registryProvider, workerFor(registration)],
      exports: [registered],
    };
  }
}
