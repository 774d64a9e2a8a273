import {
  educatorLiveClassesCancelRoute,
  educatorLiveClassesEndRoute,
  educatorLiveClassesInviteRoute,
  educatorLiveClassesListRoute,
  educatorLiveClassesOneRoute,
  educatorLiveClassesPublishRoute,
  educatorLiveClassesRemoveStageRoute,
  educatorLiveClassesRenewStreamKeyRoute,
  educatorLiveClassesRescheduleRoute,
  educatorLiveClassesScheduleRoute,
  educatorLiveClassesStartRoute,
  educatorLiveClassesStreamKeyRoute,
  liveClassesAnswerRoute,
  liveClassesStageRoute,
  liveClassesSubscribeRoute,
  liveClassesUnsubscribeRoute,
  type LiveClassDto,
  type LiveClassListAnswer,
  type LiveStageAnswer,
  type LiveStreamKeyAnswer,
  type LiveSubscribeAnswer,
  type RescheduleLiveClassRequest,
  type ScheduleLiveClassRequest,
} from '@academy/contracts';
import { callApi, type ApiClient, type Formatters } from '@academy/platform';

const changeRoutes = { cancel: educatorLiveClassesCancelRoute, start: educatorLiveClassesStartRoute, end: educatorLiveClassesEndRoute };

export async function fetchEducatorLiveClasses(api: ApiClient, courseId: string): Promise<LiveClassListAnswer> {
  return callApi(api, educatorLiveClassesListRoute, { query: { courseId } });
}

export async function fetchLiveClass(api: ApiClient, classId: string, signal?: AbortSignal): Promise<{ liveClass: LiveClassDto; liveAvailable: boolean }> {
  return callApi(api, educatorLiveClassesOneRoute, { params: { id: classId } }, { signal });
}

export async function scheduleLiveClass(api: ApiClient, request: ScheduleLiveClassRequest): Promise<LiveClassDto> {
  return (await callApi(api, educatorLiveClassesScheduleRoute, { body: request })).liveClass;
}

export async function rescheduleLiveClass(api: ApiClient, classId: string, request: RescheduleLiveClassRequest): Promise<LiveClassDto> {
  return (await callApi(api, educatorLiveClassesRescheduleRoute, { params: { id: classId }, body: request })).liveClass;
}

/** cancel, start or end. */
export async function changeLiveClass(api: ApiClient, classId: string, action: 'cancel' | 'start' | 'end'): Promise<LiveClassDto> {
  return (await callApi(api, changeRoutes[action], { params: { id: classId } })).liveClass;
}

/** Sends the browser's SDP offer; Janus's answer comes back. */
export async function publishOffer(api: ApiClient, classId: string, sdp: string, signal?: AbortSignal): Promise<string> {
  return (await callApi(api, educatorLiveClassesPublishRoute, { params: { id: classId }, body: { sdp } }, { signal })).sdp;
}

/** A datetime-local input's value (IST wall clock) as an instant with its offset. */
export function istInputToInstant(value: string): string {
  return `${value.length === 16 ? `${value}:00` : value}+05:30`;
}

/** An instant as a datetime-local input's value on the IST wall clock. */
export function instantToIstInput(iso: string): string {
  return new Date(Date.parse(iso) + 5.5 * 3600_000).toISOString().slice(0, 16);
}

/** "01/12/2026, 5:30 pm IST" in the reader's language (the formatters write the academy's clock, IST). */
export function istDateTime(iso: string, format: Pick<Formatters, 'dateTime'>): string {
  return `${format.dateTime(iso)} IST`;
}

/** Who is on the class's stage. */
export async function fetchStage(api: ApiClient, classId: string): Promise<LiveStageAnswer> {
  return callApi(api, liveClassesStageRoute, { params: { id: classId } });
}

/** Invites a raised hand on stage, or (null) takes whoever is there off it. */
export async function setStage(api: ApiClient, classId: string, userId: string | null): Promise<LiveStageAnswer> {
  const params = { id: classId };
  return userId ? callApi(api, educatorLiveClassesInviteRoute, { params, body: { userId } }) : callApi(api, educatorLiveClassesRemoveStageRoute, { params });
}

/** Janus's offer of the learner on stage, for the educator's page to answer. */
export async function subscribeToStage(api: ApiClient, classId: string): Promise<LiveSubscribeAnswer> {
  return callApi(api, liveClassesSubscribeRoute, { params: { id: classId, feed: 'stage' } });
}

export async function answerSubscription(api: ApiClient, classId: string, subscriptionId: string, sdp: string): Promise<void> {
  await callApi(api, liveClassesAnswerRoute, { params: { id: classId, subscriptionId }, body: { sdp } });
}

/** The class's WHIP URL and stream key for OBS (`renew`: a new key; the old one stops working). */
export async function fetchStreamKey(api: ApiClient, classId: string, renew = false): Promise<LiveStreamKeyAnswer> {
  const params = { id: classId };
  return renew ? callApi(api, educatorLiveClassesRenewStreamKeyRoute, { params }) : callApi(api, educatorLiveClassesStreamKeyRoute, { params });
}

/** Lets Janus drop a stream the page no longer watches (it would otherwise last until the class ends). */
export async function closeSubscription(api: ApiClient, classId: string, subscriptionId: string): Promise<void> {
  await callApi(api, liveClassesUnsubscribeRoute, { params: { id: classId, subscriptionId } });
}
