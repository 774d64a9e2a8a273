import { INTERNAL_TOKEN_HEADER } from '../auth/guards.js';
import { SpanKind } from '@opentelemetry/api';
import { currentRequestId, REQUEST_ID_HEADER } from '../logging/request-context.js';
import { inSpan, traceHeaders } from '../telemetry/tracing.js';

export class InternalCallError extends Error {
  override name = 'InternalCallError';
  constructor(
    message: string,
    /** HTTP status of the other service, or undefined when it did not answer. */
    readonly status: number | undefined,
    readonly body: unknown,
  ) {
    super(message);
  }
}

export interface InternalClientOptions {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
}

/** Calls another service's `/internal/*` routes with the shared token and a timeout. */
export class InternalClient {
  private readonly baseUrl: string;

  constructor(private readonly options: InternalClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  post<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('POST', path, body);
  }

  private request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = `${this.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
    // The path's ids are left out of the span name, so that calls group by route.
    const route = path.split('?')[0]!.replace(/\/[0-9a-f-]{8,}|\/\d+/gi, '/:id');
    return inSpan(`${method} ${route}`, { kind: SpanKind.CLIENT, attributes: { 'http.request.method': method, 'url.full': url } }, () =>
      this.send<T>(method, url, body),
    );
  }

  private async send<T>(method: string, url: string, body?: unknown): Promise<T> {
    let response: Response;
    const requestId = currentRequestId();
    try {
      response = await fetch(url, {
        method,
        headers: {
          [INTERNAL_TOKEN_HEADER]: this.options.token,
          accept: 'application/json',
          // The other service logs the same request id (its pino-http keeps a sane incoming one).
          ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
          ...traceHeaders(),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
    } catch (error) {
      // AbortSignal.timeout rejects with a DOMException named TimeoutError.
      const reason = (error as { name?: unknown } | null)?.name === 'TimeoutError' ? 'timed out' : 'failed';
      throw new InternalCallError(`${method} ${url} ${reason}`, undefined, undefined);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text for the error
    }
    if (!response.ok) {
      const message =
        parsed && typeof parsed === 'object' && 'message' in parsed ? String((parsed as { message: unknown }).message) : response.statusText;
      throw new InternalCallError(`${method} ${url} answered ${response.status}: ${message}`, response.status, parsed);
    }
    return parsed as T;
  }
}
