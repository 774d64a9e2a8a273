// Calls of a course's doubts (progress). Failures arrive as ApiError with the server's message.
import {
  DOUBT_IMAGE_MAX_BYTES,
  DOUBT_IMAGE_TOO_LARGE_MESSAGE,
  DOUBT_IMAGE_TYPE_MESSAGE,
  DOUBT_IMAGE_TYPES,
  apiPath,
  doubtsAnswerRoute,
  doubtsAskRoute,
  doubtsAttachImageRoute,
  doubtsHideAnswerRoute,
  doubtsHideDoubtRoute,
  doubtsImageRoute,
  doubtsLectureRoute,
  doubtsMeTooRoute,
  doubtsReportAnswerRoute,
  doubtsReportDoubtRoute,
  doubtsResolveRoute,
  doubtsSearchRoute,
  doubtsThreadRoute,
  doubtsUnhideAnswerRoute,
  doubtsUnhideDoubtRoute,
  type AskDoubtRequest,
  type DoubtAnswer,
  type DoubtPage,
  type DoubtSummary,
  type DoubtThread,
} from '@academy/contracts';
import {
  type ApiClient,
  apiUrl,
  callApi,
  type Loadable,
  queryKeys,
  toLoadable,
  useApi,
  useInfiniteQuery,
  usePortalAuth,
  useQuery,
  useRuntimeConfig,
} from '@academy/platform';
import { useEffect, useState } from 'react';

/** A page as the lists read it, whatever a partial answer left out. */
const pageOf = (answer: Partial<DoubtPage>): DoubtPage => ({ doubts: answer.doubts ?? [], nextCursor: answer.nextCursor ?? null });

export async function fetchLectureDoubts(api: ApiClient, courseId: string, lectureId: string, cursor: string | null): Promise<DoubtPage> {
  return pageOf(await callApi(api, doubtsLectureRoute, { params: { courseId }, query: { lectureId, cursor: cursor ?? undefined } }));
}

export async function searchDoubts(api: ApiClient, courseId: string, q: string): Promise<DoubtPage> {
  return pageOf(await callApi(api, doubtsSearchRoute, { params: { courseId }, query: { q } }));
}

export async function fetchDoubtThread(api: ApiClient, courseId: string, doubtId: string): Promise<DoubtThread> {
  return (await callApi(api, doubtsThreadRoute, { params: { courseId, doubtId } })).doubt;
}

export async function askDoubt(api: ApiClient, courseId: string, request: AskDoubtRequest): Promise<DoubtSummary> {
  return (await callApi(api, doubtsAskRoute, { params: { courseId }, body: request })).doubt;
}

export async function answerDoubt(api: ApiClient, courseId: string, doubtId: string, text: string): Promise<DoubtAnswer> {
  return (await callApi(api, doubtsAnswerRoute, { params: { courseId, doubtId }, body: { text } })).answer;
}

/** What can be done to a doubt without saying more, and what can be done to one of its answers. */
const doubtActionRoutes = { 'me-too': doubtsMeTooRoute, resolve: doubtsResolveRoute, hide: doubtsHideDoubtRoute, unhide: doubtsUnhideDoubtRoute };
const answerActionRoutes = { hide: doubtsHideAnswerRoute, unhide: doubtsUnhideAnswerRoute };

/** `action`: me-too, resolve, report, hide or unhide of the doubt; report, hide or unhide of one answer when `answerId` is given. */
export async function actOnDoubt(
  api: ApiClient,
  courseId: string,
  doubtId: string,
  action: 'me-too' | 'resolve' | 'report' | 'hide' | 'unhide',
  answerId?: string,
): Promise<string> {
  if (answerId !== undefined && (action === 'report' || action === 'hide' || action === 'unhide')) {
    const params = { courseId, doubtId, answerId };
    const answer = action === 'report' ? await callApi(api, doubtsReportAnswerRoute, { params, body: {} }) : await callApi(api, answerActionRoutes[action], { params });
    return answer.message;
  }
  const params = { courseId, doubtId };
  const answer = action === 'report' ? await callApi(api, doubtsReportDoubtRoute, { params, body: {} }) : await callApi(api, doubtActionRoutes[action], { params });
  return answer.message;
}

/** A lecture's doubts, newest first, one keyset page after another ("Show more"). */
export function useLectureDoubts(courseId: string, lectureId: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: queryKeys.doubts.lecture(courseId, lectureId),
    queryFn: ({ pageParam }) => fetchLectureDoubts(api, courseId, lectureId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { errorToast: false },
  });
}

/** The course's doubts like what the learner is typing (nothing below three characters). */
export function useDoubtSearch(courseId: string, q: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.doubts.search(courseId, q),
    queryFn: () => searchDoubts(api, courseId, q),
    enabled: q.trim().length >= 3,
    meta: { errorToast: false },
  });
}

export function useDoubtThread(courseId: string, doubtId: string, refetchInterval: number | false = false, enabled = true): Loadable<DoubtThread> & { reload(): void } {
  const api = useApi();
  const query = useQuery({
    queryKey: queryKeys.doubts.thread(courseId, doubtId),
    queryFn: () => fetchDoubtThread(api, courseId, doubtId),
    refetchInterval,
    enabled,
    meta: { errorToast: false },
  });
  return toLoadable(query);
}

/** What the form says of a chosen file before anything is sent (the server decides again from the bytes). */
export function imageProblem(file: File): string | null {
  if (file.size > DOUBT_IMAGE_MAX_BYTES) return DOUBT_IMAGE_TOO_LARGE_MESSAGE;
  if (!(DOUBT_IMAGE_TYPES as readonly string[]).includes(file.type)) return DOUBT_IMAGE_TYPE_MESSAGE;
  return null;
}

export async function attachDoubtImage(api: ApiClient, courseId: string, doubtId: string, file: File): Promise<DoubtSummary> {
  const form = new FormData();
  form.append('image', file);
  // The generated route does not yet declare its form (a file without a body schema), so callApi cannot send it.
  return (await callApi(api, doubtsAttachImageRoute, { params: { courseId, doubtId }, form })).doubt;
}

/**
 * A doubt's image as an object URL: fetched with the access token (an <img> could not send it), so only the
 * course's learners and educator ever get the bytes. Null while loading or when it cannot be read (the doubt then
 * shows without it). The bytes are cached as a query; the URL lives while the component shows it.
 */
export function useDoubtImage(courseId: string, doubtId: string, enabled: boolean): string | null {
  const { apiBaseUrl } = useRuntimeConfig();
  const { getAccessTokenSilently } = usePortalAuth();
  const image = useQuery({
    queryKey: [...queryKeys.doubts.thread(courseId, doubtId), 'image'],
    enabled,
    // A stored image never changes.
    staleTime: Infinity,
    retry: false,
    meta: { errorToast: false },
    queryFn: async () => {
      const token = await getAccessTokenSilently();
      // Raw bytes, which the API client (JSON answers) does not read.
      const response = await fetch(apiUrl(apiBaseUrl, apiPath(doubtsImageRoute, { params: { courseId, doubtId } })), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!response.ok) throw new Error(`The image could not be read (HTTP ${response.status})`);
      return response.blob();
    },
  });
  return useObjectUrl(image.data ?? null);
}

/** A URL for the bytes while the component is shown, revoked after. */
function useObjectUrl(blob: Blob | null): string | null {
  const [shown, setShown] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setShown({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return shown && shown.blob === blob ? shown.url : null;
}
