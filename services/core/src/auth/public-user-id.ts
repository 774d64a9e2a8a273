import { createHash } from 'node:crypto';

/**
 * The id an educator is known by in public answers and addresses (`/educators/<id>`): the first 24 hex digits of the
 * SHA-256 of their sign-in subject. The subject itself (`google-oauth2|1234…`) names the account at the identity
 * provider and never leaves the services. `PUBLIC_USER_ID_SQL` computes the same in PostgreSQL, for look-ups.
 */
export function publicUserId(subject: string): string {
  return createHash('sha256').update(subject, 'utf8').digest('hex').slice(0, 24);
}

/** `publicUserId` of a text column, in SQL (the expression an index may be built on). */
export const PUBLIC_USER_ID_SQL = (column: string) => `substr(encode(sha256(convert_to(${column}, 'UTF8')), 'hex'), 1, 24)`;
