import { errorMessage, useApi, useRuntimeConfig, useTranslation } from '@academy/platform';
import { publishTracks, watchFeed, type LiveRoomHandle, type Published, type Watched } from '@academy/ui/live';
import { useEffect, useRef, useState } from 'react';
import { answerSubscription, closeSubscription, fetchStage, leaveStage, publishStage, subscribeToTeacher } from './liveApi';

type Step = 'none' | 'invited' | 'preview' | 'joining' | 'on-stage';

/**
 * The learner's side of the stage, inside the class's chat panel: the teacher's invitation, a preview of their own
 * camera and microphone, then joining over WebRTC (they see and hear the teacher directly, with no HLS delay, and
 * the class hears them through the HLS); they can leave, and the teacher can take them off.
 */
export function StagePanel({ classId, room, hlsVideo }: { classId: string; room: LiveRoomHandle; hlsVideo: HTMLVideoElement | null }) {
  const { t } = useTranslation('learner');
  const api = useApi();
  const iceServers = useRuntimeConfig().iceServers ?? [];
  const [step, setStep] = useState<Step>('none');
  const [media, setMedia] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const teacher = useRef<HTMLVideoElement>(null);
  const links = useRef<{ published: Published | null; watched: Watched | null }>({ published: null, watched: null });
  const { stageVersion } = room.state;

  const stop = () => {
    links.current.published?.close();
    links.current.watched?.close();
    if (links.current.watched) void closeSubscription(api, classId, links.current.watched.subscriptionId).catch(() => undefined);
    links.current = { published: null, watched: null };
    setMedia((current) => {
      current?.getTracks().forEach((track) => track.stop());
      return null;
    });
  };

  useEffect(() => {
    let stale = false;
    fetchStage(api, classId)
      .then((stage) => {
        if (stale) return;
        if (!stage.you) {
          stop();
          setStep('none');
        } else setStep((current) => (current === 'none' ? 'invited' : current));
      })
      .catch((failure: unknown) => !stale && setProblem(errorMessage(failure)));
    return () => void (stale = true);
  }, [api, classId, stageVersion]);
  useEffect(() => () => stop(), []);
  useEffect(() => {
    if (preview.current) preview.current.srcObject = media;
  }, [media, step]);
  // On stage, the teacher comes over WebRTC: the HLS (seconds behind, and carrying the learner's own voice) is muted.
  useEffect(() => {
    if (!hlsVideo || step !== 'on-stage') return;
    const wasMuted = hlsVideo.muted;
    hlsVideo.muted = true;
    return () => void (hlsVideo.muted = wasMuted);
  }, [hlsVideo, step]);

  const openPreview = async () => {
    setProblem(null);
    try {
      setMedia(await navigator.mediaDevices.getUserMedia({ audio: true, video: true }));
      setStep('preview');
    } catch (failure) {
      setProblem(t('live.stage.devicesFailed', { reason: (failure as Error).message }));
    }
  };
  const join = async () => {
    const audio = media?.getAudioTracks()[0];
    const video = media?.getVideoTracks()[0];
    if (!audio || !video || !teacher.current) return;
    setProblem(null);
    setStep('joining');
    try {
      links.current.published = await publishTracks({ audio, video }, (offer) => publishStage(api, classId, offer), iceServers);
      links.current.watched = await watchFeed(() => subscribeToTeacher(api, classId), (id, sdp) => answerSubscription(api, classId, id, sdp), teacher.current, iceServers);
      setStep('on-stage');
      await room.ask('stage', {});
    } catch (failure) {
      stop();
      setStep('invited');
      setProblem(errorMessage(failure));
    }
  };
  const leave = async () => {
    stop();
    setStep('none');
    try {
      await leaveStage(api, classId);
      await room.ask('stage', {});
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };

  if (step === 'none') return problem ? <p className="form-error" role="alert">{problem}</p> : null;
  return (
    <section className="live-stage" aria-label={t('live.stage.title')}>
      <p role="status">
        {step === 'invited' && t('live.stage.invited')}
        {step === 'preview' && t('live.stage.previewing')}
        {step === 'joining' && t('live.stage.joining')}
        {step === 'on-stage' && t('live.stage.onStage')}
      </p>
      <div className="live-stage__videos" hidden={step === 'invited'}>
        <video ref={preview} className="live-stage__video" autoPlay muted playsInline aria-label={t('live.stage.you')} />
        <video ref={teacher} className="live-stage__video" autoPlay playsInline aria-label={t('live.stage.teacher')} data-stage-teacher hidden={step !== 'on-stage'} />
      </div>
      <div className="live-stage__actions">
        {step === 'invited' && (
          <button type="button" onClick={() => void openPreview()}>
            {t('live.stage.accept')}
          </button>
        )}
        {step === 'preview' && (
          <button type="button" onClick={() => void join()}>
            {t('live.stage.join')}
          </button>
        )}
        <button type="button" className="button-secondary" onClick={() => void leave()}>
          {step === 'on-stage' ? t('live.stage.leave') : t('live.stage.decline')}
        </button>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
