import { Inject, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultMediaRoot } from '../media/generate-media.js';

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
 * the course stores (served with the content type of `kind`). The local folder is the default; an S3-compatible
 * store can implement the same interface and be selected by configuration (see thumbnailStoreProviders).
 */
export interface ThumbnailStore {
  save(bytes: Buffer, kind: ThumbnailKind): Promise<string>;
}

export const THUMBNAIL_STORE = Symbol('THUMBNAIL_STORE');
export const MEDIA_ROOT = Symbol('MEDIA_ROOT');

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

/**
 * THUMBNAIL_STORE=local (default). `s3` is reserved for an S3-compatible store; it is not built yet, so asking for
 * it fails at start-up instead of silently writing to the local disk.
 */
export function thumbnailStoreProviders() {
  return [
    { provide: MEDIA_ROOT, useFactory: () => defaultMediaRoot() },
    {
      provide: THUMBNAIL_STORE,
      inject: [MEDIA_ROOT],
      useFactory: (mediaRoot: string): ThumbnailStore => {
        const kind = process.env.THUMBNAIL_STORE ?? 'local';
        if (kind === 'local') return new LocalThumbnailStore(mediaRoot);
        throw new Error(`Invalid configuration: THUMBNAIL_STORE=${kind} is not supported (use "local")`);
      },
    },
  ];
}
