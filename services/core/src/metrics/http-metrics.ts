import { Controller, Get, Header, Injectable, Res, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { Observable } from 'rxjs';
import { Public } from '../auth/decorators.js';

/** One registry per process: Node's default metrics (event loop, heap, GC) and the HTTP latency histogram. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/**
 * Times every request handled by a controller, labelled by the route pattern (`/api/course/:id`, never the raw
 * path, so the label set stays small) and the status actually sent, errors included.
 */
@Injectable()
export class HttpMetricsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const stop = httpRequestDuration.startTimer();
    response.once('finish', () => {
      const route = `${request.baseUrl ?? ''}${(request.route as { path?: string } | undefined)?.path ?? ''}` || 'unmatched';
      stop({ method: request.method, route, status: String(response.statusCode) });
    });
    return next.handle();
  }
}

/** Prometheus scrape target. The edge never routes /metrics, and NetworkPolicies admit only Prometheus. */
@Controller('metrics')
export class MetricsController {
  @Get()
  @Public()
  @Header('Cache-Control', 'no-store')
  async metrics(@Res({ passthrough: true }) response: Response): Promise<string> {
    response.type(metricsRegistry.contentType);
    return metricsRegistry.metrics();
  }
}

/**
 * Workers have no HTTP app: with METRICS_PORT set they serve the same registry (job durations and failures, queue
 * depth, Node's metrics) on `GET /metrics` of that port, for Prometheus only (the manifests' NetworkPolicy).
 */
export async function startMetricsServer(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' }).end(text),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
