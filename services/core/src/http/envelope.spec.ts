import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  NotFoundException,
  PayloadTooLargeException,
  ServiceUnavailableException,
  UnauthorizedException,
  UnprocessableEntityException,
  UnsupportedMediaTypeException,
  HttpException,
} from '@nestjs/common';
import { z } from 'zod';
import { InternalCallError } from '../internal/internal-client.js';
import { isDependencyUnavailable, toFailure } from './envelope.filter.js';
import { ZodValidationPipe } from './zod-validation.pipe.js';

describe('toFailure', () => {
  it.each([
    [new BadRequestException('Course id is required'), 400, 'Course id is required'],
    [new UnauthorizedException('Access token has expired'), 401, 'Access token has expired'],
    [new ForbiddenException('Only educator accounts can do this'), 403, 'Only educator accounts can do this'],
    [new NotFoundException('Course not found'), 404, 'Course not found'],
    [new ConflictException('Already enrolled'), 409, 'Already enrolled'],
    [new PayloadTooLargeException('Thumbnail too large'), 413, 'Thumbnail too large'],
    [new UnsupportedMediaTypeException('Use JSON'), 415, 'Use JSON'],
    [new UnprocessableEntityException('Signature mismatch'), 422, 'Signature mismatch'],
    [new HttpException('Slow down', 429), 429, 'Slow down'],
    [new BadRequestException(['a is bad', 'b is bad']), 400, 'a is bad; b is bad'],
    [Object.assign(new Error('request entity too large'), { status: 413 }), 413, 'request entity too large'],
    [new Error('unexpected failure: password=secret'), 500, 'Something went wrong on our side. Please try again.'],
    ['a thrown string', 500, 'Something went wrong on our side. Please try again.'],
  ])('%p → %i', (error, status, message) => {
    expect(toFailure(error)).toEqual({ status, body: { success: false, message } });
  });

  it('keeps the health report of a failed terminus check', () => {
    const report = { status: 'error', info: {}, error: { redis: { status: 'down' } }, details: {} };
    const { status, body } = toFailure(new ServiceUnavailableException(report));
    expect(status).toBe(503);
    expect(body).toMatchObject({ success: false, message: 'Service unhealthy', error: { redis: { status: 'down' } } });
  });
});

describe('ZodValidationPipe', () => {
  const pipe = new ZodValidationPipe(z.object({ courseId: z.string().min(1), rating: z.number().int().min(1).max(5) }));

  it('returns the parsed value', () => {
    expect(pipe.transform({ courseId: 'c1', rating: 4, extra: true })).toEqual({ courseId: 'c1', rating: 4 });
  });

  it('throws a 400 naming each bad field', () => {
    expect(() => pipe.transform({ courseId: '', rating: 9 })).toThrow(BadRequestException);
    expect(() => pipe.transform({ courseId: '', rating: 9 })).toThrow(/courseId: .*; rating: /);
  });
});

describe('dependency outages', () => {
  it.each([
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['pool acquire timeout', new Error('timeout exceeded when trying to connect')],
    ['connection did not open in time', new Error('timeout expired')],
    ['server shut down (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['statement_timeout (57014)', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })],
    ['TypeORM-wrapped driver error', Object.assign(new Error('Query failed'), { driverError: Object.assign(new Error('x'), { code: '08006' }) })],
    ['dual-stack connect (AggregateError)', new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })], '')],
    ['Redis offline, no offline queue', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['Redis command timeout', new Error('Command timed out')],
    ['Redis retries exhausted', Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' })],
    ['commit after PostgreSQL dropped the connection', Object.assign(new Error('Query runner already released'), { name: 'QueryRunnerAlreadyReleasedError' })],
    ['another service answered 503', new InternalCallError('GET /internal/courses/x answered 503', 503, {})],
    ['another service did not answer', new InternalCallError('GET /internal/courses/x failed: fetch failed', undefined, undefined)],
  ])('%s → 503 with Retry-After and a message', (_label, error) => {
    const failure = toFailure(error);
    expect(failure.status).toBe(503);
    expect(failure.retryAfterSeconds).toBe(5);
    expect(failure.body).toEqual({ success: false, message: expect.stringMatching(/temporarily unavailable/) });
  });

  it('keeps real bugs and constraint violations 500', () => {
    expect(toFailure(new TypeError('x is undefined')).status).toBe(500);
    expect(toFailure(Object.assign(new Error('duplicate key'), { code: '23505' })).status).toBe(500);
    expect(isDependencyUnavailable(Object.assign(new Error('dup'), { driverError: { code: '23505' } }))).toBe(false);
    expect(toFailure(new InternalCallError('GET /internal/courses/x answered 500', 500, {})).status).toBe(500);
  });

  it('answers another service\'s refusal as a plain 502 that names no internal address', () => {
    for (const status of [400, 404, 409, 500]) {
      const failure = toFailure(new InternalCallError(`GET http://127.0.0.1:3103/internal/parents/p/ answered ${status}: Cannot GET /internal/parents/p/`, status, {}));
      expect(failure.status).toBe(status === 500 ? 500 : 502);
      expect(JSON.stringify(failure.body)).not.toMatch(/internal|127\.0\.0\.1|http:/);
    }
  });
});
