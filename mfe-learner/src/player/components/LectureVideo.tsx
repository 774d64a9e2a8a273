import { parseVideoLink } from '@academy/contracts';
import { useEffect, useRef } from 'react';

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
}

/** A lecture: YouTube embed (the id checked) or mp4 that resumes from `startAt` and reports its position. */
export function LectureVideo({ url, title, startAt, onSave, onExit }: LectureVideoProps) {
  const source = parseVideoLink(url);
  const video = useRef<HTMLVideoElement>(null);
  const lastSaved = useRef(0);
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
        src={source.embedUrl}
        title={title}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
      />
    );
  }
  return (
    <video
      key={source.url}
      ref={video}
      className="player__video"
      src={source.url}
      controls
      playsInline
      preload="metadata"
      aria-label={title}
      onLoadedMetadata={(event) => {
        const element = event.currentTarget;
        const duration = Number.isFinite(element.duration) ? element.duration : Infinity;
        if (startAt > 0 && startAt < duration - 1) element.currentTime = startAt;
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
    />
  );
}
