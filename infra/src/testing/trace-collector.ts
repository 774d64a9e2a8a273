import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One span as the services exported it over OTLP/HTTP (JSON encoding: ids in hex). */
export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}

export interface TraceCollector {
  /** What services set as OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  stop(): Promise<void>;
}

interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value?: { stringValue?: string } }> };
    scopeSpans?: Array<{ spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number }> }>;
  }>;
}

function spansOf(body: OtlpExport): CollectedSpan[] {
  return (body.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = resourceSpans.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value?.stringValue ?? 'unknown';
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        traceId: span.traceId,
        spanId: span.spanId,
        ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
        name: span.name,
        kind: span.kind,
      })),
    );
  });
}

/**
 * An OTLP/HTTP receiver for tests (JSON encoding, as @opentelemetry/exporter-trace-otlp-http sends): keeps what
 * the portal's processes export, and answers `GET /traces/<trace id>` with that trace's spans, so a journey in
 * another process can check a trace end to end.
 */
export async function startTraceCollector(): Promise<TraceCollector> {
  const spans: CollectedSpan[] = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/v1/traces') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const text = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          spans.push(...spansOf(JSON.parse(text) as OtlpExport));
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        } catch (error) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : 'unreadable export');
        }
      });
      return;
    }
    const wanted = /^\/traces\/([0-9a-f]{32})$/.exec(req.url ?? '');
    if (req.method === 'GET' && wanted) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(spans.filter((span) => span.traceId === wanted[1])));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
