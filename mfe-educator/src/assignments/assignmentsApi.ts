// A course's assignments as its educator sets them, and the hand-ins waiting for review (progress).
import {
  assignmentsCreateRoute,
  assignmentsListRoute,
  assignmentsRemoveRoute,
  assignmentsReviewRoute,
  assignmentsUpdateRoute,
  educatorSubmissionsAwaitingRoute,
  educatorSubmissionsSummaryRoute,
  type Assignment,
  type AssignmentForMember,
  type AssignmentInput,
  type AssignmentSubmission,
  type InboxSubmissionPage,
  type ReviewSubmissionRequest,
} from '@academy/contracts';
import { callApi, type ApiClient } from '@academy/platform';

export async function fetchCourseAssignments(api: ApiClient, courseId: string): Promise<AssignmentForMember[]> {
  return (await callApi(api, assignmentsListRoute, { params: { courseId } })).assignments;
}

export async function saveAssignment(api: ApiClient, courseId: string, input: AssignmentInput, assignmentId?: string): Promise<{ message: string; assignment: Assignment }> {
  return assignmentId
    ? callApi(api, assignmentsUpdateRoute, { params: { courseId, assignmentId }, body: input })
    : callApi(api, assignmentsCreateRoute, { params: { courseId }, body: input });
}

export async function removeAssignment(api: ApiClient, courseId: string, assignmentId: string): Promise<string> {
  return (await callApi(api, assignmentsRemoveRoute, { params: { courseId, assignmentId } })).message;
}

/** `courseId` blank: every course of the educator. */
export function fetchAwaitingReview(api: ApiClient, courseId: string, cursor: string | null): Promise<InboxSubmissionPage> {
  return callApi(api, educatorSubmissionsAwaitingRoute, { query: { courseId: courseId || undefined, cursor: cursor ?? undefined } });
}

export async function fetchAwaitingReviewCount(api: ApiClient): Promise<number> {
  return (await callApi(api, educatorSubmissionsSummaryRoute)).awaitingReview;
}

export async function reviewSubmission(
  api: ApiClient,
  submission: Pick<AssignmentSubmission, 'courseId' | 'assignmentId' | 'id'>,
  review: ReviewSubmissionRequest,
): Promise<string> {
  const params = { courseId: submission.courseId, assignmentId: submission.assignmentId, submissionId: submission.id };
  return (await callApi(api, assignmentsReviewRoute, { params, body: review })).message;
}
