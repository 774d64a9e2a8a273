import { Queue, QueueEvents } from 'bullmq';
import { blockingConnection } from './queue-defaults.js';

/**
 * Proves a queue works end to end: adds a job and waits (bounded) for a worker to finish it.
 * One QueueEvents connection is opened lazily and reused; call `close()` on shutdown.
 */
export class QueueRoundTrip {
  private events: QueueEvents | undefined;

  constructor(private readonly queue: Queue) {}

  async ping<Result>(jobName: string, data: object, timeoutMs: number): Promise<{ result: Result; elapsedMs: number }> {
    const started = Date.now();
    if (!this.events) {
      this.events = new QueueEvents(this.queue.name, { connection: blockingConnection(this.queue.opts.connection), prefix: this.queue.opts.prefix });
    }
    await this.events.waitUntilReady();
    const job = await this.queue.add(jobName, data, { removeOnComplete: true, removeOnFail: true });
    const result = (await job.waitUntilFinished(this.events, timeoutMs)) as Result;
    return { result, elapsedMs: Date.now() - started };
  }

  async close(): Promise<void> {
    await this.events?.close();
    this.events = undefined;
  }
}
