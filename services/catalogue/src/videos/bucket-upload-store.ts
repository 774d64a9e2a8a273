import type { ObjectStorage } from '@academy/service-core';
import { DataStore, ERRORS, Upload } from '@tus/server';
import { Readable } from 'node:stream';

interface UploadInfo {
  id: string;
  size: number;
  metadata: Record<string, string | null>;
  creation_date: string;
}

/**
 * A tus data store on the media bucket through ObjectStorage, so it works on any S3-compatible server (s3rver has no
 * ListParts, which @tus/s3-store needs). Each PATCH's bytes become one object `<id>.parts/<offset>`; the offset is
 * what those objects add up to (a PATCH cut off mid-way stores nothing, and the client resends from there). When the
 * last byte arrives the parts are joined, in a multipart upload, into the object `<id>`, and removed.
 */
export class BucketUploadStore extends DataStore {
  constructor(private readonly storage: ObjectStorage) {
    super();
    this.extensions = ['creation', 'termination'];
  }

  private infoKey(id: string): string {
    return `${id}.info`;
  }

  private partsPrefix(id: string): string {
    return `${id}.parts/`;
  }

  private async info(id: string): Promise<UploadInfo> {
    const stored = await this.storage.get(this.infoKey(id));
    if (!stored) throw ERRORS.FILE_NOT_FOUND;
    return JSON.parse(stored.body.toString('utf8')) as UploadInfo;
  }

  override async create(upload: Upload): Promise<Upload> {
    if (upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    const info: UploadInfo = { id: upload.id, size: upload.size, metadata: upload.metadata ?? {}, creation_date: new Date().toISOString() };
    await this.storage.put(this.infoKey(upload.id), JSON.stringify(info), { contentType: 'application/json' });
    return new Upload({ ...info, offset: 0 });
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.info(id);
    const joined = await this.storage.head(id);
    const offset = joined ? joined.size : (await this.storage.list(this.partsPrefix(id))).reduce((sum, part) => sum + part.size, 0);
    return new Upload({ ...info, offset });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const { size } = await this.info(id);
    const stored = await this.storage.put(`${this.partsPrefix(id)}${String(offset).padStart(13, '0')}`, stream, {
      contentType: 'application/octet-stream',
      maxBytes: size - offset,
    });
    const reached = offset + stored.size;
    if (reached === size) await this.join(id);
    return reached;
  }

  /** The parts, in offset order, as one object. */
  private async join(id: string): Promise<void> {
    const parts = (await this.storage.list(this.partsPrefix(id))).map((part) => part.key).sort();
    const storage = this.storage;
    async function* bytes(): AsyncGenerator<Buffer> {
      for (const key of parts) {
        const part = await storage.stream(key);
        if (!part) throw new Error(`Upload part ${key} vanished`);
        for await (const chunk of part.body) yield chunk as Buffer;
      }
    }
    await this.storage.put(id, Readable.from(bytes()), { contentType: 'application/octet-stream' });
    await this.storage.deletePrefix(this.partsPrefix(id));
  }

  override async remove(id: string): Promise<void> {
    await this.storage.deletePrefix(this.partsPrefix(id));
    await this.storage.delete(id);
    await this.storage.delete(this.infoKey(id));
  }
}
