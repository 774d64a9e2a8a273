import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable } from 'rxjs';

/**
 * The request id of the work in progress: an HTTP request (the id nginx or the edge sent, or the one pino-http
 * made) or a job (the id of the request that enqueued it). It travels on: into every log line (pino `mixin`),
 * into internal calls (`X-Request-Id`, InternalClient) and into jobs enqueued meanwhile (`data.requestId`).
 */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export const REQUEST_ID_HEADER = 'x-request-id';
/** What a job's data carries: the request id of the work that enqueued it. */
export const JOB_REQUEST_ID_FIELD = 'requestId';
const SANE_ID = /^[\w.:-]{1,128}$/;

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return requestContext.run({ requestId }, work);
}

/** The request id a job runs under: the enqueuing request's, else `<queue>:<job id>`. */
export function jobRequestId(queue: string, job: { id?: string; data?: unknown }): string {
  const sent = (job.data as Record<string, unknown> | null | undefined)?.[JOB_REQUEST_ID_FIELD];
  return typeof sent === 'string' && SANE_ID.test(sent) ? sent : `${queue}:${job.id ?? 'unknown'}`;
}

/** Adds the current request id to a job's data (a plain object that has none); anything else is left as is. */
export function stampRequestId<T>(data: T): T {
  const requestId = currentRequestId();
  if (!requestId || data === null || typeof data !== 'object' || Array.isArray(data) || JOB_REQUEST_ID_FIELD in data) return data;
  return { ...data, [JOB_REQUEST_ID_FIELD]: requestId };
}

/**
 * Runs each controller call inside the request's context (after body parsing, where AsyncLocalStorage is
 * reliable). The id is pino-http's `req.id`, itself the incoming X-Request-Id when sane.
 */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request & { id?: unknown }>();
    const response = context.switchToHttp().getResponse<Response>();
    const header = request.headers[REQUEST_ID_HEADER];
    const requestId = String(request.id ?? response.getHeader(REQUEST_ID_HEADER) ?? (typeof header === 'string' && SANE_ID.test(header) ? header : '')) || undefined;
    if (!requestId) return next.handle();
    return new Observable((subscriber) => runWithRequestId(requestId, () => next.handle().subscribe(subscriber)));
  }
}
