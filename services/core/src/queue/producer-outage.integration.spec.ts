import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { toFailure } from '../http/envelope.filter.js';
import { PRODUCER_REDIS_OPTIONS } from './queue-defaults.js';

/** A throw-away redis-server of this test only (never the machine's shared one), stopped and restarted on purpose. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(socket.end() && true)).on('error', () => resolve(false));
    });
    if (open) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('redis-server did not start');
}

function stopRedis(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('a producer while Redis is down', () => {
  let port: number;
  let redis: ChildProcess;
  let queue: Queue;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    queue = new Queue('outage', { connection: { host: '127.0.0.1', port, ...PRODUCER_REDIS_OPTIONS }, prefix: `outage-${port}` });
    queue.on('error', () => undefined);
    await queue.waitUntilReady();
  });

  afterAll(async () => {
    await queue.close().catch(() => undefined);
    if (redis.exitCode === null) await stopRedis(redis);
  });

  it('fails within 2 s with an error answered as 503, then works again within 5 s of Redis returning', async () => {
    await queue.add('before', { n: 1 });
    await stopRedis(redis);

    const started = Date.now();
    const error = await queue.add('during', { n: 2 }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toBeInstanceOf(Error);
    expect(toFailure(error).status).toBe(503);

    redis = await startRedis(port);
    const back = Date.now();
    let added = false;
    while (!added && Date.now() - back < 5_000) {
      added = await queue.add('after', { n: 3 }).then(
        () => true,
        () => false,
      );
      if (!added) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(added).toBe(true);
    expect(Date.now() - back).toBeLessThan(5_000);
  }, 20_000);
});
