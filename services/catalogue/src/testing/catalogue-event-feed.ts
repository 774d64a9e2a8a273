import { CATALOGUE_EVENTS_QUEUE, CatalogueEvent } from '@academy/contracts';
import type { ServiceTestEnvironment } from '@academy/service-core/testing';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';

/**
 * Puts progress's events on catalogue's queue as its outbox relay does (job id = event id) and waits for catalogue's
 * worker (WorkerModule, started by the test) to apply them: catalogue's tests feed enrolments, refunds and parent
 * links this way and never start progress.
 */
export class CatalogueEventFeed {
  private constructor(
    private readonly queue: Queue,
    private readonly events: QueueEvents,
  ) {}

  static async open(env: ServiceTestEnvironment): Promise<CatalogueEventFeed> {
    const connection = { url: env.env.REDIS_URL! };
    const events = new QueueEvents(CATALOGUE_EVENTS_QUEUE, { connection, prefix: env.queuePrefix });
    await events.waitUntilReady();
    return new CatalogueEventFeed(new Queue(CATALOGUE_EVENTS_QUEUE, { connection, prefix: env.queuePrefix }), events);
  }

  /** One delivery, answered with the worker's result (a failure rejects). */
  async deliver(name: string, data: object, jobId: string = randomUUID()): Promise<unknown> {
    const job = await this.queue.add(name, data, { jobId, attempts: 1 });
    return job.waitUntilFinished(this.events, 15_000);
  }

  /** `course.enrolled` of a new purchase (or the one given); answers the purchase id. */
  async enrol(userId: string, courseId: string, purchaseId: string = randomUUID()): Promise<string> {
    await this.deliver(CatalogueEvent.CourseEnrolled, { courseId, userId, purchaseId });
    return purchaseId;
  }

  /** `course.unenrolled` of that purchase (its refund). */
  async unenrol(userId: string, courseId: string, purchaseId: string): Promise<void> {
    await this.deliver(CatalogueEvent.CourseUnenrolled, { courseId, userId, purchaseId, refundId: `rfnd_${purchaseId.slice(0, 8)}` });
  }

  /** `parent.linked` (or `parent.unlinked` with `removed`) of the link made at `linkedAt`. */
  async link(parentId: string, childId: string, linkedAt: string, removed = false): Promise<void> {
    await this.deliver(removed ? CatalogueEvent.ParentUnlinked : CatalogueEvent.ParentLinked, { parentId, childId, linkedAt });
  }

  async close(): Promise<void> {
    await this.events.close();
    await this.queue.obliterate({ force: true }).catch(() => undefined);
    await this.queue.close();
  }
}
