import { parseVideoLink } from '@academy/contracts';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';

/** Saves at most this often while playing. */
export const PLAYBACK_SAVE_INTERVAL_MS = 10_000;

interface LectureVideoProps {
  url: string;
  title: string;
  /** Where to start an mp4 (seconds), from the saved position. */
  startAt: number;
  /** Called with the position to remember (throttled while playing, at once on pause). */
  onSave(positionSeconds: number): void;
  /** Called with the position when the video goes away (lecture change, leaving the page, closing the tab). */
  onExit(positionSeconds: number): void;
  /** The video stopped loading (e.g. its signed link expired before a seek): fetch fresh links. */
  onLinkFailed?(): void;
  /** The mp4 played to its end (the player then offers the next lecture). */
  onEnded?(): void;
  /** What the doubts panel uses: where the video is, and seeking to a doubt's second. */
  handle?: Ref<LectureVideoHandle>;
}

export interface LectureVideoHandle {
  /** Whole seconds played so far (a YouTube embed does not tell: 0). */
  currentSecond(): number;
  /** Plays from `seconds` (an mp4 seeks; a YouTube embed reloads at that second). */
  seek(seconds: number): void;
}

/** A lecture: YouTube embed (the id checked) or mp4 that resumes from `startAt` and reports its position. */
export function LectureVideo({ url, title, startAt, onSave, onExit, onLinkFailed, onEnded, handle }: LectureVideoProps) {
  const source = parseVideoLink(url);
  // The mp4 keeps the link it started with while fresh links arrive (swapping would restart it); after a load
  // error it takes the newest link and resumes where it stopped.
  const [src, setSrc] = useState(source?.kind === 'mp4' ? source.url : null);
  const failedAt = useRef<number | null>(null);
  const mp4Url = source?.kind === 'mp4' ? source.url : null;
  useEffect(() => {
    if (mp4Url !== null && failedAt.current !== null && mp4Url !== src) setSrc(mp4Url);
  }, [mp4Url, src]);
  const video = useRef<HTMLVideoElement>(null);
  const lastSaved = useRef(0);
  const [youtubeStart, setYoutubeStart] = useState<number | null>(null);
  useImperativeHandle(
    handle,
    () => ({
      currentSecond: () => Math.floor(video.current?.currentTime ?? 0),
      seek: (seconds) => {
        const element = video.current;
        if (element) {
          element.currentTime = seconds;
          void element.play()?.catch(() => undefined);
        } else {
          setYoutubeStart(seconds);
        }
      },
    }),
    [],
  );
  const callbacks = useRef({ onSave, onExit });
  callbacks.current = { onSave, onExit };

  useEffect(() => {
    if (source?.kind !== 'mp4') return;
    const element = video.current;
    let exited = false;
    const exit = () => {
      if (exited || !element || element.currentTime <= 0) return;
      exited = true;
      callbacks.current.onExit(element.currentTime);
    };
    window.addEventListener('pagehide', exit);
    return () => {
      window.removeEventListener('pagehide', exit);
      exit();
    };
  }, [source?.kind, url]);

  if (!source) return <p className="player__unavailable" role="status">This lecture cannot be played.</p>;
  if (source.kind === 'youtube') {
    return (
      <iframe
        className="player__video"
        src={youtubeStart === null ? source.embedUrl : `${source.embedUrl}?start=${youtubeStart}&autoplay=1`}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
      />
    );
  }
  return (
    <video
      ref={video}
      className="player__video"
      src={src ?? source.url}
      controls
      playsInline
      preload="metadata"
      aria-label={title}
      onLoadedMetadata={(event) => {
        const element = event.currentTarget;
        const duration = Number.isFinite(element.duration) ? element.duration : Infinity;
        const resumeAt = failedAt.current ?? startAt;
        failedAt.current = null;
        if (resumeAt > 0 && resumeAt < duration - 1) element.currentTime = resumeAt;
      }}
      onError={(event) => {
        if (failedAt.current !== null) return; // already waiting for a fresh link
        failedAt.current = event.currentTarget.currentTime;
        if (source.url !== src) setSrc(source.url);
        else onLinkFailed?.();
      }}
      onTimeUpdate={(event) => {
        const now = Date.now();
        if (now - lastSaved.current < PLAYBACK_SAVE_INTERVAL_MS || event.currentTarget.paused) return;
        lastSaved.current = now;
        callbacks.current.onSave(event.currentTarget.currentTime);
      }}
      onPause={(event) => {
        lastSaved.current = Date.now();
        callbacks.current.onSave(event.currentTarget.currentTime);
      }}
      onEnded={() => onEnded?.()}
    />
  );
}
