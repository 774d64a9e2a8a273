import { describe, expect, it } from '@jest/globals';
import { BadRequestException } from '@nestjs/common';
import { decodeCursor, decodeSortedCursor, encodeCursor, encodeSortedCursor } from './course-list-cursor.js';

describe('course list cursor', () => {
  it('round-trips a position with microseconds', () => {
    const position = { createdAt: '2025-01-06T09:00:00.123456Z', id: '10000000-0000-4000-8000-000100000000' };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['a JSON object', Buffer.from('{"a":1}').toString('base64url')],
    ['a bad id', Buffer.from('["2025-01-06T09:00:00.123456Z","1 OR 1=1"]').toString('base64url')],
    ['a bad timestamp', Buffer.from('["yesterday","10000000-0000-4000-8000-000100000000"]').toString('base64url')],
    ['empty', ''],
    ['a well-formed 30 February (PostgreSQL would refuse it)', Buffer.from('["2025-02-30T09:00:00.123456Z","10000000-0000-4000-8000-000100000000"]').toString('base64url')],
    ['hour 24', Buffer.from('["2025-02-03T24:00:00.000000Z","10000000-0000-4000-8000-000100000000"]').toString('base64url')],
  ])('rejects %s with 400', (_name, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(BadRequestException);
  });
});

describe('sorted list cursor', () => {
  const id = '10000000-0000-4000-8000-000100000000';
  it('round-trips a position of its own order', () => {
    const position = { sort: 'rating', value: '4.3333333333333333', id };
    expect(decodeSortedCursor(encodeSortedCursor(position), 'rating')).toEqual(position);
  });

  it.each([
    ['another order', encodeSortedCursor({ sort: 'popular', value: '3', id }), 'rating'],
    ['a value that is no number', encodeSortedCursor({ sort: 'rating', value: '1; DROP TABLE', id }), 'rating'],
    ['a bad id', encodeSortedCursor({ sort: 'rating', value: '1', id: 'x' }), 'rating'],
    ['a newest-first cursor', encodeCursor({ createdAt: '2025-01-06T09:00:00.123456Z', id }), 'price-asc'],
  ])('rejects %s with 400', (_name, cursor, sort) => {
    expect(() => decodeSortedCursor(cursor, sort)).toThrow(BadRequestException);
  });
});
