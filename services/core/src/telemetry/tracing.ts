import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { z } from 'zod';
import { ConfigError } from '../config/config.js';

/**
 * Traces (OpenTelemetry): a request is followed from the edge through each service it reaches, over internal
 * calls (W3C `traceparent`) and into the BullMQ jobs it enqueues (bullmq's own telemetry, see core.module.ts).
 * Off unless configured, so it costs nothing by default:
 * - `OTEL_TRACES_EXPORTER=otlp` (the default when `OTEL_EXPORTER_OTLP_ENDPOINT` or `..._TRACES_ENDPOINT` is set):
 *   spans go over OTLP/HTTP (JSON) to a collector, Jaeger, Tempo or any OTLP receiver;
 * - `console`: one JSON log line per finished span on stdout (what `npm start` shows when asked);
 * - `none`: off.
 */
const tracingEnvironment = z.object({
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'console', 'none']).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
});

export type TracesExporter = 'otlp' | 'console' | 'none';

export function tracesExporterFrom(environment: NodeJS.ProcessEnv): TracesExporter {
  const parsed = tracingEnvironment.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message} (tracing settings)`));
  }
  const settings = parsed.data;
  if (settings.OTEL_TRACES_EXPORTER) return settings.OTEL_TRACES_EXPORTER;
  return settings.OTEL_EXPORTER_OTLP_ENDPOINT || settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? 'otlp' : 'none';
}

/** Writes each finished span as one JSON line, in the services' log format (pino's level 30 = info). */
class LogLineSpanExporter implements SpanExporter {
  export(spans: ReadableSpan[], done: (result: { code: 0 }) => void): void {
    for (const span of spans) {
      const spanContext = span.spanContext();
      const durationMs = span.duration[0] * 1000 + span.duration[1] / 1e6;
      process.stdout.write(
        `${JSON.stringify({
          level: 30,
          time: Date.now(),
          msg: `span ${span.name} ${durationMs.toFixed(1)} ms`,
          service: span.resource.attributes['service.name'],
          traceId: spanContext.traceId,
          spanId: spanContext.spanId,
          parentSpanId: span.parentSpanContext?.spanId,
          attributes: span.attributes,
        })}\n`,
      );
    }
    done({ code: 0 });
  }

  async shutdown(): Promise<void> {}
}

let provider: NodeTracerProvider | undefined;
let started: TracesExporter | undefined;

/**
 * Starts tracing for this process once (the first caller names the service; `OTEL_SERVICE_NAME` wins). Returns
 * which exporter runs. Also installs the W3C trace-context propagator and the AsyncLocalStorage context manager.
 */
export function startTracing(serviceName: string, environment: NodeJS.ProcessEnv = process.env): TracesExporter {
  if (started) return started;
  const exporterName = tracesExporterFrom(environment);
  started = exporterName;
  if (exporterName === 'none') return exporterName;
  // The endpoint is read from `environment` (the launcher's edge passes its own), not from process.env.
  const traces = environment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = environment.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  const url = traces ?? (base ? `${base}/v1/traces` : undefined);
  const exporter: SpanExporter = exporterName === 'otlp' ? new OTLPTraceExporter(url ? { url } : {}) : new LogLineSpanExporter();
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': environment.OTEL_SERVICE_NAME ?? serviceName }),
    // Short delay: a job's spans reach the collector within a second, and a stopping pod loses little.
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 500 })],
  });
  provider.register();
  return exporterName;
}

export function tracingEnabled(): boolean {
  return started !== undefined && started !== 'none';
}

/** Sends what is buffered (called on shutdown). */
export async function stopTracing(): Promise<void> {
  await provider?.shutdown();
}

export function academyTracer(): Tracer {
  return trace.getTracer('academy');
}

/** The context carried by headers (`traceparent`, `tracestate`) over `base` (the active context by default). */
export function contextFromHeaders(headers: Record<string, string | string[] | undefined>, base: Context = context.active()): Context {
  return propagation.extract(base, headers);
}

/** Runs `work` in the trace a stored `traceparent` names (a purchase's, say); in the active context without one. */
export function inTraceOf<T>(traceparent: string | null | undefined, work: () => T): T {
  if (!traceparent) return work();
  return context.with(propagation.extract(ROOT_CONTEXT, { traceparent }), work);
}

/** Headers that carry the active context to the next process. */
export function traceHeaders(active: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(active, carrier);
  return carrier;
}

/**
 * Runs `work` inside a span of the given kind, ending it when the work settles (an error marks the span and is
 * rethrown). The span is the active context within the work, so calls and jobs started there join the trace.
 */
export async function inSpan<T>(name: string, options: { kind: SpanKind; parent?: Context; attributes?: Record<string, string | number> }, work: (span: Span) => Promise<T>): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = academyTracer().startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    span.recordException(error instanceof Error ? error : new Error(String(error)));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    span.end();
  }
}
