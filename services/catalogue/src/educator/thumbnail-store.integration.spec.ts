import { S3ObjectStorage, type ObjectStorageConfig } from '@academy/service-core';
import { startTestObjectStore, type TestObjectStore } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { THUMBNAIL_CACHE_CONTROL, ThumbnailStore } from './thumbnail-store.js';

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082',
  'hex',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]);

describe('ThumbnailStore in the media bucket (s3rver)', () => {
  let bucket: TestObjectStore;
  let storage: S3ObjectStorage;
  let cdnStorage: S3ObjectStorage;

  beforeAll(async () => {
    bucket = await startTestObjectStore();
    const config = bucket.env as unknown as ObjectStorageConfig;
    storage = new S3ObjectStorage(config);
    // A bucket with a public address: its path-style URL stands in for a CDN.
    cdnStorage = new S3ObjectStorage({ ...config, S3_PUBLIC_BASE_URL: `${config.S3_ENDPOINT}/${config.S3_BUCKET}/` });
  });

  afterAll(async () => {
    storage.destroy();
    cdnStorage.destroy();
    await bucket.stop();
  });

  it('stores a PNG under public/thumbnails/uploads/<uuid>.png with its content type and an immutable cache, addressed by /media/', async () => {
    const url = await new ThumbnailStore(storage).save(png, 'png');
    expect(url).toMatch(/^\/media\/thumbnails\/uploads\/[0-9a-f-]{36}\.png$/);
    const key = `public/${url.slice('/media/'.length)}`;
    const object = await storage.get(key);
    expect(object?.object.contentType).toBe('image/png');
    expect(object?.body.equals(png)).toBe(true);
  });

  it.each([
    ['jpg', 'image/jpeg', jpeg],
    ['webp', 'image/webp', webp],
  ] as const)('serves a %s with content type %s from the public address when the bucket has one', async (kind, contentType, bytes) => {
    const url = await new ThumbnailStore(cdnStorage).save(bytes, kind);
    expect(url).toMatch(new RegExp(`/public/thumbnails/uploads/[0-9a-f-]{36}\\.${kind}$`));
    const response = await fetch(url);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(response.headers.get('cache-control')).toBe(THUMBNAIL_CACHE_CONTROL);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('gives every upload its own key', async () => {
    const store = new ThumbnailStore(storage);
    const [a, b] = await Promise.all([store.save(png, 'png'), store.save(png, 'png')]);
    expect(a).not.toBe(b);
  });

  it('fails the upload when the bucket does not exist', async () => {
    const missing = new S3ObjectStorage({ ...(bucket.env as unknown as ObjectStorageConfig), S3_BUCKET: 'no-such-bucket' });
    try {
      await expect(new ThumbnailStore(missing).save(png, 'png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    } finally {
      missing.destroy();
    }
  });
});
