import {
  apiPath,
  liveClassesAnswerRoute,
  liveClassesCalendarRoute,
  liveClassesLeaveStageRoute,
  liveClassesListRoute,
  liveClassesMineRoute,
  liveClassesPublishStageRoute,
  liveClassesStageRoute,
  liveClassesSubscribeRoute,
  liveClassesUnsubscribeRoute,
  livePlaybackPlaybackRoute,
  type LiveClassListAnswer,
  type LivePlaybackAnswer,
  type LiveStageAnswer,
  type LiveSubscribeAnswer,
} from '@academy/contracts';
import { callApi, type ApiClient } from '@academy/platform';
import i18next from 'i18next';

/** GET /api/live-classes?courseId= (enrolled, educator, linked parent; 403 otherwise). */
export function fetchCourseLiveClasses(api: ApiClient, courseId: string): Promise<LiveClassListAnswer> {
  return callApi(api, liveClassesListRoute, { query: { courseId } });
}

/** GET /api/live-classes/mine: live and upcoming classes of every course the learner is enrolled in (the home page). */
export function fetchMyLiveClasses(api: ApiClient): Promise<LiveClassListAnswer> {
  return callApi(api, liveClassesMineRoute);
}

export function fetchLivePlayback(api: ApiClient, classId: string): Promise<LivePlaybackAnswer> {
  return callApi(api, livePlaybackPlaybackRoute, { params: { id: classId } });
}

export const liveCalendarPath = (classId: string) => apiPath(liveClassesCalendarRoute, { params: { id: classId } });
export const liveRoomPath = (classId: string) => `/live/${encodeURIComponent(classId)}`;

/** "in 2 h 05 min", "in 4 min 09 s"; "now" once it is time (in the language shown: worded when called). */
export function countdown(startsAt: string, now: number): string {
  const seconds = Math.max(0, Math.round((Date.parse(startsAt) - now) / 1000));
  if (seconds === 0) return i18next.t('learner:live.countdown.now');
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const pad = (value: number) => String(value).padStart(2, '0');
  if (days > 0) return i18next.t('learner:live.countdown.days', { days, hours });
  if (hours > 0) return i18next.t('learner:live.countdown.hours', { hours, minutes: pad(minutes) });
  return i18next.t('learner:live.countdown.minutes', { minutes, seconds: pad(seconds % 60) });
}

/** Who is on the class's stage, and whether it is the caller (invited by the teacher). */
export async function fetchStage(api: ApiClient, classId: string): Promise<LiveStageAnswer> {
  return callApi(api, liveClassesStageRoute, { params: { id: classId } });
}

/** The invited learner's SDP offer into the class's room; Janus's answer comes back. */
export async function publishStage(api: ApiClient, classId: string, sdp: string): Promise<string> {
  return (await callApi(api, liveClassesPublishStageRoute, { params: { id: classId }, body: { sdp } })).sdp;
}

export async function leaveStage(api: ApiClient, classId: string): Promise<void> {
  await callApi(api, liveClassesLeaveStageRoute, { params: { id: classId } });
}

/** Janus's offer of the teacher's stream (for the learner on stage). */
export async function subscribeToTeacher(api: ApiClient, classId: string): Promise<LiveSubscribeAnswer> {
  return callApi(api, liveClassesSubscribeRoute, { params: { id: classId, feed: 'educator' } });
}

export async function answerSubscription(api: ApiClient, classId: string, subscriptionId: string, sdp: string): Promise<void> {
  await callApi(api, liveClassesAnswerRoute, { params: { id: classId, subscriptionId }, body: { sdp } });
}

/** Lets Janus drop a stream the page no longer watches (it would otherwise last until the class ends). */
export async function closeSubscription(api: ApiClient, classId: string, subscriptionId: string): Promise<void> {
  await callApi(api, liveClassesUnsubscribeRoute, { params: { id: classId, subscriptionId } });
}
