// Calls of a course's assignments (progress). Failures arrive as ApiError with the server's message.
import { assignmentsListRoute, assignmentsSubmitRoute, type AssignmentForMember, type AssignmentSubmission } from '@academy/contracts';
import { type ApiClient, callApi, type Loadable, queryKeys, toLoadable, useApi, useQuery } from '@academy/platform';

export async function fetchAssignments(api: ApiClient, courseId: string): Promise<AssignmentForMember[]> {
  return (await callApi(api, assignmentsListRoute, { params: { courseId } })).assignments;
}

/** Hands in a file, a written answer or both (multipart: `file`, `text`). */
export async function handIn(api: ApiClient, courseId: string, assignmentId: string, file: File | null, text: string): Promise<{ message: string; submission: AssignmentSubmission }> {
  const form = new FormData();
  if (file) form.append('file', file);
  if (text.trim()) form.append('text', text);
  return callApi(api, assignmentsSubmitRoute, { params: { courseId, assignmentId }, form });
}

/** A course's assignments with the learner's own hand-in of each (file links are signed for a few minutes). */
export function useCourseAssignments(courseId: string): Loadable<AssignmentForMember[]> & { reload(): void } {
  const api = useApi();
  const query = useQuery<AssignmentForMember[]>({
    queryKey: queryKeys.learner.assignments(courseId),
    queryFn: () => fetchAssignments(api, courseId),
    meta: { errorToast: false },
  });
  return toLoadable(query);
}
