import type { ChapterDto } from '@academy/contracts';
import type { Provider } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { CORE_CONFIG } from '../config/config.js';

/**
 * Paid lecture files (videos, notes, tests) live behind this path on catalogue. The database keeps the bare path
 * (`/api/files/notes/x.pdf`); only the entitled get it signed: `?user=…&expires=…&signature=…`.
 */
export const PROTECTED_FILE_PREFIX = '/api/files/';
/**
 * Uploaded videos: `/api/videos/<id>/master.m3u8` is stored; one signature covers the video's whole folder (its
 * playlists, encrypted segments and key), so the playlists can hand the same query on to every file they name.
 */
export const PROTECTED_VIDEO_PREFIX = '/api/videos/';
const VIDEO_FOLDER = /^\/api\/videos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\//;
/** A live class's HLS (/api/live-classes/<id>/hls/…): one signature covers the folder, as for an uploaded video. */
const LIVE_FOLDER = /^\/api\/live-classes\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/hls\//;

/** Read by the services that sign (progress, catalogue for the course's educator) and verify (catalogue). */
export const mediaLinkConfigShape = {
  /** HMAC key of the signed file links; at least 32 characters. */
  MEDIA_LINK_SECRET: z.string().min(32),
  /** How long a signed link works, in seconds (default 10 minutes; 2 minutes to 1 hour: the player renews a minute ahead). */
  MEDIA_LINK_TTL_SECONDS: z.coerce.number().int().min(120).max(3600).default(600),
};

export type MediaLinkVerdict = { valid: true; userId: string; filePath: string } | { valid: false; message: string };

export const MEDIA_LINK_EXPIRED_MESSAGE = 'This download link has expired; open the file again from the course';
export const MEDIA_LINK_INVALID_MESSAGE = 'This download link is not valid';
export const MEDIA_LINK_MISSING_MESSAGE = 'Sign in and open the file from a course you are enrolled in';

/** True for a stored reference to a protected file or uploaded video (never for outside links or public /media/ files). */
export function isProtectedFile(url: string | null | undefined): url is string {
  return typeof url === 'string' && (url.startsWith(PROTECTED_FILE_PREFIX) || isUploadedVideo(url) || LIVE_FOLDER.test(url));
}

/** True for an uploaded video's link (its master playlist, or any file in its folder). */
export function isUploadedVideo(url: string | null | undefined): url is string {
  return typeof url === 'string' && VIDEO_FOLDER.test(url);
}

/** A protected file that is not an uploaded video's folder (notes, tests): never a lecture's video. */
function isPlainProtectedFile(url: string | null): boolean {
  return isProtectedFile(url) && !isUploadedVideo(url);
}

/** What a signature covers: an uploaded video's folder, or the one file. */
export function signedScopeOf(filePath: string): string {
  return VIDEO_FOLDER.exec(filePath)?.[0] ?? LIVE_FOLDER.exec(filePath)?.[0] ?? filePath;
}

/** The bare stored path of a protected file link, signed or not (query dropped); other links unchanged. */
export function protectedFilePath(url: string): string {
  if (!isProtectedFile(url)) return url;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Signs and verifies short-lived file links bound to one user and one file. One class for every service. */
export class MediaLinks {
  constructor(
    private readonly secret: string,
    readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  private mac(filePath: string, userId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${signedScopeOf(filePath)}\n${userId}\n${expires}`).digest('base64url');
  }

  /** A protected file's link for `userId`, valid for the configured lifetime; any other URL comes back as it is. */
  sign(url: string, userId: string): string;
  sign(url: string | null, userId: string): string | null;
  sign(url: string | null, userId: string): string | null {
    if (!isProtectedFile(url)) return url;
    const filePath = protectedFilePath(url);
    const expires = Math.floor(this.now() / 1000) + this.ttlSeconds;
    const query = new URLSearchParams({ user: userId, expires: String(expires), signature: this.mac(filePath, userId, expires) });
    return `${filePath}?${query.toString()}`;
  }

  /** Checks a request's path (URL-encoded as received) and query against the signature and the clock. */
  verify(filePath: string, query: Record<string, unknown>): MediaLinkVerdict {
    const { user, expires, signature } = query;
    if (typeof user !== 'string' || typeof expires !== 'string' || typeof signature !== 'string' || !user || !signature) {
      return { valid: false, message: MEDIA_LINK_MISSING_MESSAGE };
    }
    if (!/^\d{1,12}$/.test(expires)) return { valid: false, message: MEDIA_LINK_INVALID_MESSAGE };
    const expected = Buffer.from(this.mac(filePath, user, Number(expires)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false, message: MEDIA_LINK_INVALID_MESSAGE };
    // Checked after the signature so that a forged expiry is reported as forged, not as expired.
    if (Number(expires) * 1000 < this.now()) return { valid: false, message: MEDIA_LINK_EXPIRED_MESSAGE };
    return { valid: true, userId: user, filePath };
  }
}

/**
 * Who may have a course's lecture links: `public` (anyone: preview lectures' outside and /media/ links only, so a
 * paid lecture's video, YouTube id, notes or test never reach them), or one entitled user, whose protected files
 * come signed for them and whose outside links (YouTube, educators' http(s) notes) come as stored.
 */
export type LectureLinkAudience = 'public' | { links: MediaLinks; userId: string };

/** The one rule for lecture links in any answer (catalogue's public detail, educator form, progress's player). */
export function lectureLinksFor(chapters: readonly ChapterDto[], audience: LectureLinkAudience): ChapterDto[] {
  const link = (url: string | null, isPreviewFree: boolean): string | null => {
    // A preview lecture's uploaded video plays for anyone (catalogue serves it unsigned while the lecture is a preview).
    if (audience === 'public') return isPreviewFree && (!isProtectedFile(url) || isUploadedVideo(url)) ? url : null;
    return audience.links.sign(url, audience.userId);
  };
  return chapters.map((chapter) => ({
    ...chapter,
    chapterContent: chapter.chapterContent.map((lecture) => ({
      ...lecture,
      // A lecture's video reaches no one as a plain file: paid videos stream encrypted from /api/videos/ only.
      lectureUrl: isPlainProtectedFile(lecture.lectureUrl) ? null : link(lecture.lectureUrl, lecture.isPreviewFree),
      notesUrl: link(lecture.notesUrl, lecture.isPreviewFree),
      testUrl: link(lecture.testUrl, lecture.isPreviewFree),
    })),
  }));
}

export const MEDIA_LINKS = Symbol('MEDIA_LINKS');

/** `MediaLinks` from the validated environment (the service stops at start when the secret is missing or short). */
/** Reads the settings CoreModule validated at start (the service lists `mediaLinkConfigShape` in its configShape). */
export const mediaLinksProvider: Provider = {
  provide: MEDIA_LINKS,
  inject: [CORE_CONFIG],
  useFactory: (config: z.infer<z.ZodObject<typeof mediaLinkConfigShape>>): MediaLinks =>
    new MediaLinks(config.MEDIA_LINK_SECRET, config.MEDIA_LINK_TTL_SECONDS),
};
