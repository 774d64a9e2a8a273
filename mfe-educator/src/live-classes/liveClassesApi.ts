import type { LiveClassDto, LiveClassListAnswer, LiveStageAnswer, LiveStreamKeyAnswer, LiveSubscribeAnswer, RescheduleLiveClassRequest, ScheduleLiveClassRequest } from '@academy/contracts';
import type { ApiClient, Formatters } from '@academy/platform';

const base = '/educator/live-classes';

export async function fetchEducatorLiveClasses(api: ApiClient, courseId: string): Promise<LiveClassListAnswer> {
  return api.get<LiveClassListAnswer>(`${base}?${new URLSearchParams({ courseId }).toString()}`);
}

export async function fetchLiveClass(api: ApiClient, classId: string, signal?: AbortSignal): Promise<{ liveClass: LiveClassDto; liveAvailable: boolean }> {
  return api.get<{ liveClass: LiveClassDto; liveAvailable: boolean }>(`${base}/${encodeURIComponent(classId)}`, { signal });
}

export async function scheduleLiveClass(api: ApiClient, request: ScheduleLiveClassRequest): Promise<LiveClassDto> {
  return (await api.post<{ liveClass: LiveClassDto }>(base, request)).liveClass;
}

export async function rescheduleLiveClass(api: ApiClient, classId: string, request: RescheduleLiveClassRequest): Promise<LiveClassDto> {
  return (await api.post<{ liveClass: LiveClassDto }>(`${base}/${encodeURIComponent(classId)}/reschedule`, request)).liveClass;
}

/** cancel, start or end. */
export async function changeLiveClass(api: ApiClient, classId: string, action: 'cancel' | 'start' | 'end'): Promise<LiveClassDto> {
  return (await api.post<{ liveClass: LiveClassDto }>(`${base}/${encodeURIComponent(classId)}/${action}`, {})).liveClass;
}

/** Sends the browser's SDP offer; Janus's answer comes back. */
export async function publishOffer(api: ApiClient, classId: string, sdp: string, signal?: AbortSignal): Promise<string> {
  return (await api.post<{ sdp: string }>(`${base}/${encodeURIComponent(classId)}/publish`, { sdp }, { signal })).sdp;
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
  return api.get<LiveStageAnswer>(`/live-classes/${encodeURIComponent(classId)}/stage`);
}

/** Invites a raised hand on stage, or (null) takes whoever is there off it. */
export async function setStage(api: ApiClient, classId: string, userId: string | null): Promise<LiveStageAnswer> {
  const path = `${base}/${encodeURIComponent(classId)}/stage`;
  return userId ? api.post<LiveStageAnswer>(path, { userId }) : api.del<LiveStageAnswer>(path);
}

/** Janus's offer of the learner on stage, for the educator's page to answer. */
export async function subscribeToStage(api: ApiClient, classId: string): Promise<LiveSubscribeAnswer> {
  return api.post<LiveSubscribeAnswer>(`/live-classes/${encodeURIComponent(classId)}/feeds/stage/subscribe`, {});
}

export async function answerSubscription(api: ApiClient, classId: string, subscriptionId: string, sdp: string): Promise<void> {
  await api.post(`/live-classes/${encodeURIComponent(classId)}/feeds/subscriptions/${encodeURIComponent(subscriptionId)}/answer`, { sdp });
}

/** The class's WHIP URL and stream key for OBS (`renew`: a new key; the old one stops working). */
export async function fetchStreamKey(api: ApiClient, classId: string, renew = false): Promise<LiveStreamKeyAnswer> {
  const path = `${base}/${encodeURIComponent(classId)}/stream-key`;
  return renew ? api.post<LiveStreamKeyAnswer>(path, {}) : api.get<LiveStreamKeyAnswer>(path);
}

/** Lets Janus drop a stream the page no longer watches (it would otherwise last until the class ends). */
export async function closeSubscription(api: ApiClient, classId: string, subscriptionId: string): Promise<void> {
  await api.del(`/live-classes/${encodeURIComponent(classId)}/feeds/subscriptions/${encodeURIComponent(subscriptionId)}`);
}
