import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Inject, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CORE_CONFIG } from '@academy/service-core';
import type { CatalogueConfig } from '../catalogue-config.js';
import { MEDIA_ROOT, mediaRootProviders } from '../media/media-roots.js';

/** Largest accepted thumbnail; multer stops reading beyond it and the request fails with 413. */
export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;

export type ThumbnailKind = 'png' | 'jpg' | 'webp';

export const THUMBNAIL_CONTENT_TYPES: Record<ThumbnailKind, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

/** The image kind from its first bytes; the client's declared type and file name are not trusted. */
export function imageKind(bytes: Buffer): ThumbnailKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** 415 unless the bytes are a PNG, JPEG or WebP image. */
export function requireThumbnailKind(bytes: Buffer): ThumbnailKind {
  const kind = imageKind(bytes);
  if (!kind) throw new UnsupportedMediaTypeException('Thumbnail must be a PNG, JPEG or WebP image');
  return kind;
}

/**
 * Where uploaded thumbnails live. `save` gets bytes already checked by `requireThumbnailKind` and returns the URL
 * the course stores (served with the content type of `kind`). The local folder is the default; S3ThumbnailStore
 * (S3-compatible object storage) is selected by configuration (see thumbnailStoreProviders).
 */
export interface ThumbnailStore {
  save(bytes: Buffer, kind: ThumbnailKind): Promise<string>;
}

export const THUMBNAIL_STORE = Symbol('THUMBNAIL_STORE');

/** Files under <media root>/thumbnails/uploads/, served by MediaController at /media/thumbnails/uploads/<name>. */
@Injectable()
export class LocalThumbnailStore implements ThumbnailStore {
  constructor(@Inject(MEDIA_ROOT) private readonly mediaRoot: string) {}

  async save(bytes: Buffer, kind: ThumbnailKind): Promise<string> {
    const name = `${randomUUID()}.${kind}`;
    const directory = path.join(this.mediaRoot, 'thumbnails', 'uploads');
    await mkdir(directory, { recursive: true });
    await writeFile(path.join(directory, name), bytes, { flag: 'wx' });
    return `/media/thumbnails/uploads/${name}`;
  }
}

/** Keys are random uuids and never rewritten, so caches (browser, CDN) may keep an object forever. */
export const THUMBNAIL_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface S3ThumbnailStoreConfig {
  bucket: string;
  region: string;
  /** Set for MinIO, R2 or another S3-compatible service; path-style addressing is then used. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket's objects are publicly readable (CDN, bucket website); the key is appended to it. */
  publicBaseUrl: string;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The S3 store's settings from the environment (THUMBNAIL_STORE=s3), checked all at once: the error names every
 * missing or malformed variable. S3_REGION defaults to us-east-1; S3_ENDPOINT is optional.
 */
/** The settings the thumbnail store reads (validated with the rest of the catalogue's config at start-up). */
export type ThumbnailStoreSettings = Partial<
  Record<'THUMBNAIL_STORE' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'THUMBNAIL_PUBLIC_BASE_URL', string>
>;

export function s3ThumbnailStoreConfig(env: ThumbnailStoreSettings): S3ThumbnailStoreConfig {
  const read = (name: keyof ThumbnailStoreSettings) => env[name]?.trim() || undefined;
  const problems: string[] = [];
  const required = (name: keyof ThumbnailStoreSettings): string => {
    const value = read(name);
    if (!value) problems.push(`${name} is missing`);
    return value ?? '';
  };
  const bucket = required('S3_BUCKET');
  const accessKeyId = required('S3_ACCESS_KEY_ID');
  const secretAccessKey = required('S3_SECRET_ACCESS_KEY');
  const publicBaseUrl = required('THUMBNAIL_PUBLIC_BASE_URL');
  if (publicBaseUrl && !isHttpUrl(publicBaseUrl)) problems.push('THUMBNAIL_PUBLIC_BASE_URL must be an http(s) URL');
  const endpoint = read('S3_ENDPOINT');
  if (endpoint && !isHttpUrl(endpoint)) problems.push('S3_ENDPOINT must be an http(s) URL');
  if (problems.length) {
    throw new Error(`Invalid configuration for THUMBNAIL_STORE=s3: ${problems.join('; ')}`);
  }
  return {
    bucket,
    region: read('S3_REGION') ?? 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    accessKeyId,
    secretAccessKey,
    publicBaseUrl: publicBaseUrl.replace(/\/+$/, ''),
  };
}

/**
 * Objects `thumbnails/<uuid>.<kind>` in an S3 bucket (AWS S3, or MinIO, R2... through S3_ENDPOINT), written with
 * their content type and an immutable Cache-Control; the stored URL is THUMBNAIL_PUBLIC_BASE_URL + '/' + key.
 */
export class S3ThumbnailStore implements ThumbnailStore {
  private readonly client: S3Client;

  constructor(private readonly config: S3ThumbnailStoreConfig) {
    this.client = new S3Client({
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    });
  }

  async save(bytes: Buffer, kind: ThumbnailKind): Promise<string> {
    const key = `thumbnails/${randomUUID()}.${kind}`;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: bytes,
        ContentType: THUMBNAIL_CONTENT_TYPES[kind],
        CacheControl: THUMBNAIL_CACHE_CONTROL,
      }),
    );
    return `${this.config.publicBaseUrl}/${key}`;
  }

  /** Closes the SDK's HTTP connections (tests; the service keeps one client for its lifetime). */
  destroy(): void {
    this.client.destroy();
  }
}

/**
 * THUMBNAIL_STORE=local (default) or s3 (see s3ThumbnailStoreConfig), read once at start-up; a bad or incomplete
 * configuration fails the start instead of silently writing to the local disk.
 */
export function thumbnailStoreProviders() {
  return [
    ...mediaRootProviders,
    {
      provide: THUMBNAIL_STORE,
      inject: [MEDIA_ROOT, CORE_CONFIG],
      useFactory: (mediaRoot: string, config: CatalogueConfig): ThumbnailStore => createThumbnailStore(mediaRoot, config),
    },
  ];
}

export function createThumbnailStore(mediaRoot: string, env: ThumbnailStoreSettings): ThumbnailStore {
  const kind = env.THUMBNAIL_STORE?.trim() || 'local';
  if (kind === 'local') return new LocalThumbnailStore(mediaRoot);
  if (kind === 's3') return new S3ThumbnailStore(s3ThumbnailStoreConfig(env));
  throw new Error(`Invalid configuration: THUMBNAIL_STORE=${kind} is not supported (use "local" or "s3")`);
}
