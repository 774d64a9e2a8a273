// The educator's inbox (progress): unanswered doubts across their courses, the dashboard's figures, and answering.
import { doubtPath, EDUCATOR_INBOX_PATH, type DoubtAnswer, type EducatorDoubtSummary, type EducatorInbox, type HiddenPost, type HiddenPostPage } from '@academy/contracts';
import type { ApiClient } from '@academy/platform';

export interface InboxFilter {
  courseId: string;
  lectureId: string;
}

export function fetchInbox(api: ApiClient, filter: InboxFilter, cursor: string | null): Promise<EducatorInbox> {
  const query = new URLSearchParams();
  if (filter.courseId) query.set('courseId', filter.courseId);
  if (filter.lectureId) query.set('lectureId', filter.lectureId);
  if (cursor) query.set('cursor', cursor);
  return api.get<EducatorInbox>(`${EDUCATOR_INBOX_PATH}?${query.toString()}`);
}

export async function fetchDoubtSummary(api: ApiClient): Promise<EducatorDoubtSummary> {
  return (await api.get<{ summary: EducatorDoubtSummary }>(`${EDUCATOR_INBOX_PATH}/summary`)).summary;
}

export async function answerFromInbox(api: ApiClient, courseId: string, doubtId: string, text: string): Promise<DoubtAnswer> {
  return (await api.post<{ answer: DoubtAnswer }>(`${doubtPath(courseId, doubtId)}/answers`, { text })).answer;
}

export async function hideFromInbox(api: ApiClient, courseId: string, doubtId: string): Promise<string> {
  return (await api.post<{ message: string }>(`${doubtPath(courseId, doubtId)}/hide`, {})).message;
}

export function fetchHiddenPosts(api: ApiClient, cursor: string | null): Promise<HiddenPostPage> {
  return api.get<HiddenPostPage>(`${EDUCATOR_INBOX_PATH}/hidden${cursor ? `?${new URLSearchParams({ cursor }).toString()}` : ''}`);
}

/** Shows a hidden doubt, or one hidden answer, to learners again. */
export async function showAgain(api: ApiClient, post: HiddenPost): Promise<string> {
  const base = doubtPath(post.courseId, post.doubtId);
  const path = post.answerId ? `${base}/answers/${encodeURIComponent(post.answerId)}/unhide` : `${base}/unhide`;
  return (await api.post<{ message: string }>(path, {})).message;
}
