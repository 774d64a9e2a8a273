import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import { startTestObjectStore, type TestObjectStore } from '../testing/object-store.js';
import { ObjectTooLargeError, S3ObjectStorage, StorageUnavailableError, formatBytes, type ObjectStorageConfig } from './object-storage.js';

describe('S3ObjectStorage against s3rver', () => {
  let store: TestObjectStore;
  let storage: S3ObjectStorage;

  beforeAll(async () => {
    store = await startTestObjectStore();
    storage = new S3ObjectStorage({ ...(store.env as unknown as ObjectStorageConfig), S3_PUBLIC_BASE_URL: 'https://cdn.example/media/' });
  });
  afterAll(async () => {
    storage.destroy();
    await store.stop();
  });

  it('puts, heads, gets and deletes an object with its content type', async () => {
    const stored = await storage.put('notes/a b.txt', 'hello storage', { contentType: 'text/plain', cacheControl: 'no-store' });
    expect(stored).toMatchObject({ key: 'notes/a b.txt', size: 13, contentType: 'text/plain' });
    expect(await storage.head('notes/a b.txt')).toMatchObject({ size: 13, contentType: 'text/plain' });
    const read = await storage.get('notes/a b.txt');
    expect(read?.body.toString()).toBe('hello storage');
    await storage.delete('notes/a b.txt');
    expect(await storage.head('notes/a b.txt')).toBeNull();
    expect(await storage.get('notes/a b.txt')).toBeNull();
  });

  it('streams a byte range', async () => {
    await storage.put('range/digits.txt', Buffer.from('0123456789'), { contentType: 'text/plain' });
    const part = await storage.stream('range/digits.txt', 'bytes=2-5');
    const chunks: Buffer[] = [];
    for await (const chunk of part!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('2345');
    expect(part!.contentRange).toBe('bytes 2-5/10');
  });

  it('uploads a stream of unknown length, and refuses one over the limit without storing anything', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    const stored = await storage.put('streams/ok.bin', Readable.from([big.subarray(0, 3_000_000), big.subarray(3_000_000)]), {
      contentType: 'application/octet-stream',
      maxBytes: big.length,
    });
    expect(stored.size).toBe(big.length);
    await expect(
      storage.put('streams/too-big.bin', Readable.from([big, Buffer.from('x')]), { contentType: 'application/octet-stream', maxBytes: big.length }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    await expect(storage.put('streams/small.bin', Buffer.alloc(11), { contentType: 'application/octet-stream', maxBytes: 10 })).rejects.toThrow(
      'larger than the 10 bytes allowed',
    );
    expect(await storage.head('streams/too-big.bin')).toBeNull();
    expect(await storage.head('streams/small.bin')).toBeNull();
  });

  it('lists and deletes everything under a prefix only', async () => {
    for (const name of ['a', 'b', 'c']) await storage.put(`videos/1/tmp/${name}.ts`, name, { contentType: 'video/mp2t' });
    await storage.put('videos/1/keep.m3u8', 'keep', { contentType: 'application/vnd.apple.mpegurl' });
    expect((await storage.list('videos/1/tmp/')).map((object) => object.key)).toEqual(['videos/1/tmp/a.ts', 'videos/1/tmp/b.ts', 'videos/1/tmp/c.ts']);
    expect(await storage.deletePrefix('videos/1/tmp/')).toBe(3);
    expect(await storage.list('videos/1/')).toHaveLength(1);
    await expect(storage.deletePrefix('videos')).rejects.toThrow(/ending in/);
  });

  it('presigns a GET that works without credentials, and builds public URLs', async () => {
    await storage.put('signed/file.txt', 'signed body', { contentType: 'text/plain' });
    const url = await storage.presign('signed/file.txt', { expiresInSeconds: 60 });
    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('signed body');
    // s3rver does not check query signatures, so only the URL's shape is asserted beyond the read itself.
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');
    expect(new URL(url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(storage.publicUrl('thumbnails/x.png')).toBe('https://cdn.example/media/thumbnails/x.png');
  });

  it('refuses keys that escape their folder', async () => {
    await expect(storage.put('../etc/passwd', 'x', { contentType: 'text/plain' })).rejects.toThrow(/Invalid object key/);
    await expect(storage.head('/absolute')).rejects.toThrow(/Invalid object key/);
  });

  it('answers 503 (StorageUnavailableError) when the server is down', async () => {
    const down = new S3ObjectStorage({ S3_BUCKET: 'nothing', S3_REGION: 'us-east-1', S3_ENDPOINT: 'http://127.0.0.1:9', S3_ACCESS_KEY_ID: 'x', S3_SECRET_ACCESS_KEY: 'y' });
    try {
      await expect(down.put('a.txt', 'a', { contentType: 'text/plain' })).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(down.head('a.txt')).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      down.destroy();
    }
  });

  it('formats limits for people', () => {
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
  });
});
