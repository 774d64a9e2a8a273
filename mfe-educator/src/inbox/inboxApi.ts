// The educator's inbox (progress): unanswered doubts across their courses, the dashboard's figures, and answering.
import { doubtPath, EDUCATOR_INBOX_PATH, type DoubtAnswer, type EducatorDoubtSummary, type EducatorInbox } from '@academy/contracts';
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
