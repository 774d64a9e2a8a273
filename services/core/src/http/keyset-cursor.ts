import { BadRequestException } from '@nestjs/common';

/**
 * Position after the last row of a page in a newest-first keyset order on (timestamp, uuid). The timestamp is kept
 * as PostgreSQL prints it with microseconds (`to_char(... AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`):
 * a JS Date would lose them and skip or repeat rows.
 */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** SQL that prints a timestamptz column the way a cursor keeps it. */
export const cursorTimestampSql = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const INVALID_CURSOR_MESSAGE = 'cursor is not valid: pass back the nextCursor of the previous page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The right shape AND a real instant (no 30 February, no hour 24), so PostgreSQL never sees a value it would refuse. */
export function isRealTimestamp(at: string): boolean {
  if (!TIMESTAMP.test(at)) return false;
  const parsed = new Date(at);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === at.slice(0, 19);
}

/** An opaque cursor (base64url of `[at, id]`). */
export function encodeKeysetCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');
}

/** The position back from a cursor; anything else is the caller's mistake: 400 with a message, never a 500. */
export function decodeKeysetCursor(cursor: string): KeysetPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [at, id] = parsed as unknown[];
      if (typeof at === 'string' && isRealTimestamp(at) && typeof id === 'string' && UUID.test(id)) {
        return { at, id };
      }
    }
  } catch {
    // fall through to the 400 below
  }
  throw new BadRequestException(INVALID_CURSOR_MESSAGE);
}

/** `%`, `_` and `\` match literally inside `LIKE ... ESCAPE '\'` (a search box's text is never a wildcard). */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
