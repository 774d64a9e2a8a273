import { educatorEnrolledStudentsRoute, type EnrolledStudentRecord, type EnrolledStudentsPage } from '@academy/contracts';
import { ApiError, callApi, type ApiClient } from '@academy/platform';

/** Students Enrolled's filters: one course and words in a name or title (blank: none). */
export interface StudentsFilter {
  courseId?: string;
  q?: string;
}

/** The list's query: the filters that are not blank, and the page after `cursor`. */
export function studentsQueryInput(filter: StudentsFilter, cursor?: string): { courseId?: string; q?: string; cursor?: string } {
  return {
    ...(filter.courseId ? { courseId: filter.courseId } : {}),
    ...(filter.q?.trim() ? { q: filter.q.trim() } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** `?courseId=…&q=…&cursor=…` without the blank ones. */
export function studentsQuery(filter: StudentsFilter, cursor?: string): string {
  const text = new URLSearchParams(studentsQueryInput(filter, cursor)).toString();
  return text ? `?${text}` : '';
}

/** One page of the educator's enrolments (commerce), newest first; `cursor` is the previous page's nextCursor. */
export async function fetchEnrolledStudentsPage(api: ApiClient, cursor?: string, filter: StudentsFilter = {}): Promise<EnrolledStudentsPage> {
  // Read as partial: a success without the list would otherwise crash the table far from the cause.
  const page: Partial<EnrolledStudentsPage> = await callApi(api, educatorEnrolledStudentsRoute, { query: studentsQueryInput(filter, cursor) });
  if (!Array.isArray(page.enrolledStudents)) throw new ApiError('The server sent no enrolment list');
  return { enrolledStudents: newestFirst(page.enrolledStudents), nextCursor: page.nextCursor ?? null };
}

function timeOf(record: EnrolledStudentRecord): number {
  const time = Date.parse(record.purchaseDate);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/** Newest purchase first; records whose date cannot be read go last, in their original order. */
export function newestFirst(records: readonly EnrolledStudentRecord[]): EnrolledStudentRecord[] {
  return records
    .map((record, index) => ({ record, index, time: timeOf(record) }))
    .sort((a, b) => (b.time === a.time ? a.index - b.index : b.time > a.time ? 1 : -1))
    .map(({ record }) => record);
}
