// Calls of the parents feature (progress service, /api/parents/). Failures arrive as ApiError with the server's message.
import type { ChildDoubtPage, ChildProgress, EmailSettings, LinkCodeAnswer, LinkedPerson, ParentLinksAnswer, WeeklyReportPreview } from '@academy/contracts';
import type { ApiClient } from '@academy/platform';

export async function fetchLinks(api: ApiClient): Promise<ParentLinksAnswer> {
  const { children, parents } = await api.get<ParentLinksAnswer>('/parents/links');
  return { children, parents };
}

export async function createLinkCode(api: ApiClient): Promise<LinkCodeAnswer> {
  return (await api.post<{ linkCode: LinkCodeAnswer }>('/parents/link-codes')).linkCode;
}

export async function redeemLinkCode(api: ApiClient, code: string): Promise<{ message: string; child: LinkedPerson }> {
  return api.post<{ message: string; child: LinkedPerson }>('/parents/links', { code });
}

export async function removeLink(api: ApiClient, otherUserId: string): Promise<string> {
  return (await api.del<{ message: string }>(`/parents/links/${encodeURIComponent(otherUserId)}`)).message;
}

export async function fetchChildProgress(api: ApiClient, childId: string): Promise<ChildProgress> {
  const { child, courses } = await api.get<ChildProgress>(`/parents/children/${encodeURIComponent(childId)}`);
  return { child, courses };
}

export async function fetchChildDoubts(api: ApiClient, childId: string, cursor: string | null): Promise<ChildDoubtPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  const { doubts, nextCursor } = await api.get<ChildDoubtPage>(`/parents/children/${encodeURIComponent(childId)}/doubts${query}`);
  return { doubts: doubts ?? [], nextCursor: nextCursor ?? null };
}

export async function fetchEmailSettings(api: ApiClient): Promise<EmailSettings> {
  return (await api.get<{ settings: EmailSettings }>('/parents/email-settings')).settings;
}

export async function saveEmailSettings(api: ApiClient, settings: EmailSettings): Promise<string> {
  return (await api.put<{ message: string }>('/parents/email-settings', settings)).message;
}

export async function fetchWeeklyPreview(api: ApiClient): Promise<WeeklyReportPreview> {
  return (await api.get<{ preview: WeeklyReportPreview }>('/parents/weekly-report/preview')).preview;
}
