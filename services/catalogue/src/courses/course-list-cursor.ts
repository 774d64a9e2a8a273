import { isRealTimestamp } from '@academy/service-core';
import { BadRequestException } from '@nestjs/common';

/** Position after the last course of a page: the keyset (created_at, id) of the newest-first order. */
export interface CourseListPosition {
  /** created_at as PostgreSQL prints it, with microseconds (a JS Date would lose them and skip rows). */
  createdAt: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(position: CourseListPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

/** The opaque cursor back to a position; anything else is the caller's mistake (400). */
export function decodeCursor(cursor: string): CourseListPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [createdAt, id] = parsed as unknown[];
      // A real instant: a well-formed 30 February would reach PostgreSQL and fail there (500).
      if (typeof createdAt === 'string' && isRealTimestamp(createdAt) && typeof id === 'string' && UUID.test(id)) {
        return { createdAt, id };
      }
    }
  } catch {
    // fall through to the 400 below
  }
  throw new BadRequestException('cursor is not valid: pass back the nextCursor of the previous page');
}


/** Position after the last course of a page in another order: the sort's key (a decimal number) and the id. */
export interface SortedListPosition {
  sort: string;
  value: string;
  id: string;
}

const DECIMAL = /^-?\d{1,20}(\.\d{1,30})?$/;

export function encodeSortedCursor(position: SortedListPosition): string {
  return Buffer.from(JSON.stringify([position.sort, position.value, position.id])).toString('base64url');
}

/** A cursor of `sort`'s order back to a position; one of another order (or anything else) is a 400. */
export function decodeSortedCursor(cursor: string, sort: string): SortedListPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [cursorSort, value, id] = parsed as unknown[];
      if (cursorSort === sort && typeof value === 'string' && DECIMAL.test(value) && typeof id === 'string' && UUID.test(id)) {
        return { sort, value, id };
      }
    }
  } catch {
    // fall through to the 400 below
  }
  throw new BadRequestException('cursor is not valid: pass back the nextCursor of the previous page');
}
