import { LIVE_UNAVAILABLE_MESSAGE } from '@academy/contracts';
import {
  errorMessage,
  queryKeys,
  translateMessage,
  useApi,
  useFormat,
  usePortalAuth,
  useQueryClient,
  useRuntimeConfig,
  useTranslation,
} from '@academy/platform';
import { Link, useParams } from '@academy/routing';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { LiveChatPanel } from '@academy/ui/live';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { LiveDoubtsList } from './LiveDoubtsList';
import { educatorPaths } from '../common/educatorPaths';
import { useRemoteData } from '../common/useRemoteData';
import { changeLiveClass, fetchLiveClass, istDateTime, publishOffer } from './liveClassesApi';
import { ObsPanel } from './ObsPanel';
import { publishToStudio } from './publish';
import { StagePanel } from './StagePanel';
import './live-classes.css';

type OnAir = 'off' | 'connecting' | 'live' | 'reconnecting' | 'ended';

/** What failed with the browser's devices: shown in the reader's language at render, with the browser's own reason. */
type MediaProblem = { what: 'devices' | 'screen'; reason: string };

/** The camera, microphone (and screen) the educator chose, previewed before and during the class. */
function useMediaPreview() {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState('');
  const [micId, setMicId] = useState('');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [screen, setScreen] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);

  useEffect(() => {
    let current: MediaStream | null = null;
    const constraints = { video: cameraId ? { deviceId: { exact: cameraId } } : true, audio: micId ? { deviceId: { exact: micId } } : true };
    navigator.mediaDevices
      .getUserMedia(constraints)
      .then(async (media) => {
        current = media;
        setStream(media);
        setProblem(null);
        setDevices(await navigator.mediaDevices.enumerateDevices());
      })
      .catch((error: Error) => setProblem({ what: 'devices', reason: error.message }));
    return () => current?.getTracks().forEach((track) => track.stop());
  }, [cameraId, micId]);

  const shareScreen = useCallback(async () => {
    if (screen) {
      screen.getTracks().forEach((track) => track.stop());
      setScreen(null);
      return;
    }
    try {
      const shared = await navigator.mediaDevices.getDisplayMedia({ video: true });
      shared.getVideoTracks()[0]?.addEventListener('ended', () => setScreen(null));
      setScreen(shared);
    } catch (error) {
      setProblem({ what: 'screen', reason: (error as Error).message });
    }
  }, [screen]);

  const videoTrack = screen?.getVideoTracks()[0] ?? stream?.getVideoTracks()[0] ?? null;
  const audioTrack = stream?.getAudioTracks()[0] ?? null;
  return { devices, cameraId, setCameraId, micId, setMicId, stream, screen, shareScreen, videoTrack, audioTrack, problem };
}

/** /educator/live/:classId: preview, device pickers, screen share, start and end; publishes over WebRTC into Janus. */
export function GoLivePage() {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const { classId = '' } = useParams();
  const api = useApi();
  const iceServers = useRuntimeConfig().iceServers ?? [];
  const client = useQueryClient();
  const id = useId();
  const loaded = useRemoteData(queryKeys.educator.liveClass(classId), (caller) => fetchLiveClass(caller, classId));
  const media = useMediaPreview();
  const preview = useRef<HTMLVideoElement>(null);
  const studio = useRef<Awaited<ReturnType<typeof publishToStudio>> | null>(null);
  const [onAir, setOnAir] = useState<OnAir>('off');
  const [error, setError] = useState<string | null>(null);
  const { getAccessTokenSilently } = usePortalAuth();
  const chatToken = useCallback(async () => (await getAccessTokenSilently()) ?? '', [getAccessTokenSilently]);

  useEffect(() => {
    if (preview.current) preview.current.srcObject = media.screen ?? media.stream;
  }, [media.stream, media.screen]);
  // A new camera or a shared screen replaces the track being sent, without a new connection.
  useEffect(() => void studio.current?.replaceVideo(media.videoTrack), [media.videoTrack]);
  useEffect(() => () => studio.current?.close(), []);

  const start = async () => {
    if (!media.audioTrack || !media.videoTrack) return;
    setError(null);
    setOnAir('connecting');
    try {
      if (loaded.state.status === 'ready' && loaded.state.data.liveClass.status === 'scheduled') await changeLiveClass(api, classId, 'start');
      studio.current = await publishToStudio({ audio: media.audioTrack, video: media.videoTrack }, (offer, signal) => publishOffer(api, classId, offer, signal), setOnAir, (signal) => fetchLiveClass(api, classId, signal), iceServers);
      await client.invalidateQueries({ queryKey: queryKeys.educator.liveClass(classId) });
    } catch (failure) {
      setOnAir('off');
      setError(errorMessage(failure));
    }
  };
  const end = async () => {
    try {
      await changeLiveClass(api, classId, 'end');
      studio.current?.close();
      studio.current = null;
      setOnAir('ended');
      await client.invalidateQueries({ queryKey: queryKeys.educator.liveClass(classId) });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  if (loaded.state.status === 'loading') return <LoadingView label={t('liveClasses.goLive.loading')} />;
  if (loaded.state.status === 'error') return <ErrorPanel title={t('liveClasses.goLive.failed')} message={loaded.state.message} onRetry={loaded.reload} />;
  const { liveClass, liveAvailable } = loaded.state.data;
  const cameras = media.devices.filter((device) => device.kind === 'videoinput');
  const mics = media.devices.filter((device) => device.kind === 'audioinput');
  const onAirText: Record<OnAir, string> = {
    off: t('liveClasses.goLive.onAir.off'),
    connecting: t('liveClasses.goLive.onAir.connecting'),
    live: t('liveClasses.goLive.onAir.live'),
    reconnecting: t('liveClasses.goLive.onAir.reconnecting'),
    ended: t('liveClasses.goLive.onAir.ended'),
  };
  const canStart = liveAvailable && (liveClass.status === 'scheduled' || liveClass.status === 'live') && onAir !== 'live' && onAir !== 'connecting';
  return (
    <div className="go-live-page">
      <p>
        <Link to={`${educatorPaths.liveClasses}?${new URLSearchParams({ courseId: liveClass.courseId }).toString()}`}>{t('liveClasses.goLive.back', { course: liveClass.courseTitle })}</Link>
      </p>
      <h1 className="page-title">{liveClass.title}</h1>
      <p>
        {[liveClass.chapterTitle, istDateTime(liveClass.startsAt, format), t('common.minutes', { minutes: format.count(liveClass.durationMinutes) })].join(' · ')}
      </p>
      {!liveAvailable && (
        <p className="live-classes-page__notice" role="alert">
          {translateMessage(LIVE_UNAVAILABLE_MESSAGE)}
        </p>
      )}
      <video ref={preview} className="go-live-page__preview" autoPlay muted playsInline aria-label={t('liveClasses.goLive.preview')} />
      <p className="go-live-page__state" role="status" data-on-air={onAir}>
        {onAirText[onAir]}
      </p>
      {media.problem && (
        <p className="form-error" role="alert">
          {media.problem.what === 'devices'
            ? t('liveClasses.goLive.devicesFailed', { reason: media.problem.reason })
            : t('liveClasses.goLive.screenFailed', { reason: media.problem.reason })}
        </p>
      )}
      <div className="go-live-page__devices">
        <div className="form-field">
          <label htmlFor={`${id}-camera`}>{t('liveClasses.goLive.camera')}</label>
          <select id={`${id}-camera`} value={media.cameraId} onChange={(event) => media.setCameraId(event.target.value)}>
            <option value="">{t('liveClasses.goLive.defaultCamera')}</option>
            {cameras.map((device, index) => (
              <option key={device.deviceId || index} value={device.deviceId}>
                {device.label || t('liveClasses.goLive.cameraNumber', { number: index + 1 })}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-mic`}>{t('liveClasses.goLive.microphone')}</label>
          <select id={`${id}-mic`} value={media.micId} onChange={(event) => media.setMicId(event.target.value)}>
            <option value="">{t('liveClasses.goLive.defaultMicrophone')}</option>
            {mics.map((device, index) => (
              <option key={device.deviceId || index} value={device.deviceId}>
                {device.label || t('liveClasses.goLive.microphoneNumber', { number: index + 1 })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="go-live-page__actions">
        <button type="button" className="button-secondary" onClick={() => void media.shareScreen()} aria-pressed={!!media.screen}>
          {media.screen ? t('liveClasses.goLive.stopSharing') : t('liveClasses.goLive.share')}
        </button>
        <button type="button" disabled={!canStart || !media.videoTrack} onClick={() => void start()}>
          {liveClass.status === 'live' ? t('liveClasses.goLive.goLiveAgain') : t('liveClasses.goLive.start')}
        </button>
        <button type="button" className="button-danger" disabled={liveClass.status !== 'live' && onAir !== 'live'} onClick={() => void end()}>
          {t('liveClasses.goLive.end')}
        </button>
      </div>
      {liveAvailable && (liveClass.status === 'scheduled' || liveClass.status === 'live') && <ObsPanel classId={liveClass.id} />}
      {(liveClass.status === 'live' || onAir === 'live') && (
        <LiveChatPanel
          classId={liveClass.id}
          getToken={chatToken}
          asEducator
          top={(room) => <StagePanel classId={liveClass.id} room={room} />}
          extra={(room) => <LiveDoubtsList room={room} courseId={liveClass.courseId} />}
        />
      )}
    </div>
  );
}
