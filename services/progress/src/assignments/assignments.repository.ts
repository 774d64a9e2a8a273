import type { AssignmentStanding, ParsedAssignmentInput } from '@academy/contracts';
import { cursorTimestampSql, type KeysetPosition } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface AssignmentRow {
  id: string;
  course_id: string;
  chapter_id: string;
  title: string;
  instructions: string;
  due_date: string | null;
  max_marks: number;
  accepted_file_types: string[];
  created_at: Date;
}

export interface SubmissionRow {
  id: string;
  assignment_id: string;
  course_id: string;
  learner_id: string;
  learner_name: string;
  text_html: string | null;
  file_key: string | null;
  file_name: string | null;
  file_kind: string | null;
  file_bytes: number | null;
  submitted_at: Date;
  reviewed_at: Date | null;
  marks: number | null;
  feedback_html: string | null;
}

/** A hand-in waiting for review, with what the educator's inbox shows of its assignment. */
export type AwaitingSubmissionRow = SubmissionRow & { assignment_title: string; chapter_id: string; max_marks: number; cursor_at: string };

/** A learner's hand-in as it is written (the text already rendered). */
export interface SubmissionValues {
  assignmentId: string;
  courseId: string;
  learnerId: string;
  learnerName: string;
  educatorId: string;
  text: string | null;
  textHtml: string | null;
  fileKey: string | null;
  fileName: string | null;
  fileKind: string | null;
  fileBytes: number | null;
}

const ASSIGNMENT_COLUMNS = `"id", "course_id", "chapter_id", "title", "instructions", to_char("due_date", 'YYYY-MM-DD') AS "due_date", "max_marks", "accepted_file_types", "created_at"`;
const SUBMISSION_COLUMNS = (alias: string) =>
  ['id', 'assignment_id', 'course_id', 'learner_id', 'learner_name', 'text_html', 'file_key', 'file_name', 'file_kind', 'file_bytes', 'submitted_at', 'reviewed_at', 'marks', 'feedback_html']
    .map((column) => `${alias}."${column}"`)
    .join(', ');

/** TypeORM answers an UPDATE … RETURNING with [rows, affected count]; other statements with the rows. */
function returnedRows<T>(result: unknown): T[] {
  return (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number' ? result[0] : result) as T[];
}

/**
 * Every assignment of the given courses with the learner's standing on it (handed in, reviewed, marks), by
 * course: the assignment steps of the one completion rule (`courseCompletion` in the contracts). On the caller's
 * connection or inside its transaction: learning's completion and a parent's view reuse it.
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

/** progress.assignments (chapter assignments, removed ones kept) and progress.assignment_submissions (one hand-in per learner). */
@Injectable()
export class AssignmentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The course's assignments not removed, oldest first. */
  async listForCourse(courseId: string): Promise<AssignmentRow[]> {
    return this.dataSource.query(
      `SELECT ${ASSIGNMENT_COLUMNS} FROM "progress"."assignments" WHERE "course_id" = $1 AND "removed_at" IS NULL ORDER BY "created_at", "id"`,
      [courseId],
    );
  }

  /** The assignment if it is the course's and not removed (`lock`: locked for the caller's transaction), or null. */
  async find(manager: EntityManager, courseId: string, assignmentId: string, options: { lock: boolean } = { lock: false }): Promise<AssignmentRow | null> {
    const [row]: AssignmentRow[] = await manager.query(
      `SELECT ${ASSIGNMENT_COLUMNS} FROM "progress"."assignments" WHERE "id" = $1 AND "course_id" = $2 AND "removed_at" IS NULL${options.lock ? ' FOR UPDATE' : ''}`,
      [assignmentId, courseId],
    );
    return row ? { ...row, max_marks: Number(row.max_marks) } : null;
  }

  async insert(courseId: string, input: ParsedAssignmentInput): Promise<AssignmentRow> {
    const [row]: AssignmentRow[] = await this.dataSource.query(
      `INSERT INTO "progress"."assignments" ("course_id", "chapter_id", "title", "instructions", "due_date", "max_marks", "accepted_file_types")
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${ASSIGNMENT_COLUMNS}`,
      [courseId, input.chapterId, input.title, input.instructions, input.dueDate, input.maxMarks, input.acceptedFileTypes],
    );
    return row!;
  }

  async update(manager: EntityManager, assignmentId: string, input: ParsedAssignmentInput): Promise<AssignmentRow> {
    const [row] = returnedRows<AssignmentRow>(
      await manager.query(
        `UPDATE "progress"."assignments"
            SET "chapter_id" = $2, "title" = $3, "instructions" = $4, "due_date" = $5, "max_marks" = $6, "accepted_file_types" = $7, "updated_at" = now()
          WHERE "id" = $1 RETURNING ${ASSIGNMENT_COLUMNS}`,
        [assignmentId, input.chapterId, input.title, input.instructions, input.dueDate, input.maxMarks, input.acceptedFileTypes],
      ),
    );
    return row!;
  }

  /** Marks the course's assignment removed; false when there is no such assignment (or it was removed already). */
  async remove(courseId: string, assignmentId: string): Promise<boolean> {
    const removed = returnedRows<unknown>(
      await this.dataSource.query(
        `UPDATE "progress"."assignments" SET "removed_at" = now() WHERE "id" = $1 AND "course_id" = $2 AND "removed_at" IS NULL RETURNING 1`,
        [assignmentId, courseId],
      ),
    );
    return removed.length > 0;
  }

  /** The highest marks given on the assignment's hand-ins (null: none reviewed). */
  async highestMarks(manager: EntityManager, assignmentId: string): Promise<number | null> {
    const [highest]: { marks: number | null }[] = await manager.query('SELECT max("marks") AS "marks" FROM "progress"."assignment_submissions" WHERE "assignment_id" = $1', [
      assignmentId,
    ]);
    return highest?.marks ?? null;
  }

  /** Per assignment of the course: hand-ins awaiting review and reviewed. */
  async submissionCounts(courseId: string): Promise<Map<string, { awaiting: number; reviewed: number }>> {
    const counts: { assignment_id: string; awaiting: string; reviewed: string }[] = await this.dataSource.query(
      `SELECT "assignment_id", count(*) FILTER (WHERE "reviewed_at" IS NULL) AS "awaiting", count(*) FILTER (WHERE "reviewed_at" IS NOT NULL) AS "reviewed"
         FROM "progress"."assignment_submissions" WHERE "course_id" = $1 GROUP BY "assignment_id"`,
      [courseId],
    );
    return new Map(counts.map((row) => [row.assignment_id, { awaiting: Number(row.awaiting), reviewed: Number(row.reviewed) }]));
  }

  /** The learner's hand-ins in the course. */
  async submissionsOf(courseId: string, learnerId: string): Promise<SubmissionRow[]> {
    return this.dataSource.query(`SELECT ${SUBMISSION_COLUMNS('s')} FROM "progress"."assignment_submissions" s WHERE s."course_id" = $1 AND s."learner_id" = $2`, [
      courseId,
      learnerId,
    ]);
  }

  /** The learner's current hand-in of the assignment (locked when the manager is in a transaction), or undefined. */
  async currentSubmission(manager: EntityManager, assignmentId: string, learnerId: string): Promise<{ file_key: string | null; reviewed_at: Date | null } | undefined> {
    const lock = manager.queryRunner?.isTransactionActive ? ' FOR UPDATE' : '';
    const [row]: { file_key: string | null; reviewed_at: Date | null }[] = await manager.query(
      `SELECT "file_key", "reviewed_at" FROM "progress"."assignment_submissions" WHERE "assignment_id" = $1 AND "learner_id" = $2${lock}`,
      [assignmentId, learnerId],
    );
    return row;
  }

  /** Writes the learner's hand-in, or replaces the one not reviewed yet (one per assignment and learner). */
  async saveSubmission(manager: EntityManager, values: SubmissionValues): Promise<SubmissionRow> {
    const [saved]: SubmissionRow[] = await manager.query(
      `INSERT INTO "progress"."assignment_submissions"
              ("assignment_id", "course_id", "learner_id", "learner_name", "educator_id", "text", "text_html", "file_key", "file_name", "file_kind", "file_bytes")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT ("assignment_id", "learner_id") DO UPDATE SET
              "learner_name" = EXCLUDED."learner_name", "educator_id" = EXCLUDED."educator_id", "text" = EXCLUDED."text",
              "text_html" = EXCLUDED."text_html", "file_key" = EXCLUDED."file_key", "file_name" = EXCLUDED."file_name",
              "file_kind" = EXCLUDED."file_kind", "file_bytes" = EXCLUDED."file_bytes", "submitted_at" = now()
       RETURNING ${SUBMISSION_COLUMNS('"assignment_submissions"')}`,
      [
        values.assignmentId, values.courseId, values.learnerId, values.learnerName, values.educatorId, values.text, values.textHtml,
        values.fileKey, values.fileName, values.fileKind, values.fileBytes,
      ],
    );
    return saved!;
  }

  /** Whose hand-in this is and whether it was reviewed (null: not a hand-in of the assignment). */
  async submissionState(submissionId: string, assignmentId: string): Promise<{ learnerId: string; reviewed: boolean } | null> {
    const [found]: { learner_id: string; reviewed_at: Date | null }[] = await this.dataSource.query(
      'SELECT "learner_id", "reviewed_at" FROM "progress"."assignment_submissions" WHERE "id" = $1 AND "assignment_id" = $2',
      [submissionId, assignmentId],
    );
    return found ? { learnerId: found.learner_id, reviewed: found.reviewed_at !== null } : null;
  }

  /**
   * Locks the learner's enrolment row for the caller's transaction, if there is one: it orders a review with their
   * lectures and quizzes, so the last step makes one `course.completed`.
   */
  async lockEnrolmentIfAny(manager: EntityManager, learnerId: string, courseId: string): Promise<void> {
    await manager.query('SELECT 1 FROM "progress"."enrolments" WHERE "user_id" = $1 AND "course_id" = $2 FOR UPDATE', [learnerId, courseId]);
  }

  /** Reviews the hand-in once: null when it was reviewed already (nothing is written). */
  async markReviewed(
    manager: EntityManager,
    review: { submissionId: string; assignmentId: string; marks: number; feedback: string; feedbackHtml: string },
  ): Promise<SubmissionRow | null> {
    const [reviewed] = returnedRows<SubmissionRow>(
      await manager.query(
        `UPDATE "progress"."assignment_submissions" s
            SET "reviewed_at" = now(), "marks" = $3, "feedback" = $4, "feedback_html" = $5
          WHERE s."id" = $1 AND s."assignment_id" = $2 AND s."reviewed_at" IS NULL
          RETURNING ${SUBMISSION_COLUMNS('s')}`,
        [review.submissionId, review.assignmentId, review.marks, review.feedback, review.feedbackHtml],
      ),
    );
    return reviewed ?? null;
  }

  /** Hand-ins of the educator's courses (or one course) waiting for review, oldest first from `after`, `limit` at most. */
  async awaitingReview(educatorId: string, courseId: string | null, after: KeysetPosition | null, limit: number): Promise<AwaitingSubmissionRow[]> {
    return this.dataSource.query(
      `SELECT ${SUBMISSION_COLUMNS('s')}, a."title" AS "assignment_title", a."chapter_id", a."max_marks", ${cursorTimestampSql('s."submitted_at"')} AS "cursor_at"
         FROM "progress"."assignment_submissions" s
         JOIN "progress"."assignments" a ON a."id" = s."assignment_id" AND a."removed_at" IS NULL
        WHERE s."educator_id" = $1 AND s."reviewed_at" IS NULL AND ($2::uuid IS NULL OR s."course_id" = $2)
          AND ($3::timestamptz IS NULL OR (s."submitted_at", s."id") > ($3::timestamptz, $4::uuid))
        ORDER BY s."submitted_at", s."id"
        LIMIT $5`,
      [educatorId, courseId, after?.at ?? null, after?.id ?? null, limit],
    );
  }

  async awaitingReviewCount(educatorId: string): Promise<number> {
    const [row]: { count: string }[] = await this.dataSource.query(
      `SELECT count(*) AS "count" FROM "progress"."assignment_submissions" s
         JOIN "progress"."assignments" a ON a."id" = s."assignment_id" AND a."removed_at" IS NULL
        WHERE s."educator_id" = $1 AND s."reviewed_at" IS NULL`,
      [educatorId],
    );
    return Number(row?.count ?? 0);
  }

  /** A learner's reviewed hand-ins in the given courses, first reviewed first. */
  async reviewedOf(learnerId: string, courseIds: readonly string[]): Promise<SubmissionRow[]> {
    return this.dataSource.query(
      `SELECT ${SUBMISSION_COLUMNS('s')} FROM "progress"."assignment_submissions" s
        WHERE s."learner_id" = $1 AND s."course_id" = ANY($2::uuid[]) AND s."reviewed_at" IS NOT NULL ORDER BY s."reviewed_at"`,
      [learnerId, [...courseIds]],
    );
  }
}
