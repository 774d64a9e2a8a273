import { Queue } from 'bullmq';

export interface EventuallyOptions {
  /** Default 10 s. */
  timeoutMs?: number;
  /** Pause between two probes; default 50 ms. */
  intervalMs?: number;
  /** What is awaited, for the failure message. */
  what?: string;
}

const settings = (options: number | EventuallyOptions | undefined): Required<EventuallyOptions> => {
  const given = typeof options === 'number' ? { timeoutMs: options } : (options ?? {});
  return { timeoutMs: given.timeoutMs ?? 10_000, intervalMs: given.intervalMs ?? 50, what: given.what ?? 'the condition' };
};

/**
 * The one way tests wait for something another process does: asks `probe` until `accept` takes its answer (or, with
 * no `accept`, until the answer is neither undefined, null nor false) and returns that answer; fails after the
 * timeout with the last answer in the message.
 */
export async function eventually<T>(probe: () => Promise<T> | T, accept: (value: T) => boolean, options?: number | EventuallyOptions): Promise<T>;
export async function eventually<T>(probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, options?: number | EventuallyOptions): Promise<T>;
export async function eventually<T>(
  probe: () => Promise<T> | T,
  acceptOrOptions?: ((value: T) => boolean) | number | EventuallyOptions,
  maybeOptions?: number | EventuallyOptions,
): Promise<T> {
  const accept = typeof acceptOrOptions === 'function' ? acceptOrOptions : (value: T) => value !== undefined && value !== null && value !== false;
  const { timeoutMs, intervalMs, what } = settings(typeof acceptOrOptions === 'function' ? maybeOptions : acceptOrOptions);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * A figure other processes are still updating (counters applied by a queue a moment after a sale), once it stops
 * changing: two reads `intervalMs` apart (default 1 s) that agree and that `accept` takes.
 */
export async function settledValue<T>(read: () => Promise<T>, options?: EventuallyOptions & { accept?: (value: T) => boolean }): Promise<T> {
  let previous: string | undefined;
  return eventually(
    async () => {
      const value = await read();
      const serialized = JSON.stringify(value);
      const agreed = serialized === previous && (options?.accept?.(value) ?? true);
      previous = serialized;
      return agreed ? { value } : undefined;
    },
    { intervalMs: 1000, timeoutMs: 20_000, what: 'two reads that agree', ...options },
  ).then(({ value }) => value);
}

export interface SettledWork {
  redisUrl: string;
  /** The queue prefix of the run (QUEUE_PREFIX). */
  prefix: string;
  queues: readonly string[];
  /** How many outbox rows are not yet relayed, when the work starts as an outbox event. */
  outboxPending?: () => Promise<number>;
}

/**
 * Waits until the outbox (if given) is relayed and these BullMQ queues have nothing waiting, retrying or running:
 * what a test checks before asserting that something did NOT happen, instead of sleeping and hoping.
 */
export async function untilWorkSettled(work: SettledWork, options?: number | EventuallyOptions): Promise<void> {
  const queues = work.queues.map((name) => new Queue(name, { connection: { url: work.redisUrl }, prefix: work.prefix }));
  try {
    await eventually(
      async () => {
        if (work.outboxPending && (await work.outboxPending()) > 0) return false;
        const counts = await Promise.all(queues.map((queue) => queue.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children')));
        if (!counts.every((count) => Object.values(count).every((value) => value === 0))) return false;
        // A delayed job is work still to do (a retry), except the next run of a repeatable job, which always waits.
        const delayed = (await Promise.all(queues.map((queue) => queue.getDelayed(0, 200)))).flat();
        return delayed.every((job) => job.repeatJobKey !== undefined || (job.id ?? '').startsWith('repeat:'));
      },
      { what: `the outbox and queues ${work.queues.join(', ')} to settle`, ...(typeof options === 'number' ? { timeoutMs: options } : options) },
    );
  } finally {
    await Promise.all(queues.map((queue) => queue.close()));
  }
}
