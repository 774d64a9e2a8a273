import { CreateBucketCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import {
  createThumbnailStore,
  LocalThumbnailStore,
  S3ThumbnailStore,
  s3ThumbnailStoreConfig,
  THUMBNAIL_CACHE_CONTROL,
  type S3ThumbnailStoreConfig,
} from './thumbnail-store.js';

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082',
  'hex',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]);

const BUCKET = 'academy-thumbnails';
// s3rver checks request signatures against this fixed key pair.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

describe('S3ThumbnailStore against a real S3-compatible server (s3rver)', () => {
  let directory: string;
  let server: S3rver;
  let endpoint: string;
  let config: S3ThumbnailStoreConfig;
  let store: S3ThumbnailStore;
  let client: S3Client;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'academy-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS });
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    // Configured from the environment exactly as the service would be; public URL = path-style bucket URL.
    config = s3ThumbnailStoreConfig({
      THUMBNAIL_STORE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      THUMBNAIL_PUBLIC_BASE_URL: `${endpoint}/${BUCKET}/`,
    });
    store = new S3ThumbnailStore(config);
  });

  afterAll(async () => {
    store?.destroy();
    client?.destroy();
    await server?.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it('stores a PNG under thumbnails/<uuid>.png and serves it back with its bytes and content type', async () => {
    const url = await store.save(png, 'png');
    expect(url).toMatch(new RegExp(`^${endpoint}/${BUCKET}/thumbnails/[0-9a-f-]{36}\\.png$`));
    const key = url.slice(`${endpoint}/${BUCKET}/`.length);

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe(THUMBNAIL_CACHE_CONTROL);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);

    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(object.ContentType).toBe('image/png');
    expect(object.CacheControl).toBe(THUMBNAIL_CACHE_CONTROL);
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(png)).toBe(true);
  });

  it.each([
    ['jpg', 'image/jpeg', jpeg],
    ['webp', 'image/webp', webp],
  ] as const)('stores a %s with content type %s', async (kind, contentType, bytes) => {
    const url = await store.save(bytes, kind);
    expect(url.endsWith(`.${kind}`)).toBe(true);
    const response = await fetch(url);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('gives every upload its own key', async () => {
    const [a, b] = await Promise.all([store.save(png, 'png'), store.save(png, 'png')]);
    expect(a).not.toBe(b);
  });

  it('fails the upload when the bucket does not exist', async () => {
    const missing = new S3ThumbnailStore({ ...config, bucket: 'no-such-bucket' });
    try {
      await expect(missing.save(png, 'png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    } finally {
      missing.destroy();
    }
  });

  it('is what THUMBNAIL_STORE=s3 selects', () => {
    const selected = createThumbnailStore('/unused', {
      THUMBNAIL_STORE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      THUMBNAIL_PUBLIC_BASE_URL: 'https://cdn.example.com',
    });
    expect(selected).toBeInstanceOf(S3ThumbnailStore);
    (selected as S3ThumbnailStore).destroy();
  });
});

describe('thumbnail store configuration', () => {
  const complete = {
    THUMBNAIL_STORE: 's3',
    S3_BUCKET: 'thumbs',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret',
    THUMBNAIL_PUBLIC_BASE_URL: 'https://cdn.example.com/',
  };

  it('defaults the region, leaves the endpoint unset and trims the base URL', () => {
    expect(s3ThumbnailStoreConfig(complete)).toEqual({
      bucket: 'thumbs',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      publicBaseUrl: 'https://cdn.example.com',
    });
    expect(s3ThumbnailStoreConfig({ ...complete, S3_REGION: 'auto', S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com' }))
      .toMatchObject({ region: 'auto', endpoint: 'https://acc.r2.cloudflarestorage.com' });
  });

  it.each([
    ['no variables at all', { THUMBNAIL_STORE: 's3' },
      'S3_BUCKET is missing; S3_ACCESS_KEY_ID is missing; S3_SECRET_ACCESS_KEY is missing; THUMBNAIL_PUBLIC_BASE_URL is missing'],
    ['no bucket', { ...complete, S3_BUCKET: undefined }, 'S3_BUCKET is missing'],
    ['a blank bucket', { ...complete, S3_BUCKET: '  ' }, 'S3_BUCKET is missing'],
    ['no access key id', { ...complete, S3_ACCESS_KEY_ID: '' }, 'S3_ACCESS_KEY_ID is missing'],
    ['no secret', { ...complete, S3_SECRET_ACCESS_KEY: undefined }, 'S3_SECRET_ACCESS_KEY is missing'],
    ['no public base URL', { ...complete, THUMBNAIL_PUBLIC_BASE_URL: undefined }, 'THUMBNAIL_PUBLIC_BASE_URL is missing'],
    ['a relative public base URL', { ...complete, THUMBNAIL_PUBLIC_BASE_URL: 'cdn.example.com' },
      'THUMBNAIL_PUBLIC_BASE_URL must be an http(s) URL'],
    ['an endpoint that is not http(s)', { ...complete, S3_ENDPOINT: 'ftp://minio:9000' }, 'S3_ENDPOINT must be an http(s) URL'],
    ['two problems at once', { ...complete, S3_BUCKET: undefined, S3_ENDPOINT: 'minio:9000' },
      'S3_BUCKET is missing; S3_ENDPOINT must be an http(s) URL'],
  ])('rejects %s', (_case, env, problems) => {
    expect(() => s3ThumbnailStoreConfig(env)).toThrow(`Invalid configuration for THUMBNAIL_STORE=s3: ${problems}`);
    // The same error stops the service at start-up.
    expect(() => createThumbnailStore('/unused', env)).toThrow(`Invalid configuration for THUMBNAIL_STORE=s3: ${problems}`);
  });

  it('keeps the local folder as the default', () => {
    expect(createThumbnailStore('/tmp/media', {})).toBeInstanceOf(LocalThumbnailStore);
    expect(createThumbnailStore('/tmp/media', { THUMBNAIL_STORE: 'local' })).toBeInstanceOf(LocalThumbnailStore);
  });

  it('refuses an unknown THUMBNAIL_STORE', () => {
    expect(() => createThumbnailStore('/tmp/media', { THUMBNAIL_STORE: 'gcs' }))
      .toThrow('Invalid configuration: THUMBNAIL_STORE=gcs is not supported (use "local" or "s3")');
  });
});
