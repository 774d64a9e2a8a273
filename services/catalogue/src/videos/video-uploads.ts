import {
  EDUCATOR_ROLE,
  VIDEO_FORMAT_REFUSED_MESSAGE,
  VIDEO_TOO_LARGE_MESSAGE,
  VIDEO_UPLOAD_FORMATS,
  VIDEO_UPLOAD_MAX_BYTES,
  VIDEO_UPLOAD_PATH,
} from '@academy/contracts';
import { CurrentUser, OBJECT_STORAGE, Roles, type AuthUser, type ObjectStorage } from '@academy/service-core';
import { InjectQueue } from '@nestjs/bullmq';
import { All, Controller, Inject, Injectable, Req, Res } from '@nestjs/common';
import { Server } from '@tus/server';
import type { Queue } from 'bullmq';
import type { Request, Response } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { BucketUploadStore } from './bucket-upload-store.js';
import { VIDEO_QUEUE, VideoJob, type TranscodeVideoData } from './video-queue.js';
import { VideosRepository } from './videos.repository.js';

/** Sources are kept under this prefix of the bucket, one object per upload (plus tus's `.info`). */
const SOURCE_PREFIX = 'uploads/videos/';
const ACCEPTED_MIME_TYPES = new Set(VIDEO_UPLOAD_FORMATS.map((format) => format.mime));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A tus hook's refusal: the server answers `status_code` with `body`. */
function refusal(status: number, message: string): { status_code: number; body: string } {
  return { status_code: status, body: JSON.stringify({ success: false, message }) };
}

/** Sends a transcode job for a video (after its upload, or when the educator asks for a retry). */
@Injectable()
export class VideoTranscodeQueue {
  constructor(@InjectQueue(VIDEO_QUEUE) private readonly queue: Queue<TranscodeVideoData>) {}

  async enqueue(videoId: string): Promise<void> {
    // A fixed job id per video and try: the same request twice queues one job.
    await this.queue.add(VideoJob.Transcode, { videoId }, { jobId: `${videoId}-${Date.now()}`, attempts: 3, backoff: { type: 'exponential', delay: 5_000 } });
  }
}

/**
 * @tus/server over the media bucket (BucketUploadStore). Who is uploading comes from the request's
 * verified token (the controller runs every tus request inside `uploader.run`); an upload is only ever answered to
 * the educator who started it.
 */
@Injectable()
export class VideoUploads {
  readonly uploader = new AsyncLocalStorage<{ educatorId: string }>();
  readonly server: Server;

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly videos: VideosRepository,
    private readonly transcodes: VideoTranscodeQueue,
  ) {
    this.server = new Server({
      path: VIDEO_UPLOAD_PATH,
      datastore: new BucketUploadStore(storage),
      maxSize: VIDEO_UPLOAD_MAX_BYTES,
      relativeLocation: true,
      namingFunction: () => `${SOURCE_PREFIX}${randomUUID()}`,
      generateUrl: (_request, { path, id }) => `${path}/${id.slice(SOURCE_PREFIX.length)}`,
      getFileIdFromRequest: (request) => {
        const last = new URL(request.url).pathname.split('/').pop() ?? '';
        return UUID.test(last) ? `${SOURCE_PREFIX}${last}` : undefined;
      },
      onUploadCreate: async (_request, upload) => {
        const educatorId = this.currentEducator();
        await this.videos.create({
          id: upload.id.slice(SOURCE_PREFIX.length),
          educatorId,
          sourceKey: upload.id,
          sourceName: upload.metadata?.filename ?? 'video',
          sourceBytes: upload.size ?? 0,
        });
        return {};
      },
      onIncomingRequest: async (request, uploadId) => {
        // Creation asks too, before the row exists (onUploadCreate makes it).
        if (request.method === 'POST') return;
        const video = await this.videos.find(uploadId.slice(SOURCE_PREFIX.length));
        if (!video || video.educatorId !== this.currentEducator()) throw refusal(404, 'Upload not found');
      },
      onUploadFinish: async (_request, upload) => {
        const videoId = upload.id.slice(SOURCE_PREFIX.length);
        const kind = await this.sniff(upload.id);
        if (!kind || !ACCEPTED_MIME_TYPES.has(kind.mime)) {
          // Refused: nothing of it stays, neither the bytes nor the row.
          await this.server.datastore.remove(upload.id);
          await this.videos.remove(videoId);
          throw refusal(415, VIDEO_FORMAT_REFUSED_MESSAGE);
        }
        if (await this.videos.markProcessing(videoId)) await this.transcodes.enqueue(videoId);
        return {};
      },
    });
  }

  /** The type the first 64 KB say the file is (the name and the browser's claim are not trusted). */
  private async sniff(key: string): Promise<{ mime: string } | undefined> {
    const start = await this.storage.stream(key, 'bytes=0-65535');
    if (!start) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of start.body) chunks.push(chunk as Buffer);
    return fileTypeFromBuffer(Buffer.concat(chunks));
  }

  private currentEducator(): string {
    const context = this.uploader.getStore();
    if (!context) throw refusal(401, 'Sign in to upload');
    return context.educatorId;
  }

}

/** The tus protocol's routes (POST to create, HEAD to resume, PATCH to send bytes, DELETE to cancel), educators only. */
@Controller('api/educator/videos')
@Roles(EDUCATOR_ROLE)
export class VideoUploadsController {
  constructor(private readonly uploads: VideoUploads) {}

  @All(['uploads', 'uploads/*id'])
  async tus(@Req() request: Request, @Res() response: Response, @CurrentUser() educator: AuthUser): Promise<void> {
    if (request.method === 'POST') {
      // Refused before anything is created, with a message the dialog can show under the field.
      const length = Number(request.headers['upload-length']);
      if (!Number.isSafeInteger(length) || length <= 0) {
        response.status(400).json({ success: false, message: 'Upload-Length is required: the size must be known before the upload starts' });
        return;
      }
      if (length > VIDEO_UPLOAD_MAX_BYTES) {
        response.status(413).json({ success: false, message: VIDEO_TOO_LARGE_MESSAGE });
        return;
      }
    }
    await this.uploads.uploader.run({ educatorId: educator.id }, () => this.uploads.server.handle(request, response));
  }
}
