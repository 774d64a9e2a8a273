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

export function toFailure(error: unknown): { status: number; body: FailureBody } {
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
  const clientStatus = clientErrorStatus(error);
  if (clientStatus) return { status: clientStatus, body: { success: false, message: messageOf(error, 'Bad request') } };
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { success: false, message: GENERIC_SERVER_ERROR } };
}

@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('EnvelopeExceptionFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const { status, body } = toFailure(error);
    if (status >= 500) this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (host.getType() !== 'http') return;
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    response.status(status).json(body);
  }
}
