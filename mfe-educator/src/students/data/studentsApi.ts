import type { EnrolledStudentRecord } from '@academy/contracts';
import { ApiError, type ApiClient } from '@academy/platform';

/** GET /api/educator/enrolledStudents (commerce), newest first. */
export async function fetchEnrolledStudents(api: ApiClient): Promise<EnrolledStudentRecord[]> {
  const { enrolledStudents } = await api.get<{ enrolledStudents?: EnrolledStudentRecord[] }>('/educator/enrolledStudents');
  if (!Array.isArray(enrolledStudents)) throw new ApiError('The server sent no enrolment list');
  return newestFirst(enrolledStudents);
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
