/** A YouTube video id: 11 letters, digits, dashes or underscores. */
export const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

export type VideoSource =
  | { kind: 'youtube'; videoId: string; embedUrl: string }
  | { kind: 'mp4'; url: string };

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

/**
 * How to play a lecture link: a video-platform link is embedded (when its id is valid), anything else is played as
 * mp4. Returns null for an empty link or a video-platform link whose id is not 11 valid characters.
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
  const candidate = youtubeIdCandidate(url);
  if (candidate === undefined) return { kind: 'mp4', url: trimmed };
  if (!candidate || !YOUTUBE_VIDEO_ID.test(candidate)) return null;
  return { kind: 'youtube', videoId: candidate, embedUrl: `https://www.youtube-nocookie.com/embed/${candidate}` };
}
