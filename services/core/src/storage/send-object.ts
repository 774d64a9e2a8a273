import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { StorageUnavailableError, type ObjectStorage } from './object-storage.js';

export interface SendObjectOptions {
  cacheControl: string;
  /** Overrides the stored content type (e.g. when the key's extension decides it). */
  contentType?: string;
  notFoundMessage?: string;
}

function isRangeProblem(error: unknown): boolean {
  const candidate = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return candidate?.name === 'InvalidRange' || candidate?.$metadata?.httpStatusCode === 416;
}

/**
 * Answers a GET with one object from the bucket, honouring a Range header (206), in the service's envelope on
 * failure: 404 when absent, 416 for a range outside the file, 503 when the bucket is down. Whoever calls it has
 * already decided the caller may have the file.
 */
export async function sendStoredObject(storage: ObjectStorage, key: string, request: Request, response: Response, options: SendObjectOptions): Promise<void> {
  const range = typeof request.headers.range === 'string' && /^bytes=\d*-\d*$/.test(request.headers.range) ? request.headers.range : undefined;
  let object;
  try {
    object = await storage.stream(key, range);
  } catch (error) {
    if (isRangeProblem(error)) {
      response.status(416).json({ success: false, message: 'The requested range is outside the file' });
      return;
    }
    if (error instanceof StorageUnavailableError) {
      response.status(503).json({ success: false, message: error.message });
      return;
    }
    throw error;
  }
  if (!object) {
    response.status(404).json({ success: false, message: options.notFoundMessage ?? 'File not found' });
    return;
  }
  response.status(object.contentRange ? 206 : 200);
  response.setHeader('Content-Type', options.contentType ?? object.contentType);
  response.setHeader('Content-Length', String(object.size));
  response.setHeader('Accept-Ranges', 'bytes');
  response.setHeader('Cache-Control', options.cacheControl);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (object.contentRange) response.setHeader('Content-Range', object.contentRange);
  if (object.etag) response.setHeader('ETag', object.etag);
  if (request.method === 'HEAD') {
    object.body.destroy();
    response.end();
    return;
  }
  // A client that goes away mid-file ends the pipeline; nothing to report.
  await pipeline(object.body, response).catch(() => undefined);
}
