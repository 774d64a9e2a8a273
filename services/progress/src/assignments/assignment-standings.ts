import type { AssignmentStanding } from '@academy/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Every assignment of the given courses with the learner's standing on it (handed in, reviewed, marks), by
 * course: the assignment steps of the one completion rule (`courseCompletion` in the contracts).
 */
export async function assignmentStandings(db: DataSource | EntityManager, userId: string, courseIds: readonly string[]): Promise<Map<string, AssignmentStanding[]>> {
  const byCourse = new Map<string, AssignmentStanding[]>();
  if (courseIds.length === 0) return byCourse;
  const rows: { id: string; course_id: string; chapter_id: string; title: string; max_marks: number; submitted_at: Date | null; reviewed_at: Date | null; marks: number | null }[] =
    await db.query(
      `SELECT a."id", a."course_id", a."chapter_id", a."title", a."max_marks", s."submitted_at", s."reviewed_at", s."marks"
         FROM "progress"."assignments" a
         LEFT JOIN "progress"."assignment_submissions" s ON s."assignment_id" = a."id" AND s."learner_id" = $1
        WHERE a."course_id" = ANY($2::uuid[]) AND a."removed_at" IS NULL
        ORDER BY a."created_at", a."id"`,
      [userId, [...new Set(courseIds)]],
    );
  for (const row of rows) {
    const list = byCourse.get(row.course_id) ?? [];
    list.push({
      assignmentId: row.id,
      chapterId: row.chapter_id,
      title: row.title,
      maxMarks: Number(row.max_marks),
      submitted: row.submitted_at !== null,
      reviewed: row.reviewed_at !== null,
      marks: row.reviewed_at !== null && row.marks !== null ? Number(row.marks) : null,
    });
    byCourse.set(row.course_id, list);
  }
  return byCourse;
}
