import { ConfigError, loadConfig } from '../config/config.js';
import {
  isProtectedFile,
  MEDIA_LINK_EXPIRED_MESSAGE,
  MEDIA_LINK_INVALID_MESSAGE,
  MEDIA_LINK_MISSING_MESSAGE,
  mediaLinkConfigShape,
  MediaLinks,
  protectedFilePath,
} from './media-links.js';

const SECRET = 'a-media-link-secret-of-enough-length-0123';
const FILE = '/api/files/notes/python-notes.pdf';

function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

describe('MediaLinks', () => {
  let clock = 1_800_000_000_000;
  const links = new MediaLinks(SECRET, 600, () => clock);

  it('signs protected files only and verifies its own link', () => {
    expect(links.sign('https://youtu.be/abc', 'u1')).toBe('https://youtu.be/abc');
    expect(links.sign('/media/thumbnails/a.svg', 'u1')).toBe('/media/thumbnails/a.svg');
    expect(links.sign(null, 'u1')).toBeNull();
    const signed = links.sign(FILE, 'sandbox|student-aarav');
    expect(signed.startsWith(`${FILE}?`)).toBe(true);
    expect(queryOf(signed).expires).toBe(String(clock / 1000 + 600));
    expect(links.verify(FILE, queryOf(signed))).toEqual({ valid: true, userId: 'sandbox|student-aarav', filePath: FILE });
  });

  it('refuses another file, another user, a changed expiry, a missing signature and an expired link', () => {
    const query = queryOf(links.sign(FILE, 'u1'));
    expect(links.verify('/api/files/notes/other.pdf', query)).toEqual({ valid: false, message: MEDIA_LINK_INVALID_MESSAGE });
    expect(links.verify(FILE, { ...query, user: 'u2' })).toEqual({ valid: false, message: MEDIA_LINK_INVALID_MESSAGE });
    expect(links.verify(FILE, { ...query, expires: String(Number(query.expires) + 3600) })).toEqual({ valid: false, message: MEDIA_LINK_INVALID_MESSAGE });
    expect(links.verify(FILE, { ...query, expires: '1e9' })).toEqual({ valid: false, message: MEDIA_LINK_INVALID_MESSAGE });
    expect(links.verify(FILE, { ...query, signature: ['a', 'b'] })).toEqual({ valid: false, message: MEDIA_LINK_MISSING_MESSAGE });
    expect(links.verify(FILE, {})).toEqual({ valid: false, message: MEDIA_LINK_MISSING_MESSAGE });
    expect(new MediaLinks(`${SECRET}-other`, 600, () => clock).verify(FILE, query).valid).toBe(false);
    clock += 601_000;
    expect(links.verify(FILE, query)).toEqual({ valid: false, message: MEDIA_LINK_EXPIRED_MESSAGE });
  });

  it('recognises stored and signed protected paths', () => {
    expect(isProtectedFile('/api/files/a.pdf')).toBe(true);
    expect(isProtectedFile('/media/a.pdf')).toBe(false);
    expect(isProtectedFile(null)).toBe(false);
    expect(protectedFilePath('/api/files/a.pdf?user=u&expires=1&signature=s')).toBe('/api/files/a.pdf');
    expect(protectedFilePath('https://example.com/a.pdf?x=1')).toBe('https://example.com/a.pdf?x=1');
  });

  it('requires a long secret and bounds the lifetime', () => {
    expect(() => loadConfig(mediaLinkConfigShape, {})).toThrow('MEDIA_LINK_SECRET is required');
    expect(() => loadConfig(mediaLinkConfigShape, { MEDIA_LINK_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig(mediaLinkConfigShape, { MEDIA_LINK_SECRET: SECRET, MEDIA_LINK_TTL_SECONDS: '86400' })).toThrow(ConfigError);
    expect(loadConfig(mediaLinkConfigShape, { MEDIA_LINK_SECRET: SECRET }).MEDIA_LINK_TTL_SECONDS).toBe(600);
  });
});
