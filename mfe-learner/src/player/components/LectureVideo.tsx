import { parseVideoLink } from '@academy/contracts';
import { Trans, useCurrentUser, useTranslation } from '@academy/platform';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { attachHls, type HlsAttachment } from '@academy/ui';
import './LectureVideo.css';

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

export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** Seconds the arrow keys move. */
const SEEK_STEP_SECONDS = 5;

/** Captions on or off, remembered for the tab's session (the learner's last choice). */
const CAPTIONS_SETTING = 'academy.player.captions';

function captionsWanted(): boolean {
  try {
    return sessionStorage.getItem(CAPTIONS_SETTING) !== 'off';
  } catch {
    return true;
  }
}

function rememberCaptions(on: boolean): void {
  try {
    sessionStorage.setItem(CAPTIONS_SETTING, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the choice lasts until the page changes.
  }
}

/** The poster image beside an uploaded video's master playlist. */
const POSTER_FILE = 'poster.jpg';

/** A file beside an uploaded video's master playlist (poster, captions), with the same signed query. */
export function videoSibling(masterUrl: string, file: string): string {
  return masterUrl.replace(/master\.m3u8(?=\?|$)/, file);
}

/**
 * A lecture: YouTube embed (the id checked), an uploaded video (HLS: Safari plays it natively, elsewhere hls.js,
 * loaded only now), or mp4; the last two resume from `startAt` and report their position.
 */
export function LectureVideo({ url, title, startAt, onSave, onExit, onLinkFailed, onEnded, handle }: LectureVideoProps) {
  const { t } = useTranslation('learner-study');
  const source = parseVideoLink(url);
  const video = useRef<HTMLVideoElement>(null);
  // The mp4 keeps the link it started with while fresh links arrive (swapping would restart it); after a load
  // error it takes the newest link and resumes where it stopped.
  const [src, setSrc] = useState(source?.kind === 'mp4' || source?.kind === 'hls' ? source.url : null);
  const failedAt = useRef<number | null>(null);
  const fileUrl = source?.kind === 'mp4' || source?.kind === 'hls' ? source.url : null;
  useEffect(() => {
    if (fileUrl !== null && failedAt.current !== null && fileUrl !== src) setSrc(fileUrl);
  }, [fileUrl, src]);
  const isHls = source?.kind === 'hls';
  const hls = useRef<HlsAttachment | null>(null);
  const [levels, setLevels] = useState<number[]>([]);
  const [level, setLevel] = useState(-1);
  const [speed, setSpeed] = useState(1);
  const { user } = useCurrentUser();
  // The educator's WebVTT captions, fetched once per video (a blob keeps the signed link out of the page).
  const [captionsUrl, setCaptionsUrl] = useState<string | null>(null);
  const [captionsOn, setCaptionsOn] = useState(captionsWanted);
  const captionsSource = isHls && src ? videoSibling(src, 'captions.vtt') : null;
  useEffect(() => {
    if (!captionsSource) return;
    let cancelled = false;
    let objectUrl: string | null = null;
    void fetch(captionsSource)
      .then(async (response) => {
        const text = response.status === 200 ? await response.text() : ''; // 204: the video has no captions
        if (cancelled || !text.startsWith('WEBVTT')) return;
        objectUrl = URL.createObjectURL(new Blob([text], { type: 'text/vtt' }));
        setCaptionsUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      setCaptionsUrl(null);
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [captionsSource]);
  // The track's mode follows the toggle (the browser's own menu may change it too; ours wins on the next toggle).
  const captionsTrack = useRef<HTMLTrackElement>(null);
  useEffect(() => {
    const track = captionsTrack.current?.track;
    if (track) track.mode = captionsOn ? 'showing' : 'hidden';
  }, [captionsOn, captionsUrl]);
  const toggleCaptions = () => {
    setCaptionsOn((on) => {
      rememberCaptions(!on);
      return !on;
    });
  };

  // An uploaded video: hls.js (or Safari's own HLS) plays the signed master playlist.
  useEffect(() => {
    const element = video.current;
    if (!isHls || !element || !src) return;
    const attachment = attachHls(element, src, {
      onLevels: setLevels,
      // Usually an expired link: take fresh links and resume at the same second.
      onFatal: () => {
        if (failedAt.current === null) failedAt.current = element.currentTime;
        onLinkFailedRef.current?.();
      },
    });
    hls.current = attachment;
    return () => {
      attachment.detach();
      hls.current = null;
    };
  }, [isHls, src]);
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
  const onLinkFailedRef = useRef(onLinkFailed);
  onLinkFailedRef.current = onLinkFailed;

  useEffect(() => {
    if (source?.kind !== 'mp4' && source?.kind !== 'hls') return;
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

  if (!source) return <p className="player__unavailable" role="status">{t('player.video.cannotPlay')}</p>;
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
  const element = (
    <video
      ref={video}
      className="player__video"
      {...(isHls ? { poster: src ? videoSibling(src, POSTER_FILE) : undefined } : { src: src ?? source.url })}
      controls
      playsInline
      preload="metadata"
      aria-label={title}
      // Paid lectures stream only; the browser's own download button is hidden.
      controlsList="nodownload"
      onContextMenu={(event) => event.preventDefault()}
      onLoadedMetadata={(event) => {
        const element = event.currentTarget;
        element.playbackRate = speed;
        const duration = Number.isFinite(element.duration) ? element.duration : Infinity;
        const resumeAt = failedAt.current ?? startAt;
        failedAt.current = null;
        if (resumeAt > 0 && resumeAt < duration - 1) element.currentTime = resumeAt;
      }}
      onError={(event) => {
        if (isHls || failedAt.current !== null) return; // hls.js reports its own errors; or already waiting for a fresh link
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
    >
      {captionsUrl && (
<track ref={captionsTrack} kind="subtitles" src={captionsUrl} srcLang="en" label={t('player.video.captions')} />
      )}
    </video>
  );
  if (!isHls) return element;

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const player = video.current;
    if (!player || event.target instanceof HTMLSelectElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const actions: Record<string, () => void> = {
      k: () => void (player.paused ? player.play().catch(() => undefined) : player.pause()),
      ArrowLeft: () => (player.currentTime = Math.max(0, player.currentTime - SEEK_STEP_SECONDS)),
      ArrowRight: () => (player.currentTime = player.currentTime + SEEK_STEP_SECONDS),
      m: () => (player.muted = !player.muted),
      c: () => {
        if (captionsUrl) toggleCaptions();
      },
      f: () => void (document.fullscreenElement ? document.exitFullscreen() : player.parentElement?.requestFullscreen())?.catch(() => undefined),
    };
    const action = actions[event.key];
    if (!action || (event.target === player && event.key.startsWith('Arrow'))) return; // the video's own controls seek already
    event.preventDefault();
    action();
  };

  return (
    <div className="lecture-video" onKeyDown={onKeyDown}>
      <div className="lecture-video__stage">
        {element}
        {/* Names the viewer on every frame, moving, so a screen recording says whose account it came from. */}
        {user && (
          <span className="lecture-video__watermark" aria-hidden="true">
            {user.email || user.name}
          </span>
        )}
      </div>
      <div className="lecture-video__settings">
        <label>
          {t('player.video.quality')}{' '}
          <select
            value={level}
            onChange={(event) => {
              const chosen = Number(event.target.value);
              setLevel(chosen);
              const player = hls.current?.current();
              if (player) player.currentLevel = chosen;
            }}
          >
            <option value={-1}>{t('player.video.auto')}</option>
            {levels.map((height, index) => (
              <option key={height} value={index}>
                {t('player.video.height', { height })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('player.video.speed')}{' '}
          <select
            value={speed}
            onChange={(event) => {
              const chosen = Number(event.target.value);
              setSpeed(chosen);
              if (video.current) video.current.playbackRate = chosen;
            }}
          >
            {PLAYBACK_SPEEDS.map((rate) => (
              <option key={rate} value={rate}>
                {rate}×
              </option>
            ))}
          </select>
        </label>
        {captionsUrl && (
          <button type="button" className="lecture-video__captions" aria-pressed={captionsOn} onClick={toggleCaptions}>
            <Trans t={t} i18nKey="player.video.cc" components={{ hidden: <span className="visually-hidden" /> }} />
          </button>
        )}
        <p className="lecture-video__keys">{captionsUrl ? t('player.video.keysWithCaptions') : t('player.video.keys')}</p>
      </div>
    </div>
  );
}
