import { randomInt } from 'node:crypto';

/** Crockford-like alphabet without I, O (no 0/O or 1/I confusion when typed from paper). */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** "AC-XXXX-XXXX-XXXX": 12 random characters (~61 bits), matching CERTIFICATE_CODE_PATTERN. */
export function newCertificateCode(): string {
  const groups = Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  return `AC-${groups.join('-')}`;
}
