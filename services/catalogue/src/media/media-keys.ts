import { PROTECTED_FILE_PREFIX } from '@academy/service-core';

/** Public files (thumbnails, preview lectures' notes): `/media/<path>` is served from the bucket's `public/<path>`. */
export const PUBLIC_MEDIA_PREFIX = '/media/';
const PUBLIC_KEY_PREFIX = 'public/';
/** Paid files (`/api/files/<path>`, signed links only) live under the bucket's `paid/<path>`. */
const PAID_KEY_PREFIX = 'paid/';

/**
 * The bucket key of a stored media URL (`/media/…` or `/api/files/…`, path still URL-encoded as received), or null
 * for anything else or a path that tries to leave its folder.
 */
export function storageKeyOfMediaUrl(url: string): string | null {
  const query = url.indexOf('?');
  const bare = query === -1 ? url : url.slice(0, query);
  let prefix: string;
  let rest: string;
  if (bare.startsWith(PUBLIC_MEDIA_PREFIX)) [prefix, rest] = [PUBLIC_KEY_PREFIX, bare.slice(PUBLIC_MEDIA_PREFIX.length)];
  else if (bare.startsWith(PROTECTED_FILE_PREFIX)) [prefix, rest] = [PAID_KEY_PREFIX, bare.slice(PROTECTED_FILE_PREFIX.length)];
  else return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return null;
  }
  const segments = decoded.split('/');
  // No empty, dot or hidden segments: a key never climbs out of its folder or names a dotfile.
  if (!decoded || segments.some((segment) => !segment || segment.startsWith('.'))) return null;
  return `${prefix}${decoded}`;
}

/** The `/media/…` URL of a public key written by this service (the inverse of storageKeyOfMediaUrl). */
export function publicMediaUrlOf(key: string): string {
  if (!key.startsWith(PUBLIC_KEY_PREFIX)) throw new Error(`${key} is not a public media key`);
  return `${PUBLIC_MEDIA_PREFIX}${key.slice(PUBLIC_KEY_PREFIX.length).split('/').map(encodeURIComponent).join('/')}`;
}
