import {
  queryKeys,
  toLoadable,
  useApi,
  useCurrentUser,
  usePortalAuth,
  useQuery,
  useTranslation,
} from '@academy/platform';
import { Link, useParams } from '@academy/routing';
import { LoadingView } from '@academy/ui';
import { LiveChatPanel } from '@academy/ui/live';
import type Hls from 'hls.js';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { AskDoubtForm } from './AskDoubtForm';
import { fetchLivePlayback } from './liveApi';
import { PlaylistWatch } from './playlistWatch';
import { StagePanel } from './StagePanel';
import './live.css';

/** "auto", a rung's index, or the audio-only playlist. */
type Quality = 'auto' | 'audio' | number;

/** hls.js for a live class: stay about one segment behind the live edge, catch up a little faster when late. */
export const LIVE_HLS_CONFIG = {
  lowLatencyMode: true,
  liveSyncDurationCount: 1,
  liveMaxLatencyDurationCount: 4,
  maxLiveSyncPlaybackRate: 1.5,
  backBufferLength: 10,
  capLevelToPlayerSize: true,
  manifestLoadingMaxRetry: 6,
  levelLoadingMaxRetry: 6,
} as const;

const audioOnlyUrl = (masterUrl: string) => masterUrl.replace('/master.m3u8', '/audio.m3u8');

/**
 * Plays `url` in the element with hls.js (imported only here); a stall steps down one rung by itself. `stalled` while
 * the live playlist stops growing (the teacher's stream is gone); when it grows again the player starts afresh at
 * the live edge (after a gap the packager continues the playlist with a discontinuity).
 */
function usePlayer(element: HTMLVideoElement | null, url: string | null, quality: Quality, onFatal: () => void) {
  const [levels, setLevels] = useState<number[]>([]);
  const [stalled, setStalled] = useState(false);
  const [generation, setGeneration] = useState(0);
  const player = useRef<Hls | null>(null);
  useEffect(() => {
    if (!element || !url) return;
    let stopped = false;
    void import('hls.js').then(({ default: HlsPlayer }) => {
      if (stopped) return;
      if (!HlsPlayer.isSupported()) {
        element.src = quality === 'audio' ? audioOnlyUrl(url) : url;
        return;
      }
      const hls = new HlsPlayer(LIVE_HLS_CONFIG);
      player.current = hls;
      // A new player (also after a failure) watches afresh: it says so again if the stream is still gone.
      setStalled(false);
      hls.on(HlsPlayer.Events.MANIFEST_PARSED, (_event, data) => setLevels(data.levels.map((level) => level.height)));
      const watch = new PlaylistWatch((now) => {
        setStalled(now);
        if (!now) setGeneration((value) => value + 1);
      });
      hls.on(HlsPlayer.Events.LEVEL_LOADED, (_event, data) => watch.loaded(data.details.endSN));
      hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
        if (data.details === HlsPlayer.ErrorDetails.BUFFER_STALLED_ERROR && hls.autoLevelEnabled && hls.currentLevel > 0) hls.nextLevel = hls.currentLevel - 1;
        if (data.fatal) onFatal();
      });
      hls.loadSource(quality === 'audio' ? audioOnlyUrl(url) : url);
      hls.attachMedia(element);
      void element.play().catch(() => undefined);
    });
    return () => {
      stopped = true;
      player.current?.destroy();
      player.current = null;
    };
    // The player is made again only for a new link or the audio-only switch; rungs change in place.
  }, [element, url, quality === 'audio', generation]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (player.current && quality !== 'audio') player.current.currentLevel = quality === 'auto' ? -1 : quality;
  }, [quality]);
  return { levels, stalled };
}

/** /live/:classId: the class's video first (on a phone too), its quality choice, then what happens in the class. */
export function LiveRoomPage() {
  const { t } = useTranslation('learner');
  const { classId = '' } = useParams();
  const api = useApi();
  const id = useId();
  const { isAuthenticated, isLoading, login } = useCurrentUser();
  const [quality, setQuality] = useState<Quality>('auto');
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const { getAccessTokenSilently } = usePortalAuth();
  const chatToken = useCallback(async () => (await getAccessTokenSilently()) ?? '', [getAccessTokenSilently]);

  const playbackQuery = useQuery({
    queryKey: queryKeys.learner.livePlayback(classId),
    queryFn: () => fetchLivePlayback(api, classId),
    enabled: isAuthenticated,
    // Until it is on air, ask again; once on air, renew the link a minute before it expires.
    refetchInterval: 5_000,
    refetchIntervalInBackground: true,
    // The page says why (and keeps asking); a failed ask shows at once.
    retry: false,
    meta: { errorToast: false },
  });
  const loaded = toLoadable(playbackQuery);
  const playback = loaded.status === 'ready' ? loaded.data : null;

  const onAirUrl = playback?.onAir ? playback.url : null;
  // A fresh link restarts the player only after a failure: the playlists carry their own signature.
  const [playingUrl, setPlayingUrl] = useState<string | null>(null);
  useEffect(() => {
    if (onAirUrl && !playingUrl) setPlayingUrl(onAirUrl);
    if (!onAirUrl && playback && playback.liveClass.status !== 'live') setPlayingUrl(null);
  }, [onAirUrl, playingUrl, playback]);
  const { levels, stalled } = usePlayer(video, playingUrl, quality, () => {
    setPlayingUrl(null);
    loaded.reload();
  });

  if (isLoading) return <LoadingView label={t('live.room.loading')} />;
  if (!isAuthenticated) {
    return (
      <section className="live-room">
        <h1 className="live-room__title">{t('live.room.title')}</h1>
        <p>{t('live.room.signInText')}</p>
        <button type="button" onClick={() => void login(`/live/${classId}`)}>
          {t('live.room.signIn')}
        </button>
      </section>
    );
  }
  if (loaded.status === 'error') {
    return (
      <section className="live-room" role="alert">
        <h1 className="live-room__title">{t('live.room.title')}</h1>
        <p>{loaded.message}</p>
      </section>
    );
  }
  if (!playback) return <LoadingView label={t('live.room.loading')} />;
  const { liveClass } = playback;
  return (
    <div className="live-room">
      <video ref={setVideo} className="live-room__video" controls playsInline muted={false} aria-label={t('live.room.videoLabel', { title: liveClass.title })} data-live-video />
      <h1 className="live-room__title">{liveClass.title}</h1>
      <p role="status" className="live-room__state">
        {liveClass.status === 'live' && (playingUrl ? t('live.room.live') : t('live.room.starting'))}
        {liveClass.status === 'scheduled' && t('live.room.scheduled')}
        {liveClass.status === 'ended' && (liveClass.recordingLectureId ? t('live.room.endedRecorded') : t('live.room.endedPreparing'))}
        {liveClass.status === 'cancelled' && t('live.room.cancelled')}
      </p>
      <p role="status" className="live-room__notice" data-teacher-reconnecting={stalled && !!playingUrl}>
        {stalled && playingUrl ? t('live.room.teacherReconnecting') : ''}
      </p>
      {playingUrl && (
        <div className="live-room__controls">
          <label htmlFor={`${id}-quality`}>{t('live.room.quality')}</label>
          <select
            id={`${id}-quality`}
            value={String(quality)}
            onChange={(event) => setQuality(event.target.value === 'auto' || event.target.value === 'audio' ? event.target.value : Number(event.target.value))}
          >
            <option value="auto">{t('live.room.auto')}</option>
            {levels.map((height, index) => (
              <option key={`${height}-${index}`} value={index}>
                {t('live.room.height', { height })}
              </option>
            ))}
            <option value="audio">{t('live.room.audioOnly')}</option>
          </select>
        </div>
      )}
      {(liveClass.status === 'live' || liveClass.status === 'scheduled') && (
        <LiveChatPanel
          classId={liveClass.id}
          getToken={chatToken}
          isWatching={() => !!video && !video.paused}
          top={(room) => <StagePanel classId={liveClass.id} room={room} hlsVideo={video} />}
          extra={(room) => <AskDoubtForm room={room} live={liveClass.status === 'live'} />}
        />
      )}
      <p>
        {liveClass.courseTitle} · {liveClass.chapterTitle} · <Link to={`/course/${liveClass.courseId}`}>{t('live.room.coursePage')}</Link>
      </p>
    </div>
  );
}
