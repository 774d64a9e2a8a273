import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DeleteBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { S3ObjectStorage } from '../storage/object-storage.js';

/** s3rver accepts requests signed with this fixed key pair; real buckets take their own. */
export const S3RVER_CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' } as const;

export interface TestObjectStore {
  /** S3_* variables for the service under test (a bucket of its own). */
  env: Record<string, string>;
  /** Deletes the bucket's objects and stops the server if this call started it. */
  stop(): Promise<void>;
}

/**
 * A fresh bucket for one test run: on TEST_S3_ENDPOINT when set (a shared s3rver, MinIO...), otherwise on an
 * s3rver started in this process on a free port with its files in a temporary folder (the server `npm start` runs).
 */
export async function startTestObjectStore(): Promise<TestObjectStore> {
  const bucket = `academy-test-${randomBytes(5).toString('hex')}`;
  let server: S3rver | undefined;
  let directory: string | undefined;
  let endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) {
    directory = mkdtempSync(path.join(tmpdir(), 'academy-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
    const address = (await server.run()) as AddressInfo;
    endpoint = `http://127.0.0.1:${address.port}`;
  }
  const env = { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: 'us-east-1', ...S3RVER_CREDENTIALS };
  const storage = new S3ObjectStorage({ ...env, S3_PUBLIC_BASE_URL: undefined });
  await storage.ensureBucket();
  return {
    env,
    async stop() {
      try {
        if (!server) {
          for (const object of await storage.list('')) await storage.delete(object.key);
          await storage.client.send(new DeleteBucketCommand({ Bucket: bucket }));
        }
      } finally {
        storage.destroy();
        if (server) await server.close();
        if (directory) rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
