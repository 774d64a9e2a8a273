import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** A JSON body as sent, with the strong ETag of its bytes. */
export interface SerializedAnswer {
  json: string;
  etag: string;
}

/**
 * Serializes a body once and tags it. Hashing the body means any change to the course or its counters changes the
 * tag, with no version bookkeeping to forget.
 */
export function serializedAnswer(body: object): SerializedAnswer {
  const json = JSON.stringify(body);
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
}

function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/** Sends a serialized answer with its ETag, or 304 when the caller already holds it. */
export function sendCacheable(request: Request, response: Response, answer: SerializedAnswer, options: { personal: boolean }): void {
  response.setHeader('ETag', answer.etag);
  // no-cache: caches may keep it but must revalidate; personal answers stay out of shared caches.
  response.setHeader('Cache-Control', options.personal ? 'private, no-cache' : 'public, no-cache');
  response.setHeader('Vary', 'Authorization');
  if (ifNoneMatchHits(request.headers['if-none-match'], answer.etag)) {
    response.status(304).end();
    return;
  }
  response.status(200).type('application/json').send(answer.json);
}
