import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * Sends a JSON body with a strong ETag of its bytes, or 304 when the caller already holds it. Hashing the body
 * means any change to the course or its counters changes the tag, with no version bookkeeping to forget.
 */
export function sendCacheable(request: Request, response: Response, body: object, options: { personal: boolean }): void {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  response.setHeader('ETag', etag);
  // no-cache: caches may keep it but must revalidate; personal answers stay out of shared caches.
  response.setHeader('Cache-Control', options.personal ? 'private, no-cache' : 'public, no-cache');
  response.setHeader('Vary', 'Authorization');
  if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
    response.status(304).end();
    return;
  }
  response.status(200).type('application/json').send(json);
}
