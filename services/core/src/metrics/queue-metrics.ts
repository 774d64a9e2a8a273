import type { Queue } from 'bullmq';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { DataSource } from 'typeorm';
import { metricsRegistry } from './http-metrics.js';

/** Queues and outboxes this process reports on /metrics; read from Redis and PostgreSQL at scrape time. */
const trackedQueues = new Map<string, Pick<Queue, 'name' | 'getJobCounts'>>();
const trackedOutboxes = new Map<string, Pick<DataSource, 'query'>>();

export function trackQueueMetrics(queue: Pick<Queue, 'name' | 'getJobCounts'>): void {
  trackedQueues.set(queue.name, queue);
}

export function trackOutboxMetrics(schema: string, dataSource: Pick<DataSource, 'query'>): void {
  trackedOutboxes.set(schema, dataSource);
}

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

export const queueJobsGauge = new Gauge({
  name: 'queue_jobs',
  help: 'BullMQ jobs by queue and state (waiting, active, delayed, failed), read at scrape time',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    await Promise.all(
      [...trackedQueues.values()].map(async (queue) => {
        try {
          const counts = await queue.getJobCounts(...QUEUE_STATES);
          for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
        } catch {
          // Redis unreachable: the queue is left out of this scrape (readiness reports the outage).
        }
      }),
    );
  },
});

/** One read of every tracked outbox per scrape, shared by the two outbox gauges (collected concurrently). */
let outboxSnapshot: { at: number; rows: Promise<{ schema: string; pending: number; oldest: number }[]> } | undefined;
function readOutboxes(): Promise<{ schema: string; pending: number; oldest: number }[]> {
  if (outboxSnapshot && Date.now() - outboxSnapshot.at < 1000) return outboxSnapshot.rows;
  const rows = Promise.all(
    [...trackedOutboxes].map(async ([schema, dataSource]) => {
      try {
        const [row] = (await dataSource.query(
          `SELECT count(*)::int AS pending, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS oldest
             FROM "${schema.replace(/"/g, '""')}"."outbox" WHERE dispatched_at IS NULL`,
        )) as { pending: number; oldest: number }[];
        return [{ schema, pending: row?.pending ?? 0, oldest: row?.oldest ?? 0 }];
      } catch {
        return []; // no outbox table in this schema, or the database is down: nothing to report
      }
    }),
  ).then((lists) => lists.flat());
  outboxSnapshot = { at: Date.now(), rows };
  return rows;
}

export const outboxBacklogGauge = new Gauge({
  name: 'outbox_backlog',
  help: 'Outbox rows not yet dispatched to their queue, by service schema',
  labelNames: ['schema'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const row of await readOutboxes()) this.set({ schema: row.schema }, row.pending);
  },
});

export const outboxAgeGauge = new Gauge({
  name: 'outbox_oldest_pending_seconds',
  help: 'Age of the oldest outbox row not yet dispatched (0 when none)',
  labelNames: ['schema'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const row of await readOutboxes()) this.set({ schema: row.schema }, row.oldest);
  },
});

export const jobDuration = new Histogram({
  name: 'queue_job_duration_seconds',
  help: 'Job processing time by queue, job name and outcome (completed or failed)',
  labelNames: ['queue', 'job', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metricsRegistry],
});

export const jobFailures = new Counter({
  name: 'queue_job_failures_total',
  help: 'Failed job attempts by queue and job name (each retry counts)',
  labelNames: ['queue', 'job'] as const,
  registers: [metricsRegistry],
});
