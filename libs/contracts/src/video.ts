/** A YouTube video id: 11 letters, digits, dashes or underscores. */
export const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

export type VideoSource =
  | { kind: 'youtube'; videoId: string; embedUrl: string }
  | { kind: 'hls'; videoId: string; url: string }
  | { kind: 'mp4'; url: string };

/** A video an educator uploaded is played from its HLS master playlist (catalogue, docs/video.md). */
const UPLOADED_VIDEO = /^\/api\/videos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/master\.m3u8(?:\?.*)?$/;

/** The lecture link of an uploaded video, as stored. */
export function uploadedVideoUrl(videoId: string): string {
  return `/api/videos/${videoId}/master.m3u8`;
}

/** The id of an uploaded video's link (signed or not), or null for any other link. */
export function uploadedVideoIdOf(link: string | null | undefined): string | null {
  return (link && UPLOADED_VIDEO.exec(link.trim())?.[1]) || null;
}

/** The tus endpoint of lecture videos (resumable uploads: the client resumes after a lost network or a reload). */
export const VIDEO_UPLOAD_PATH = '/api/educator/videos/uploads';

/** What an educator may upload as a lecture video (shown before choosing; checked again on the bytes). */
export const VIDEO_UPLOAD_MAX_BYTES = 2 * 1024 ** 3;
export const VIDEO_UPLOAD_FORMATS: ReadonlyArray<{ label: string; mime: string; extensions: readonly string[] }> = [
  { label: 'MP4', mime: 'video/mp4', extensions: ['mp4', 'm4v'] },
  { label: 'MOV', mime: 'video/quicktime', extensions: ['mov'] },
  { label: 'WebM', mime: 'video/webm', extensions: ['webm'] },
  { label: 'MKV', mime: 'video/x-matroska', extensions: ['mkv'] },
];
export const VIDEO_FORMAT_REFUSED_MESSAGE = 'This file is not a video we can use: upload an MP4, MOV, WebM or MKV video';
export const VIDEO_TOO_LARGE_MESSAGE = 'This video is larger than the 2 GB allowed';

export type VideoStatus = 'uploading' | 'processing' | 'ready' | 'failed';

/** GET /api/educator/videos/:id (and the answer of its retry): what the lecture dialog shows. */
export interface VideoStatusDto {
  videoId: string;
  status: VideoStatus;
  /** 0–100 while processing. */
  progress: number;
  failureReason: string | null;
  durationSeconds: number | null;
  /** Renditions once ready, e.g. ['240p', '360p']. */
  renditions: string[];
  hasCaptions: boolean;
}

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/** The id of a short (youtu.be/ID), watch (youtube.com/watch?v=ID) or embed (youtube.com/embed/ID) link. */
function youtubeIdCandidate(url: URL): string | null | undefined {
  if (url.hostname === 'youtu.be') return url.pathname.slice(1).split('/')[0] ?? null;
  if (!YOUTUBE_HOSTS.has(url.hostname)) return undefined;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const embed = /^\/embed\/([^/]+)/.exec(url.pathname);
  return embed ? embed[1] : undefined;
}

export function isYouTubeLink(link: string): boolean {
  return parseVideoLink(link)?.kind === 'youtube';
}

/** Paid lecture files (notes, tests) are signed links under this path; a video is never played from there. */
const PAID_FILE_PATH = /^\/api\/files\//;

/**
 * How to play a lecture link: a video-platform link is embedded (when its id is valid), an uploaded video streams
 * (HLS), a public file plays as mp4. Returns null for an empty link, a video-platform link whose id is not 11 valid
 * characters, or a paid file link (paid videos stream encrypted, never as a plain file).
 */
export function parseVideoLink(link: string | null | undefined): VideoSource | null {
  const trimmed = link?.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed, 'http://relative.invalid');
  } catch {
    return null;
  }
  const uploaded = uploadedVideoIdOf(trimmed);
  if (uploaded) return { kind: 'hls', videoId: uploaded, url: trimmed };
  if (PAID_FILE_PATH.test(url.pathname) && url.origin === 'http://relative.invalid') return null;
  const candidate = youtubeIdCandidate(url);
  if (candidate === undefined) return { kind: 'mp4', url: trimmed };
  if (!candidate || !YOUTUBE_VIDEO_ID.test(candidate)) return null;
  return { kind: 'youtube', videoId: candidate, embedUrl: `https://www.youtube-nocookie.com/embed/${candidate}` };
}

export const VIDEOS_NOT_READY_MESSAGE = 'A lecture video is still processing or failed: the course can be published once every video is Ready';
export const VIDEOS_PROCESSING_DRAFT_MESSAGE = 'Course Added as a draft: publish it from My Courses once every lecture video is Ready';
export const VIDEO_NOT_OWNED_MESSAGE = 'A lecture links to a video you did not upload';
