import { SetMetadata } from '@nestjs/common';
import type { Job } from 'bullmq';

export const JOB_HANDLER_NAME = 'academy:jobHandlerName';

/** A class that processes one job name. Decorate it with `@JobHandler(MyJob.Name)`. */
export interface JobProcessor<Data = unknown, Result = unknown> {
  handle(job: Job<Data, Result>): Promise<Result>;
}

/** Marks a provider as the handler of one job name (one handler per name, checked at start-up). */
export const JobHandler = (jobName: string) => SetMetadata(JOB_HANDLER_NAME, jobName);

export class JobRegistryError extends Error {
  override name = 'JobRegistryError';
}

/** A handler class (or an instance's constructor): only its name and metadata are read. */
type HandlerClass = object & { readonly name: string };

/**
 * Checks a queue's handlers cover every job name exactly once. Works on the classes (their @JobHandler
 * metadata), so a bad registration is refused when the module is declared, before any connection opens.
 */
export function assertCompleteRegistry(
  queueName: string,
  jobNames: readonly string[],
  handlerClasses: readonly HandlerClass[],
): Map<string, HandlerClass> {
  const known = new Set(jobNames);
  const byName = new Map<string, HandlerClass>();
  for (const handlerClass of handlerClasses) {
    const name: unknown = Reflect.getMetadata(JOB_HANDLER_NAME, handlerClass);
    if (typeof name !== 'string') throw new JobRegistryError(`${handlerClass.name} has no @JobHandler(name) decorator`);
    if (!known.has(name)) throw new JobRegistryError(`${handlerClass.name} handles unknown job "${name}" on queue "${queueName}"`);
    const existing = byName.get(name);
    if (existing) {
      throw new JobRegistryError(`Job "${name}" on queue "${queueName}" has two handlers: ${existing.name} and ${handlerClass.name}`);
    }
    byName.set(name, handlerClass);
  }
  const missing = jobNames.filter((name) => !byName.has(name));
  if (missing.length > 0) throw new JobRegistryError(`Queue "${queueName}" has no handler for job(s): ${missing.join(', ')}`);
  return byName;
}

/** Maps each job name of a queue to its one handler instance; refuses incomplete or ambiguous registrations. */
export class JobRegistry {
  private readonly handlers = new Map<string, JobProcessor>();

  constructor(
    readonly queueName: string,
    jobNames: readonly string[],
    processors: readonly JobProcessor[],
  ) {
    const byName = assertCompleteRegistry(queueName, jobNames, processors.map((processor) => processor.constructor));
    for (const [name, handlerClass] of byName) {
      this.handlers.set(name, processors.find((processor) => processor.constructor === handlerClass)!);
    }
  }

  handle(job: Job): Promise<unknown> {
    const processor = this.handlers.get(job.name);
    if (!processor) throw new JobRegistryError(`No handler for job "${job.name}" on queue "${this.queueName}"`);
    return processor.handle(job);
  }
}
