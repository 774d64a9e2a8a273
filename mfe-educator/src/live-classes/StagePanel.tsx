import {
  errorMessage,
  queryKeys,
  toLoadable,
  useApi,
  useQuery,
  useQueryClient,
  useRuntimeConfig,
  useTranslation,
} from '@academy/platform';
import { watchFeed, type LiveRoomHandle, type Watched } from '@academy/ui/live';
import { useEffect, useRef, useState } from 'react';
import { answerSubscription, closeSubscription, fetchStage, setStage, subscribeToStage } from './liveClassesApi';

const RETRY_MS = 2_000;

/**
 * The educator's stage, inside the class's chat panel: an "Invite on stage" button for each raised hand (one learner
 * at a time), the learner's video and voice over WebRTC once they join, and "Remove from stage".
 */
export function StagePanel({ classId, room }: { classId: string; room: LiveRoomHandle }) {
  const { t } = useTranslation('educator');
  const api = useApi();
  const iceServers = useRuntimeConfig().iceServers ?? [];
  const [stageName, setStageName] = useState('');
  const [playing, setPlaying] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const { hands, stageVersion, connection } = room.state;
  const client = useQueryClient();

  // Who is on stage, asked again whenever the gateway says the stage changed (its version); the last answer stays
  // shown meanwhile, so a learner's video is not dropped while the next answer comes. A failure is shown here.
  const stageKey = [...queryKeys.educator.liveClass(classId), 'stage', stageVersion];
  const stageQuery = useQuery({ queryKey: stageKey, queryFn: () => fetchStage(api, classId), placeholderData: (previous) => previous, meta: { errorToast: false } });
  const stage = toLoadable(stageQuery);
  const stageUserId = stage.status === 'ready' ? stage.data.stageUserId : null;
  const publishing = stage.status === 'ready' && stage.data.publishing;

  // Once the learner on stage sends (they say so through the gateway), watch them; a failed attempt is tried again.
  useEffect(() => {
    if (!stageUserId || !publishing || !video.current) return;
    let closed = false;
    let watched: Watched | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const element = video.current;
    const attempt = async () => {
      try {
        const opened = await watchFeed(() => subscribeToStage(api, classId), (id, sdp) => answerSubscription(api, classId, id, sdp), element, iceServers);
        watched = opened;
        if (closed) {
          opened.close();
          void closeSubscription(api, classId, opened.subscriptionId).catch(() => undefined);
        }
      } catch {
        if (!closed) timer = setTimeout(() => void attempt(), RETRY_MS);
      }
    };
    void attempt();
    return () => {
      closed = true;
      clearTimeout(timer);
      watched?.close();
      if (watched) void closeSubscription(api, classId, watched.subscriptionId).catch(() => undefined);
      element.srcObject = null;
      setPlaying(false);
    };
  }, [api, classId, stageUserId, publishing]);

  const change = async (userId: string | null, name = '') => {
    setProblem(null);
    try {
      client.setQueryData(stageKey, await setStage(api, classId, userId));
      setStageName(name);
      await room.ask('stage', {});
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };

  const shownName = stageName || hands.find((hand) => hand.userId === stageUserId)?.userName || t('liveClasses.stage.aLearner');
  return (
    <div className="stage-panel">
      {stageUserId ? (
        <>
          <p role="status">{playing ? t('liveClasses.stage.onStage', { name: shownName }) : t('liveClasses.stage.waiting', { name: shownName })}</p>
          <video
            ref={video}
            className="stage-panel__video"
            autoPlay
            playsInline
            aria-label={t('liveClasses.stage.video', { name: shownName })}
            onPlaying={() => setPlaying(true)}
          />
          <button type="button" className="button-secondary" onClick={() => void change(null)}>
            {t('liveClasses.stage.remove', { name: shownName })}
          </button>
        </>
      ) : (
        hands.length > 0 && (
          <ul className="stage-panel__hands" aria-label={t('liveClasses.stage.hands')}>
            {hands.map((hand) => (
              <li key={hand.userId}>
                <button type="button" className="button-secondary" disabled={connection !== 'connected'} onClick={() => void change(hand.userId, hand.userName)}>
                  {t('liveClasses.stage.invite', { name: hand.userName })}
                </button>
              </li>
            ))}
          </ul>
        )
      )}
      {(problem ?? (stage.status === 'error' ? stage.message : null)) && (
        <p className="form-error" role="alert">
          {problem ?? (stage.status === 'error' ? stage.message : null)}
        </p>
      )}
    </div>
  );
}
