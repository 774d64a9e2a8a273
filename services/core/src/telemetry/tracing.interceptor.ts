import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor, type OnApplicationShutdown } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable } from 'rxjs';
import { academyTracer, contextFromHeaders, stopTracing, tracingEnabled } from './tracing.js';

/**
 * One server span per HTTP request, child of the caller's `traceparent` (the edge, nginx passing the browser's,
 * or another service's internal call), named by the route pattern so that traces group by endpoint. Runs each
 * controller call inside the span (after body parsing, where AsyncLocalStorage is reliable), so internal calls
 * and jobs enqueued by the handler join the trace.
 */
@Injectable()
export class TracingInterceptor implements NestInterceptor {
  intercept(executionContext: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!tracingEnabled() || executionContext.getType() !== 'http') return next.handle();
    const request = executionContext.switchToHttp().getRequest<Request>();
    const response = executionContext.switchToHttp().getResponse<Response>();
    const route = typeof request.route?.path === 'string' ? request.route.path : request.path;
    const parent = contextFromHeaders(request.headers);
    const span = academyTracer().startSpan(
      `${request.method} ${route}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route, 'url.path': request.path } },
      parent,
    );
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      span.setAttribute('http.response.status_code', response.statusCode);
      if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    response.once('finish', end);
    response.once('close', end);
    const active = trace.setSpan(parent, span);
    return new Observable((subscriber) =>
      context.with(active, () =>
        next.handle().subscribe({
          next: (value) => subscriber.next(value),
          error: (error: unknown) => {
            span.recordException(error instanceof Error ? error : new Error(String(error)));
            subscriber.error(error);
          },
          complete: () => subscriber.complete(),
        }),
      ),
    );
  }
}

/** Sends the spans still buffered when the process stops (SIGTERM through Nest's shutdown hooks). */
@Injectable()
export class TracingShutdown implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return stopTracing();
  }
}
