import { BullModule, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { DynamicModule, Inject, Logger, Module, type ModuleMetadata, type Provider, type Type } from '@nestjs/common';
import type { Job } from 'bullmq';
import { CORE_CONFIG, type CoreConfig } from '../config/config.js';
import { DeadLetterStore } from './dead-letters.js';
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
  /**
   * Lock settings of the worker: a job whose worker died is retried once its lock (`lockDuration`, default 30 s)
   * expires and a stalled check (`stalledInterval`, default 30 s) finds it.
   */
  lockDuration?: number;
  stalledInterval?: number;
  /** Lock settings taken from the service's validated config, when a setting decides them. */
  lockSettingsFrom?: (config: CoreConfig) => { lockDuration: number; stalledInterval?: number };
  /** Modules that provide what the handlers inject (handlers are instantiated inside the queue's module). */
  imports?: ModuleMetadata['imports'];
}

export const jobRegistryToken = (queue: string) => `academy:jobRegistry:${queue}`;

function workerFor(registration: QueueRegistration): Type<WorkerHost> {
  const token = jobRegistryToken(registration.queue);
  const staticOptions = {
    concurrency: registration.concurrency ?? 4,
    ...(registration.lockDuration ? { lockDuration: registration.lockDuration } : {}),
    ...(registration.stalledInterval ? { stalledInterval: registration.stalledInterval } : {}),
  };
  @Processor(registration.queue, staticOptions)
  class QueueWorker extends WorkerHost {
    private readonly logger = new Logger(`Worker:${registration.queue}`);

    constructor(
      @Inject(token) private readonly registry: JobRegistry,
      private readonly deadLetters: DeadLetterStore,
      @Inject(CORE_CONFIG) config: CoreConfig,
    ) {
      super();
      // BullMQ's worker is made after every provider exists (the explorer reads these options then), so
      // options from the validated config can still be applied here.
      if (registration.lockSettingsFrom) Processor(registration.queue, { ...staticOptions, ...registration.lockSettingsFrom(config) })(QueueWorker);
    }

    /**
     * A job that failed its LAST attempt (BullMQ sets `finishedOn` only then; earlier failures are retried with
     * backoff) becomes a dead letter: never dropped silently. The failed job itself also stays in Redis 30 days.
     */
    @OnWorkerEvent('failed')
    async onFailed(job: Job | undefined, error: Error): Promise<void> {
      if (!job?.finishedOn) return;
      try {
        await this.deadLetters.recordFailedJob(registration.queue, job, error);
      } catch (recordError) {
        this.logger.error(
          `job ${job.name} (${job.id}) exhausted its attempts (${error.message}) and could not be recorded as a dead letter: ` +
            `${recordError instanceof Error ? recordError.message : String(recordError)}; it stays in the queue's failed list`,
        );
      }
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
      imports: [registered, ...(registration.imports ?? [])],
      providers: [...registration.handlers, registryProvider, workerFor(registration)],
      exports: [registered],
    };
  }
}
