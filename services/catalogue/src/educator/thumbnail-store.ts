import { OBJECT_STORAGE, type ObjectStorage } from '@academy/service-core';
import { Inject, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { publicMediaUrlOf } from '../media/media-keys.js';

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

/** Keys are random uuids and never rewritten, so caches (browser, CDN) may keep an object forever. */
export const THUMBNAIL_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Uploaded thumbnails: objects `public/thumbnails/uploads/<uuid>.<kind>` in the media bucket, written with their
 * content type and an immutable Cache-Control. `save` gets bytes already checked by `requireThumbnailKind` and
 * returns the URL the course stores: under S3_PUBLIC_BASE_URL when the bucket has a public address (a CDN),
 * otherwise `/media/thumbnails/uploads/<name>`, which MediaController serves from the bucket.
 */
@Injectable()
export class ThumbnailStore {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  async save(bytes: Buffer, kind: ThumbnailKind): Promise<string> {
    const key = `public/thumbnails/uploads/${randomUUID()}.${kind}`;
    await this.storage.put(key, bytes, { contentType: THUMBNAIL_CONTENT_TYPES[kind], cacheControl: THUMBNAIL_CACHE_CONTROL, maxBytes: THUMBNAIL_MAX_BYTES });
    return this.storage.publicUrl(key) ?? publicMediaUrlOf(key);
  }
}
