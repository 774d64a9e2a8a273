import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { dataDir } from '../paths.js';
import { lastLines, settlesWithin, sleep } from './process-utils.js';

/** The S3_* variables the services read (services/core/src/storage/object-storage.ts). */
export type ObjectStoreEnv = Record<'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY', string>;

export interface ObjectStoreHandle {
  /** What the services get; empty when the bucket comes from the environment (they read it themselves). */
  env: Partial<ObjectStoreEnv>;
  endpoint: string | undefined;
  source: 'env' | 'local-started' | 'local-reused';
  /** Stops the s3rver if this process started it (and removes an isolated run's bucket). */
  stop(): Promise<void>;
}

export interface EnsureObjectStoreOptions {
  env?: NodeJS.ProcessEnv;
  port?: number;
  /** Bucket name; default `academy-media` (tests pass their own). */
  bucket?: string;
  /** Delete the bucket's files at stop (isolated test runs). */
  removeBucketOnStop?: boolean;
  log?: (line: string) => void;
  /** Folder of the stored files; default .data/s3. */
  dataDir?: string;
}

export const privateObjectStorePort = 6392;

/**
 * The private s3rver's process (`node -e`, arguments: s3rver's module, folder, port). It exits when the process that
 * started it does, stopped or killed (its IPC channel closes): a run killed before its teardown must not leave a
 * store on the fixed port, answering from a folder that may be gone.
 */
const S3RVER_WHILE_PARENT_RUNS = `
process.once('disconnect', () => process.exit(0));
const S3rver = require(process.argv[1]);
new S3rver({ directory: process.argv[2], address: '127.0.0.1', port: Number(process.argv[3]), silent: true })
  .run()
  .catch((error) => { console.error(error); process.exit(1); });
`;
export const localBucket = 'academy-media';
/** s3rver checks signatures against this fixed key pair. */
const s3rverCredentials = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

/** True when an S3 API answers at `endpoint` (s3rver lists its buckets on GET /). */
export async function objectStoreAnswers(endpoint: string): Promise<boolean> {
  try {
    const answer = await fetch(`${endpoint}/`, { signal: AbortSignal.timeout(1000) });
    await answer.arrayBuffer();
    return answer.status < 500 && (answer.headers.get('content-type') ?? '').includes('xml');
  } catch {
    return false;
  }
}

async function createBucket(endpoint: string, bucket: string): Promise<void> {
  const answer = await fetch(`${endpoint}/${bucket}`, { method: 'PUT' });
  const body = await answer.text();
  if (!answer.ok && !body.includes('BucketAlreadyOwnedByYou') && !body.includes('BucketAlreadyExists')) {
    throw new Error(`Could not create bucket ${bucket} at ${endpoint}: ${answer.status} ${lastLines(body, 3)}`);
  }
}

/**
 * S3_BUCKET from the environment when set (a real bucket, or MinIO/R2 via S3_ENDPOINT: used as given); otherwise a
 * private s3rver on port 6392 storing its files under .data/s3 (reused if one already answers there).
 */
export async function ensureObjectStore(options: EnsureObjectStoreOptions = {}): Promise<ObjectStoreHandle> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => undefined);
  if (env.S3_BUCKET) return { env: {}, endpoint: env.S3_ENDPOINT, source: 'env', stop: async () => undefined };

  const port = options.port ?? privateObjectStorePort;
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = options.bucket ?? localBucket;
  const directory = options.dataDir ?? path.join(dataDir, 's3');
  const handleEnv: ObjectStoreEnv = { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1', ...s3rverCredentials };
  const removeBucket = () => {
    if (options.removeBucketOnStop) rmSync(path.join(directory, bucket), { recursive: true, force: true });
  };

  if (await objectStoreAnswers(endpoint)) {
    log(`S3-compatible store already answering on port ${port}: reusing it`);
    await createBucket(endpoint, bucket);
    return { env: handleEnv, endpoint, source: 'local-reused', stop: async () => removeBucket() };
  }

  mkdirSync(directory, { recursive: true });
  const s3rverModule = createRequire(import.meta.url).resolve('s3rver');
  let output = '';
  const child = spawn(process.execPath, ['-e', S3RVER_WHILE_PARENT_RUNS, s3rverModule, directory, String(port)], {
    // Own process group: Ctrl-C must not stop the files before the services using them. The IPC channel is how it
    // learns that the process that started it is gone.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 15_000;
  while (!(await objectStoreAnswers(endpoint))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`s3rver did not start on port ${port}:\n${lastLines(output, 15)}`);
    }
    await sleep(50);
  }
  child.unref();
  child.channel?.unref();
  (child.stdout as unknown as { unref?: () => void }).unref?.();
  (child.stderr as unknown as { unref?: () => void }).unref?.();
  await createBucket(endpoint, bucket);
  log(`s3rver (S3-compatible file store) started on port ${port}, files under ${directory}`);
  return {
    env: handleEnv,
    endpoint,
    source: 'local-started',
    stop: async () => {
      removeBucket();
      if (exited) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      if (!(await settlesWithin(done, 5000))) child.kill('SIGKILL');
    },
  };
}
