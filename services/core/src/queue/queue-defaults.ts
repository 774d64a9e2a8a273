import type { DefaultJobOptions } from 'bullmq';

/**
 * Every job of every queue (relayed events, earnings, counters, verification, reconciliation) gets these unless
 * a call site overrides them: 10 attempts with exponential backoff (1 s, 2 s, 4 s … about 17 min in all, enough to
 * ride out a database or Redis restart), finished jobs trimmed, and failed jobs KEPT for 30 days so an operator can
 * see and retry them (operator queue dashboard, docs/DEVELOPING.md).
 */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { count: 1_000, age: 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

/**
 * The defaults with the configured attempts and first backoff delay (`JOB_ATTEMPTS`, `JOB_BACKOFF_MS`: tests and
 * fault runs shorten them). A job that fails its last attempt becomes a dead letter (dead-letters.ts).
 */
export function jobOptionsFrom(config: { JOB_ATTEMPTS: number; JOB_BACKOFF_MS: number }): DefaultJobOptions {
  return { ...DEFAULT_JOB_OPTIONS, attempts: config.JOB_ATTEMPTS, backoff: { type: 'exponential', delay: config.JOB_BACKOFF_MS } };
}

/** A producer's Redis command that gets no answer within this fails (answered 503): a stalled Redis never hangs a request. */
/**
 * How often a job may lose its worker (a killed process, or a Redis stall that stops the lock being renewed)
 * before BullMQ gives up on it. Every handler is idempotent, so a stalled job is simply run again; BullMQ's default
 * of 1 turned one worker restart plus one Redis stall into a dead letter in the fault run.
 */
export const WORKER_MAX_STALLED_COUNT = 5;

export const PRODUCER_COMMAND_TIMEOUT_MS = 1_500;

/**
 * Producers (HTTP services) must answer fast when Redis is down or stalls: no offline queue (a command fails at once
 * while disconnected), one retry per command, and a command timeout for a Redis that accepts the connection but
 * stops answering, so a webhook or a verification answers 503 instead of hanging. The connection keeps reconnecting
 * in the background. Blocking readers (QueueEvents, whose XREAD waits up to 10 s by design) must NOT inherit the
 * timeout: build their connection with `blockingConnection(queue.opts.connection)`.
 */
export const PRODUCER_REDIS_OPTIONS = {
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  connectTimeout: 1_500,
  commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS,
  retryStrategy: (times: number) => Math.min(100 * 2 ** times, 2_000),
} as const;

/**
 * The connection options of a blocking reader (QueueEvents) made from a producer's: the same server and prefix, no
 * command timeout (a blocking XREAD is meant to wait), and BullMQ's `maxRetriesPerRequest: null`.
 */
export function blockingConnection<Connection extends object>(connection: Connection): Omit<Connection, 'commandTimeout'> {
  const { commandTimeout: _dropped, ...rest } = connection as Connection & { commandTimeout?: number };
  return { ...rest, maxRetriesPerRequest: null } as Omit<Connection, 'commandTimeout'>;
}

/** BullMQ workers block on Redis and require `maxRetriesPerRequest: null`; they reconnect within 2 s of Redis' return. */
export const WORKER_REDIS_OPTIONS = {
  maxRetriesPerRequest: null,
  retryStrategy: (times: number) => Math.min(100 * 2 ** times, 2_000),
} as const;
