import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { toFailure } from '../http/envelope.filter.js';
import { PausableTcpProxy } from '../testing/pausable-proxy.js';
import { blockingConnection, PRODUCER_COMMAND_TIMEOUT_MS, PRODUCER_REDIS_OPTIONS } from './queue-defaults.js';

/**
 * A producer in front of the machine's Redis through a proxy the test pauses (Redis stops answering) or drops (Redis
 * is gone): the shared Redis itself is never stopped.
 */
describe('a producer while Redis is gone or stalls (real Redis behind a pausable proxy)', () => {
  const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const prefix = `outage-${randomUUID().slice(0, 8)}`;
  let proxy: PausableTcpProxy;
  let queue: Queue;

  beforeAll(async () => {
    proxy = await PausableTcpProxy.start({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
    queue = new Queue('outage', { connection: { url: proxy.rewrite(redisUrl.href), ...PRODUCER_REDIS_OPTIONS }, prefix });
    queue.on('error', () => undefined);
    await queue.waitUntilReady();
  });

  afterAll(async () => {
    proxy.resume();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close().catch(() => undefined);
    await proxy.close();
  });

  const addDuringFault = async () => {
    const started = Date.now();
    const error = await queue.add('during', { n: 2 }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    return { error, elapsedMs: Date.now() - started };
  };

  const addsAgainWithin = async (limitMs: number) => {
    const back = Date.now();
    let added = false;
    while (!added && Date.now() - back < limitMs) {
      added = await queue.add('after', { n: 3 }).then(
        () => true,
        () => false,
      );
      if (!added) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { added, elapsedMs: Date.now() - back };
  };

  it('fails within 2 s with an error answered as 503 when Redis is gone, then works again within 5 s of its return', async () => {
    await queue.add('before', { n: 1 });
    proxy.drop();
    const { error, elapsedMs } = await addDuringFault();
    expect(elapsedMs).toBeLessThan(2_000);
    expect(error).toBeInstanceOf(Error);
    expect(toFailure(error).status).toBe(503);

    proxy.resume();
    const { added, elapsedMs: recovery } = await addsAgainWithin(5_000);
    expect(added).toBe(true);
    expect(recovery).toBeLessThan(5_000);
  }, 20_000);

  it('fails within the command timeout, answered as 503, when Redis accepts the connection but stops answering', async () => {
    await queue.add('before', { n: 1 });
    proxy.pause();
    const { error, elapsedMs } = await addDuringFault();
    expect(elapsedMs).toBeGreaterThanOrEqual(PRODUCER_COMMAND_TIMEOUT_MS - 100);
    expect(elapsedMs).toBeLessThan(PRODUCER_COMMAND_TIMEOUT_MS + 1_000);
    expect((error as Error).message).toMatch(/Command timed out/);
    expect(toFailure(error)).toMatchObject({ status: 503, retryAfterSeconds: 5 });

    proxy.resume();
    const { added, elapsedMs: recovery } = await addsAgainWithin(5_000);
    expect(added).toBe(true);
    expect(recovery).toBeLessThan(5_000);
  }, 20_000);

  it('keeps blocking waits (QueueEvents) working past the command timeout: only producer commands time out', async () => {
    // With the producer's own options (command timeout included) this wait breaks: its XREAD BLOCK times out.
    const events = new QueueEvents('outage', { connection: blockingConnection(queue.opts.connection), prefix });
    const errors: Error[] = [];
    events.on('error', (error) => errors.push(error));
    const worker = new Worker('outage', async (job) => `done ${job.data.n}`, {
      connection: { url: redisUrl.href, maxRetriesPerRequest: null },
      prefix,
      autorun: false,
    });
    try {
      await events.waitUntilReady();
      const job = await queue.add('slow', { n: 4 });
      const finished = job.waitUntilFinished(events, 15_000);
      // Nothing happens for three command timeouts: a timed-out XREAD would surface as an error and break the wait.
      await new Promise((resolve) => setTimeout(resolve, 3 * PRODUCER_COMMAND_TIMEOUT_MS));
      void worker.run();
      expect(await finished).toBe('done 4');
      expect(errors).toEqual([]);
    } finally {
      await worker.close();
      await events.close();
    }
  }, 30_000);
});
