import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '../paths.js';
import { Redis } from 'ioredis';
import { lastLines, settlesWithin, sleep } from './process-utils.js';

export interface RedisHandle {
  url: string;
  source: 'env' | 'local-started' | 'local-reused';
  /** Stops the redis-server if this process started it. */
  stop(): Promise<void>;
}

export interface EnsureRedisOptions {
  env?: NodeJS.ProcessEnv;
  port?: number;
  /** Where to look for redis-server; defaults to the PATH. */
  redisServerCommand?: string;
  log?: (line: string) => void;
  /** Folder of its append-only file; default .data/redis. */
  dataDir?: string;
}

export const privateRedisPort = 6390;

export const redisInstallHelp =
  'Redis is needed for the job queues and none was found. Either install it ' +
  '(Debian/Ubuntu: `sudo apt-get install redis-server`; macOS: `brew install redis`) so `redis-server` is on the PATH, ' +
  'or point REDIS_URL at a running Redis (e.g. REDIS_URL=redis://127.0.0.1:6379).';

export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

function commandExists(command: string): boolean {
  const result = spawnSync(command, ['--version'], { stdio: 'ignore' });
  return !result.error;
}

/**
 * REDIS_URL when set; otherwise a private `redis-server` on port 6390 that keeps its queues in an append-only file
 * under .data/redis (no snapshots), reused if one already answers there; otherwise an error saying how to get Redis.
 */
export async function ensureRedis(options: EnsureRedisOptions = {}): Promise<RedisHandle> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => undefined);
  if (env.REDIS_URL) return { url: env.REDIS_URL, source: 'env', stop: async () => undefined };

  const port = options.port ?? privateRedisPort;
  const url = `redis://127.0.0.1:${port}`;
  if (await redisAnswers(url)) {
    log(`Redis already answering on port ${port}: reusing it`);
    return { url, source: 'local-reused', stop: async () => undefined };
  }
  const command = options.redisServerCommand ?? 'redis-server';
  if (!commandExists(command)) throw new Error(redisInstallHelp);

  let output = '';
  // Queued jobs and events survive a restart of this Redis: an append-only file under .data/redis.
  const redisDir = options.dataDir ?? path.join(dataDir, 'redis');
  mkdirSync(redisDir, { recursive: true });
  const child = spawn(command, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', redisDir], {
    // Own process group: Ctrl-C must not stop the queues before the workers using them.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 15_000;
  while (!(await redisAnswers(url))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on port ${port}:\n${lastLines(output, 15)}`);
    }
    await sleep(50);
  }
  // Keep reading its output so the pipe never fills, without holding the event loop open.
  child.unref();
  (child.stdout as unknown as { unref?: () => void }).unref?.();
  (child.stderr as unknown as { unref?: () => void }).unref?.();
  log(`redis-server started on port ${port}`);
  return {
    url,
    source: 'local-started',
    stop: async () => {
      if (exited) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      if (!(await settlesWithin(done, 5000))) child.kill('SIGKILL');
    },
  };
}
