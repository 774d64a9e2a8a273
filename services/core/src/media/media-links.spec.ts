import { ConfigError, loadConfig } from '../config/config.js';
import {
  isProtectedFile,
  lectureLinksFor,
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

describe('lectureLinksFor', () => {
  const chapters = [{
    chapterId: 'c', chapterOrder: 1, chapterTitle: 'C',
    chapterContent: [
      { lectureId: 'p', lectureOrder: 1, lectureTitle: 'Preview', lectureDuration: 5, isPreviewFree: true, lectureUrl: '/media/lectures/a.mp4', notesUrl: '/api/files/notes/p.pdf', testUrl: null },
      { lectureId: 'x', lectureOrder: 2, lectureTitle: 'Paid', lectureDuration: 5, isPreviewFree: false, lectureUrl: 'https://youtu.be/abcdefghijk', notesUrl: 'https://example.org/n.pdf', testUrl: FILE },
    ],
  }];

  it('gives the public preview links only, and never a protected file', () => {
    const [preview, paid] = lectureLinksFor(chapters, 'public')[0]!.chapterContent;
    expect(preview).toMatchObject({ lectureUrl: '/media/lectures/a.mp4', notesUrl: null, testUrl: null });
    expect(paid).toMatchObject({ lectureUrl: null, notesUrl: null, testUrl: null });
  });

  it('gives an entitled user every link, protected files signed for them', () => {
    const links = new MediaLinks(SECRET, 600);
    const [preview, paid] = lectureLinksFor(chapters, { links, userId: 'u1' })[0]!.chapterContent;
    expect(preview!.notesUrl).toMatch(/^\/api\/files\/notes\/p\.pdf\?user=u1&expires=\d+&signature=/);
    expect(paid).toMatchObject({ lectureUrl: 'https://youtu.be/abcdefghijk', notesUrl: 'https://example.org/n.pdf' });
    expect(links.verify(FILE, queryOf(paid!.testUrl!))).toMatchObject({ valid: true, userId: 'u1' });
  });

  it('gives no one a lecture video as a plain protected file, not even signed: paid videos stream from /api/videos/ only', () => {
    const plain = [{ ...chapters[0]!, chapterContent: [{ ...chapters[0]!.chapterContent[1]!, lectureUrl: '/api/files/lectures/paid.mp4' }] }];
    for (const audience of ['public', { links: new MediaLinks(SECRET, 600), userId: 'u1' }] as const) {
      expect(lectureLinksFor(plain, audience)[0]!.chapterContent[0]!.lectureUrl).toBeNull();
    }
  });
});

describe('uploaded videos', () => {
  const VIDEO = '/api/videos/0b7c5d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e/master.m3u8';
  const links = new MediaLinks(SECRET, 600);

  it('signs the whole folder of a video: the same query opens its playlists, segments and key, and no other video', () => {
    const signed = links.sign(VIDEO, 'u1');
    const query = queryOf(signed);
    for (const file of ['master.m3u8', '240p/index.m3u8', '240p/seg_00001.ts', 'key']) {
      expect(links.verify(`/api/videos/0b7c5d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e/${file}`, query)).toMatchObject({ valid: true, userId: 'u1' });
    }
    expect(links.verify('/api/videos/1b7c5d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e/key', query)).toMatchObject({ valid: false });
    expect(links.verify(VIDEO, { ...query, user: 'u2' })).toMatchObject({ valid: false });
  });

  it("plays a preview lecture's video for the public, unsigned, and hides a paid lecture's", () => {
    const chapters = [{
      chapterId: 'c', chapterOrder: 1, chapterTitle: 'C',
      chapterContent: [
        { lectureId: 'p', lectureOrder: 1, lectureTitle: 'Preview', lectureDuration: 5, isPreviewFree: true, lectureUrl: VIDEO, notesUrl: null, testUrl: null },
        { lectureId: 'x', lectureOrder: 2, lectureTitle: 'Paid', lectureDuration: 5, isPreviewFree: false, lectureUrl: VIDEO, notesUrl: null, testUrl: null },
      ],
    }];
    const [preview, paid] = lectureLinksFor(chapters, 'public')[0]!.chapterContent;
    expect(preview!.lectureUrl).toBe(VIDEO);
    expect(paid!.lectureUrl).toBeNull();
    expect(lectureLinksFor(chapters, { links, userId: 'u1' })[0]!.chapterContent[1]!.lectureUrl).toMatch(/master\.m3u8\?user=u1&expires=/);
  });
});
