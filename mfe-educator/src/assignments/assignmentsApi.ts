// A course's assignments as its educator sets them, and the hand-ins waiting for review (progress).
import {
  assignmentPath,
  assignmentsPath,
  EDUCATOR_SUBMISSIONS_PATH,
  reviewPath,
  type Assignment,
  type AssignmentForMember,
  type AssignmentInput,
  type AssignmentSubmission,
  type InboxSubmissionPage,
  type ReviewSubmissionRequest,
} from '@academy/contracts';
import type { ApiClient } from '@academy/platform';

export async function fetchCourseAssignments(api: ApiClient, courseId: string): Promise<AssignmentForMember[]> {
  return (await api.get<{ assignments?: AssignmentForMember[] }>(assignmentsPath(courseId))).assignments ?? [];
}

export async function saveAssignment(api: ApiClient, courseId: string, input: AssignmentInput, assignmentId?: string): Promise<{ message: string; assignment: Assignment }> {
  return assignmentId
    ? api.put<{ message: string; assignment: Assignment }>(assignmentPath(courseId, assignmentId), input)
    : api.post<{ message: string; assignment: Assignment }>(assignmentsPath(courseId), input);
}

export async function removeAssignment(api: ApiClient, courseId: string, assignmentId: string): Promise<string> {
  return (await api.del<{ message: string }>(assignmentPath(courseId, assignmentId))).message;
}

export function fetchAwaitingReview(api: ApiClient, courseId: string, cursor: string | null): Promise<InboxSubmissionPage> {
  const query = new URLSearchParams();
  if (courseId) query.set('courseId', courseId);
  if (cursor) query.set('cursor', cursor);
  return api.get<InboxSubmissionPage>(`${EDUCATOR_SUBMISSIONS_PATH}?${query.toString()}`);
}

export async function fetchAwaitingReviewCount(api: ApiClient): Promise<number> {
  return (await api.get<{ awaitingReview: number }>(`${EDUCATOR_SUBMISSIONS_PATH}/summary`)).awaitingReview;
}

export async function reviewSubmission(
  api: ApiClient,
  submission: Pick<AssignmentSubmission, 'courseId' | 'assignmentId' | 'id'>,
  review: ReviewSubmissionRequest,
): Promise<string> {
  return (await api.post<{ message: string }>(reviewPath(submission.courseId, submission.assignmentId, submission.id), review)).message;
}
