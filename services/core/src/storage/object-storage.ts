import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { PayloadTooLargeException, ServiceUnavailableException, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { Readable, Transform } from 'node:stream';
import { z } from 'zod';
import { formatFileSize } from '@academy/contracts';
import { CORE_CONFIG } from '../config/config.js';

/**
 * Settings of the S3-compatible bucket every media file lives in (AWS S3, R2, MinIO; locally s3rver, started by
 * `npm start` and by the test harness). A service that stores files lists this shape in its configShape.
 */
export const objectStorageConfigShape = {
  S3_BUCKET: z.string().min(3),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Set for anything but AWS itself (s3rver, MinIO, R2); path-style addressing is then used. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1),
  S3_SECRET_ACCESS_KEY: z.string().min(1),
  /** Where public objects (thumbnails, posters) are readable without credentials (CDN or bucket website); optional. */
  S3_PUBLIC_BASE_URL: z.string().url().optional(),
};

export type ObjectStorageConfig = z.infer<z.ZodObject<typeof objectStorageConfigShape>>;

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
  etag?: string;
  lastModified?: Date;
}

export interface PutOptions {
  contentType: string;
  /** Refused (413, nothing stored) when the body is larger; a stream is counted as it flows. */
  maxBytes?: number;
  cacheControl?: string;
  /** E.g. `attachment; filename="notes.pdf"` for files that should download rather than open. */
  contentDisposition?: string;
}

export interface ObjectStream extends StoredObject {
  body: Readable;
  /** Set when a byte range was asked for: `bytes start-end/total`. */
  contentRange?: string;
}

export interface PresignOptions {
  /** Seconds the URL works (default 300). */
  expiresInSeconds?: number;
  /** GET to read (default), PUT to let a client upload one object directly. */
  method?: 'GET' | 'PUT';
  /** PUT only: the content type the upload must declare. */
  contentType?: string;
}

/** 413 with a message naming the limit; nothing was stored. */
export class ObjectTooLargeError extends PayloadTooLargeException {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the ${formatBytes(maxBytes)} allowed`);
  }
}

/** 503: the bucket did not answer (down, unreachable, misconfigured credentials). */
export class StorageUnavailableError extends ServiceUnavailableException {
  constructor(cause?: unknown) {
    super('File storage is unavailable; try again in a minute', { cause });
  }
}

export function formatBytes(bytes: number): string {
  return formatFileSize(bytes);
}

/**
 * Files by key in one bucket. Keys are the caller's (e.g. `thumbnails/<uuid>.png`, `videos/<id>/v3/720p/seg_001.ts`);
 * nothing here knows what a file is for. Errors: ObjectTooLargeError (413), StorageUnavailableError (503).
 */
export interface ObjectStorage {
  put(key: string, body: Buffer | string | Readable, options: PutOptions): Promise<StoredObject>;
  /** The whole object in memory (small files: playlists, keys, captions); null when absent. */
  get(key: string): Promise<{ body: Buffer; object: StoredObject } | null>;
  head(key: string): Promise<StoredObject | null>;
  /** The object (or `range`, an HTTP Range header value) as a stream; null when absent. */
  stream(key: string, range?: string): Promise<ObjectStream | null>;
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): Promise<StoredObject[]>;
  /** Deletes every object under `prefix`; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** A time-limited URL that reads (or writes) one object without credentials. */
  presign(key: string, options?: PresignOptions): Promise<string>;
  /** The object's URL under S3_PUBLIC_BASE_URL, or null when the bucket has no public address. */
  publicUrl(key: string): string | null;
}

function isMissing(error: unknown): boolean {
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return candidate?.name === 'NoSuchKey' || candidate?.name === 'NotFound' || candidate?.$metadata?.httpStatusCode === 404;
}

function isUnavailable(error: unknown): boolean {
  if (error instanceof ObjectTooLargeError) return false;
  const candidate = error as { $metadata?: { httpStatusCode?: number }; code?: string; name?: string };
  const status = candidate?.$metadata?.httpStatusCode;
  // No HTTP status means the request never got an answer (refused, reset, timed out).
  return status === undefined || status >= 500 || status === 403 || status === 401;
}

function validKey(key: string): string {
  if (!key || key.startsWith('/') || key.includes('..') || key.length > 900) throw new Error(`Invalid object key: ${key}`);
  return key;
}

/** Counts bytes as they pass and fails the stream once `maxBytes` is exceeded. */
function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new ObjectTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
}

export class S3ObjectStorage implements ObjectStorage, OnApplicationShutdown {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly publicBaseUrl: string | null;

  constructor(config: ObjectStorageConfig) {
    this.bucket = config.S3_BUCKET;
    this.publicBaseUrl = config.S3_PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? null;
    this.client = new S3Client({
      region: config.S3_REGION,
      credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
      // Storage down must fail fast (503), not hang a request for the SDK's default retries.
      maxAttempts: 2,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
    });
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ObjectTooLargeError) throw error;
      if (isUnavailable(error)) throw new StorageUnavailableError(error);
      throw error;
    }
  }

  async put(key: string, body: Buffer | string | Readable, options: PutOptions): Promise<StoredObject> {
    validKey(key);
    const common = {
      Bucket: this.bucket,
      Key: key,
      ContentType: options.contentType,
      ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
      ...(options.contentDisposition ? { ContentDisposition: options.contentDisposition } : {}),
    };
    if (!(body instanceof Readable)) {
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      if (options.maxBytes !== undefined && bytes.length > options.maxBytes) throw new ObjectTooLargeError(options.maxBytes);
      const answer = await this.call(() => this.client.send(new PutObjectCommand({ ...common, Body: bytes, ContentLength: bytes.length })));
      return { key, size: bytes.length, contentType: options.contentType, ...(answer.ETag ? { etag: answer.ETag } : {}) };
    }
    // A stream of unknown length goes up in parts; a failure (or the limit) aborts the upload, so nothing is stored.
    const limited = options.maxBytes === undefined ? body : body.pipe(byteLimit(options.maxBytes));
    if (limited !== body) body.on('error', (error) => limited.destroy(error));
    const upload = new Upload({ client: this.client, params: { ...common, Body: limited }, leavePartsOnError: false });
    let failure: unknown;
    limited.on('error', (error) => {
      failure = error;
      void upload.abort().catch(() => undefined);
    });
    try {
      await this.call(() => upload.done());
    } catch (error) {
      throw failure instanceof ObjectTooLargeError ? failure : error;
    }
    if (failure) throw failure;
    const stored = await this.head(key);
    if (!stored) throw new StorageUnavailableError(new Error(`${key} missing right after upload`));
    return stored;
  }

  async get(key: string): Promise<{ body: Buffer; object: StoredObject } | null> {
    const streamed = await this.stream(key);
    if (!streamed) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of streamed.body) chunks.push(chunk as Buffer);
    const { body: _body, ...object } = streamed;
    return { body: Buffer.concat(chunks), object };
  }

  async head(key: string): Promise<StoredObject | null> {
    validKey(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? 'application/octet-stream',
        ...(answer.ETag ? { etag: answer.ETag } : {}),
        ...(answer.LastModified ? { lastModified: answer.LastModified } : {}),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      if (isUnavailable(error)) throw new StorageUnavailableError(error);
      throw error;
    }
  }

  async stream(key: string, range?: string): Promise<ObjectStream | null> {
    validKey(key);
    let answer: GetObjectCommandOutput;
    try {
      answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: range } : {}) }));
    } catch (error) {
      if (isMissing(error)) return null;
      if (isUnavailable(error)) throw new StorageUnavailableError(error);
      throw error;
    }
    return {
      key,
      body: answer.Body as Readable,
      size: answer.ContentLength ?? 0,
      contentType: answer.ContentType ?? 'application/octet-stream',
      ...(answer.ETag ? { etag: answer.ETag } : {}),
      ...(answer.LastModified ? { lastModified: answer.LastModified } : {}),
      ...(answer.ContentRange ? { contentRange: answer.ContentRange } : {}),
    };
  }

  async delete(key: string): Promise<void> {
    validKey(key);
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.call(() =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) })),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        found.push({
          key: item.Key,
          size: item.Size ?? 0,
          contentType: 'application/octet-stream',
          ...(item.ETag ? { etag: item.ETag } : {}),
          ...(item.LastModified ? { lastModified: item.LastModified } : {}),
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found;
  }

  async deletePrefix(prefix: string): Promise<number> {
    // An empty prefix would empty the bucket: never what a caller means.
    if (!prefix.endsWith('/')) throw new Error(`deletePrefix needs a folder-like prefix ending in "/": ${prefix}`);
    const keys = (await this.list(prefix)).map((object) => object.key);
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000);
      await this.call(() =>
        this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } })),
      );
    }
    return keys.length;
  }

  async presign(key: string, options: PresignOptions = {}): Promise<string> {
    validKey(key);
    const expiresIn = options.expiresInSeconds ?? 300;
    const command =
      options.method === 'PUT'
        ? new PutObjectCommand({ Bucket: this.bucket, Key: key, ...(options.contentType ? { ContentType: options.contentType } : {}) })
        : new GetObjectCommand({ Bucket: this.bucket, Key: key });
    return getSignedUrl(this.client, command, { expiresIn });
  }

  publicUrl(key: string): string | null {
    return this.publicBaseUrl ? `${this.publicBaseUrl}/${validKey(key)}` : null;
  }

  /** Creates the bucket when it does not exist (local servers and tests; a real bucket is made by its owner). */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      if (!isMissing(error)) throw isUnavailable(error) ? new StorageUnavailableError(error) : error;
      await this.call(() => this.client.send(new CreateBucketCommand({ Bucket: this.bucket })));
    }
  }

  /** Closes the SDK's connections. */
  destroy(): void {
    this.client.destroy();
  }

  onApplicationShutdown(): void {
    this.destroy();
  }
}

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

/** The bucket from the settings CoreModule validated at start (the service lists `objectStorageConfigShape`). */
export const objectStorageProvider: Provider = {
  provide: OBJECT_STORAGE,
  inject: [CORE_CONFIG],
  useFactory: (config: ObjectStorageConfig): ObjectStorage => new S3ObjectStorage(config),
};
