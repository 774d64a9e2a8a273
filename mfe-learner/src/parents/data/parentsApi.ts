// Calls of the parents feature (progress service, /api/parents/). Failures arrive as ApiError with the server's message.
import {
  parentsChildDoubtsRoute,
  parentsChildRoute,
  parentsCreateCodeRoute,
  parentsEmailSettingsRoute,
  parentsListRoute,
  parentsRedeemRoute,
  parentsRemoveRoute,
  parentsSaveEmailSettingsRoute,
  parentsWeeklyPreviewRoute,
  type ChildDoubtPage,
  type ChildProgress,
  type EmailSettings,
  type LinkCodeAnswer,
  type LinkedPerson,
  type ParentLinksAnswer,
  type WeeklyReportPreview,
} from '@academy/contracts';
import { callApi, type ApiClient } from '@academy/platform';

export async function fetchLinks(api: ApiClient): Promise<ParentLinksAnswer> {
  const { children, parents } = await callApi(api, parentsListRoute);
  return { children, parents };
}

export async function createLinkCode(api: ApiClient): Promise<LinkCodeAnswer> {
  return (await callApi(api, parentsCreateCodeRoute)).linkCode;
}

export async function redeemLinkCode(api: ApiClient, code: string): Promise<{ message: string; child: LinkedPerson }> {
  const { message, child } = await callApi(api, parentsRedeemRoute, { body: { code } });
  return { message, child };
}

export async function removeLink(api: ApiClient, otherUserId: string): Promise<string> {
  return (await callApi(api, parentsRemoveRoute, { params: { userId: otherUserId } })).message;
}

export async function fetchChildProgress(api: ApiClient, childId: string): Promise<ChildProgress> {
  const { child, courses } = await callApi(api, parentsChildRoute, { params: { childId } });
  return { child, courses };
}

export async function fetchChildDoubts(api: ApiClient, childId: string, cursor: string | null): Promise<ChildDoubtPage> {
  // Read as partial: an answer without its list reads as an empty page rather than crashing the view.
  const { doubts, nextCursor }: Partial<ChildDoubtPage> = await callApi(api, parentsChildDoubtsRoute, { params: { childId }, query: { cursor: cursor ?? undefined } });
  return { doubts: doubts ?? [], nextCursor: nextCursor ?? null };
}

export async function fetchEmailSettings(api: ApiClient): Promise<EmailSettings> {
  return (await callApi(api, parentsEmailSettingsRoute)).settings;
}

export async function saveEmailSettings(api: ApiClient, settings: EmailSettings): Promise<string> {
  return (await callApi(api, parentsSaveEmailSettingsRoute, { body: settings })).message;
}

export async function fetchWeeklyPreview(api: ApiClient): Promise<WeeklyReportPreview> {
  return (await callApi(api, parentsWeeklyPreviewRoute)).preview;
}
