import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { findFreePort, sleep } from '../../local/process-utils.js';

/** A redis-server for this run alone (no persistence), so its commands and CPU are this benchmark's. */
export async function startOwnRedis(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await findFreePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', () => undefined);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined); // not up yet: the connect() below says so
    const ok = await client.connect().then(() => client.ping(), () => undefined);
    client.disconnect();
    if (ok === 'PONG') {
      return {
        url,
        pid: child.pid!,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      };
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start (is it installed? Debian: apt-get install redis-server)');
}
