// The educator's inbox (progress): unanswered doubts across their courses, the dashboard's figures, and answering.
import {
  doubtsAnswerRoute,
  doubtsHideDoubtRoute,
  doubtsUnhideAnswerRoute,
  doubtsUnhideDoubtRoute,
  educatorInboxHiddenRoute,
  educatorInboxListRoute,
  educatorInboxSummaryRoute,
  type DoubtAnswer,
  type EducatorDoubtSummary,
  type EducatorInbox,
  type HiddenPost,
  type HiddenPostPage,
} from '@academy/contracts';
import { callApi, type ApiClient } from '@academy/platform';

export interface InboxFilter {
  courseId: string;
  lectureId: string;
}

export function fetchInbox(api: ApiClient, filter: InboxFilter, cursor: string | null): Promise<EducatorInbox> {
  // Blank values are left out of the address (apiPath skips them).
  return callApi(api, educatorInboxListRoute, { query: { courseId: filter.courseId, lectureId: filter.lectureId, cursor: cursor ?? undefined } });
}

export async function fetchDoubtSummary(api: ApiClient): Promise<EducatorDoubtSummary> {
  return (await callApi(api, educatorInboxSummaryRoute)).summary;
}

export async function answerFromInbox(api: ApiClient, courseId: string, doubtId: string, text: string): Promise<DoubtAnswer> {
  return (await callApi(api, doubtsAnswerRoute, { params: { courseId, doubtId }, body: { text } })).answer;
}

export async function hideFromInbox(api: ApiClient, courseId: string, doubtId: string): Promise<string> {
  return (await callApi(api, doubtsHideDoubtRoute, { params: { courseId, doubtId } })).message;
}

export function fetchHiddenPosts(api: ApiClient, cursor: string | null): Promise<HiddenPostPage> {
  return callApi(api, educatorInboxHiddenRoute, { query: { cursor: cursor ?? undefined } });
}

/** Shows a hidden doubt, or one hidden answer, to learners again. */
export async function showAgain(api: ApiClient, post: HiddenPost): Promise<string> {
  const doubt = { courseId: post.courseId, doubtId: post.doubtId };
  const answer = post.answerId
    ? await callApi(api, doubtsUnhideAnswerRoute, { params: { ...doubt, answerId: post.answerId } })
    : await callApi(api, doubtsUnhideDoubtRoute, { params: doubt });
  return answer.message;
}
