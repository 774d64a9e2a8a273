import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';

/** Body of every failed API call: `{ success: false, message }` (plus terminus details on /health). */
export interface FailureBody {
  success: false;
  message: string;
  [extra: string]: unknown;
}

const GENERIC_SERVER_ERROR = 'Something went wrong on our side. Please try again.';

function messageOf(response: unknown, fallback: string): string {
  if (typeof response === 'string') return response;
  if (response && typeof response === 'object' && 'message' in response) {
    const { message } = response as { message: unknown };
    if (typeof message === 'string') return message;
    if (Array.isArray(message)) return message.map(String).join('; ');
  }
  return fallback;
}

/** Errors from libraries (http-errors, multer) carry a 4xx `status`/`statusCode`: keep it and their message. */
function clientErrorStatus(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const candidate = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof candidate === 'number' && candidate >= 400 && candidate < 500 ? candidate : undefined;
}

/**
 * Another service refused an internal call (a 4xx): never the caller's answer as it is, since its message names the
 * internal address. Ids are validated before any internal call, so this is our fault: a plain 502.
 */
export const INTERNAL_CALL_FAILED_MESSAGE = 'A part of the academy could not answer this request. Please try again later.';

export const DEPENDENCY_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a few seconds.';
/** Seconds a client should wait before retrying after a 503 (services recover within 5 s of a dependency's return). */
export const RETRY_AFTER_SECONDS = 5;

const NETWORK_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ECONNABORTED']);
/** PostgreSQL SQLSTATEs meaning "the database cannot serve now": connection exceptions (08), shutdown/cancel (57), too many connections. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-4]|57014|53300)$/;
/**
 * Messages of pg-pool, pg and ioredis when the connection is gone or a timeout expired (they carry no code); pg's
 * own "timeout expired" is a connection that did not open in time (POOL_TIMEOUTS' openTimeoutMillis).
 */
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|^timeout expired$|Connection terminated|Query read timeout|Client has encountered a connection error|Connection is closed|Stream isn't writeable|Command timed out|Reached the max retries per request|connect ECONNREFUSED|the database system is (starting up|shutting down)/i;

/**
 * True when an error means PostgreSQL or Redis is unreachable or too slow (not a bug in the request): it is
 * answered 503 with Retry-After. Looks through TypeORM's `driverError`, `cause` and AggregateError's `errors`.
 */
export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const candidate = error as { code?: unknown; message?: unknown; name?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (typeof candidate.code === 'string' && (NETWORK_ERROR_CODES.has(candidate.code) || UNAVAILABLE_SQLSTATE.test(candidate.code))) return true;
  if (candidate.name === 'MaxRetriesPerRequestError') return true;
  // The connection died under an open transaction (PostgreSQL restarted): TypeORM then refuses the commit.
  if (candidate.name === 'QueryRunnerAlreadyReleasedError') return true;
  // Another service that is down or itself cut off from its stores: this answer is a 503 as well, not a 500.
  if (candidate.name === 'InternalCallError') {
    const status = (error as { status?: unknown }).status;
    if (status === undefined || status === 502 || status === 503 || status === 504) return true;
  }
  if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGE.test(candidate.message)) return true;
  const nested = [candidate.driverError, candidate.cause, ...(Array.isArray(candidate.errors) ? candidate.errors : [])];
  return nested.some((inner) => isDependencyUnavailable(inner, depth + 1));
}

export function toFailure(error: unknown): { status: number; body: FailureBody; retryAfterSeconds?: number } {
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const body: FailureBody = { success: false, message: messageOf(response, error.message) };
    // @nestjs/terminus puts the per-indicator report in the 503 body; keep it for operators.
    if (response && typeof response === 'object' && 'info' in response && 'error' in response) {
      Object.assign(body, response, { success: false, message: 'Service unhealthy' });
    }
    if (status >= 500 && status !== HttpStatus.SERVICE_UNAVAILABLE) body.message = GENERIC_SERVER_ERROR;
    return { status, body };
  }
  if (isDependencyUnavailable(error)) {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: { success: false, message: DEPENDENCY_UNAVAILABLE_MESSAGE },
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    };
  }
  if ((error as { name?: unknown } | null)?.name === 'InternalCallError' && clientErrorStatus(error) !== undefined) {
    return { status: HttpStatus.BAD_GATEWAY, body: { success: false, message: INTERNAL_CALL_FAILED_MESSAGE } };
  }
  const clientStatus = clientErrorStatus(error);
  if (clientStatus) return { status: clientStatus, body: { success: false, message: messageOf(error, 'Bad request') } };
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { success: false, message: GENERIC_SERVER_ERROR } };
}

@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('EnvelopeExceptionFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const { status, body, retryAfterSeconds } = toFailure(error);
    if (retryAfterSeconds !== undefined) this.logger.warn(`dependency unavailable: ${error instanceof Error ? error.message : String(error)}`);
    else if (status >= 500) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (host.getType() !== 'http') return;
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    if (status === HttpStatus.SERVICE_UNAVAILABLE) response.setHeader('Retry-After', String(retryAfterSeconds ?? RETRY_AFTER_SECONDS));
    response.status(status).json(body);
  }
}
