import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { currentRequestId } from './request-context.js';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** nestjs-pino settings: JSON lines, a request id (kept from `X-Request-Id` if sane), no bodies, secrets redacted. */
export function loggerParams(level: string, service: string): Params {
  return {
    pinoHttp: {
      level,
      base: { service },
      // Every line written while a request or a job is handled names its request id (jobs: the enqueuing request's).
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      genReqId: (request: IncomingMessage, response: ServerResponse) => {
        const sent = request.headers['x-request-id'];
        const id = typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
        response.setHeader('X-Request-Id', id);
        return id;
      },
      // pino-http never logs bodies; headers are trimmed to what helps and secrets are removed.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-internal-token"]',
          'req.headers["x-operator-token"]', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      customLogLevel: (_request, response, error) =>
        error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
      // Probes and scrapes every few seconds would drown the log.
      autoLogging: { ignore: (request) => ['/health', '/health/live', '/metrics'].includes(request.url ?? '') },
    },
  };
}
