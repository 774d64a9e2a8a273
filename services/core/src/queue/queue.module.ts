import { BullModule, getQueueToken, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { DynamicModule, Inject, Logger, Module, type ModuleMetadata, type Provider, type Type } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { CORE_CONFIG, type CoreConfig } from '../config/config.js';
import { DeadLetterStore } from './dead-letters.js';
import { WORKER_MAX_STALLED_COUNT } from './queue-defaults.js';
import { jobRequestId, runWithRequestId, stampRequestId } from '../logging/request-context.js';
import { jobDuration, jobFailures, trackQueueMetrics } from '../metrics/queue-metrics.js';
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
    maxStalledCount: WORKER_MAX_STALLED_COUNT,
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
      // Runs under the enqueuing request's id: every log line of the job carries it (logging mixin).
      return runWithRequestId(jobRequestId(registration.queue, job), async () => {
        const stop = jobDuration.startTimer({ queue: registration.queue, job: job.name });
        try {
          const result = await this.registry.handle(job);
          const seconds = stop({ outcome: 'completed' });
          this.logger.log(`job ${job.name} (${job.id}) completed in ${Math.round(seconds * 1000)} ms`);
          return result;
        } catch (error) {
          stop({ outcome: 'failed' });
          jobFailures.inc({ queue: registration.queue, job: job.name });
          this.logger.warn(`job ${job.name} (${job.id}) failed: ${error instanceof Error ? error.message : String(error)}`);
          throw error;
        }
      });
    }
  }
  Object.defineProperty(QueueWorker, 'name', { value: `QueueWorker_${registration.queue}` });
  return QueueWorker;
}

/**
 * Per queue: its depth on /metrics, and jobs enqueued while a request is handled carry that request's id
 * (`data.requestId`, when the data is a plain object without one), so the job's log lines can be found with it.
 */
export function instrumentQueue(queue: Queue): Queue {
  trackQueueMetrics(queue);
  const instrumented = queue as Queue & { academyInstrumented?: boolean };
  if (instrumented.academyInstrumented) return queue;
  instrumented.academyInstrumented = true;
  const add = queue.add.bind(queue);
  const addBulk = queue.addBulk.bind(queue);
  queue.add = ((name: string, data: unknown, options?: Parameters<Queue['add']>[2]) => add(name, stampRequestId(data), options)) as Queue['add'];
  queue.addBulk = ((jobs: Parameters<Queue['addBulk']>[0]) => addBulk(jobs.map((job) => ({ ...job, data: stampRequestId(job.data) })))) as Queue['addBulk'];
  return queue;
}

const instrumentation = (queue: string): Provider => ({
  provide: `academy:queueInstrumentation:${queue}`,
  useFactory: (instance: Queue) => instrumentQueue(instance),
  inject: [getQueueToken(queue)],
});

/**
 * A service's queue. `forProducer` (HTTP app) only registers the queue so jobs can be added with
 * `@InjectQueue(name)`; `forWorker` also checks the handler registry at start-up and runs the processor.
 * Both need `CoreModule.forRoot` (which connects BullMQ to REDIS_URL with QUEUE_PREFIX).
 */
@Module({})
export class QueueModule {
  static forProducer(queue: string): DynamicModule {
    const registered = BullModule.registerQueue({ name: queue });
    return { module: QueueModule, imports: [registered], providers: [instrumentation(queue)], exports: [registered] };
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
      providers: [...registration.handlers, registryProvider, workerFor(registration), instrumentation(registration.queue)],
      exports: [registered],
    };
  }
}
