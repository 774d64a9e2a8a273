import type { EnrolledStudentRecord, EnrolledStudentsPage } from '@academy/contracts';
import { ApiError, type ApiClient } from '@academy/platform';

/** Students Enrolled's filters: one course and words in a name or title (blank: none). */
export interface StudentsFilter {
  courseId?: string;
  q?: string;
}

/** `?courseId=…&q=…&cursor=…` without the blank ones. */
export function studentsQuery(filter: StudentsFilter, cursor?: string): string {
  const params = new URLSearchParams();
  if (filter.courseId) params.set('courseId', filter.courseId);
  if (filter.q?.trim()) params.set('q', filter.q.trim());
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of GET /api/educator/enrolledStudents (commerce), newest first; `cursor` is the previous page's nextCursor. */
export async function fetchEnrolledStudentsPage(api: ApiClient, cursor?: string, filter: StudentsFilter = {}): Promise<EnrolledStudentsPage> {
  const page = await api.get<Partial<EnrolledStudentsPage>>(`/educator/enrolledStudents${studentsQuery(filter, cursor)}`);
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
