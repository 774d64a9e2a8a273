import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** An enrolment as the learner's course list shows it: with their rating and the lecture they watched last. */
export interface LearnerEnrolment {
  courseId: string;
  enrolledAt: Date;
  rating: number | null;
  lastLectureId: string | null;
}

/** An enrolment that left `progress.enrolments` (a refund). */
export interface RemovedEnrolment {
  userId: string;
  courseId: string;
  enrolledAt: Date;
}

/** TypeORM answers a DELETE … RETURNING on PostgreSQL with [rows, count]. */
const deletedRows = <T>(result: unknown): T[] => (Array.isArray((result as unknown[])[0]) ? (result as T[][])[0]! : (result as T[]));

/** progress.enrolments and progress.revoked_enrolments: who may learn which course, and the purchases refunded. */
@Injectable()
export class EnrolmentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async exists(userId: string, courseId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM "progress"."enrolments" WHERE "user_id" = $1 AND "course_id" = $2', [userId, courseId]);
    return rows.length > 0;
  }

  /** Locks the learner's enrolment row for the caller's transaction; false when there is none. */
  async lock(manager: EntityManager, userId: string, courseId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM "progress"."enrolments" WHERE "user_id" = $1 AND "course_id" = $2 FOR UPDATE', [userId, courseId]);
    return rows.length > 0;
  }

  /** Locks the purchase's enrolment row for the caller's transaction; null when there is none. */
  async lockByPurchase(manager: EntityManager, purchaseId: string): Promise<{ userId: string; courseId: string } | null> {
    const rows: { userId: string; courseId: string }[] = await manager.query(
      `SELECT "user_id" AS "userId", "course_id" AS "courseId" FROM "progress"."enrolments" WHERE "purchase_id" = $1 FOR UPDATE`,
      [purchaseId],
    );
    return rows[0] ?? null;
  }

  /**
   * Enrols once per purchase (and per learner and course): true when the row is new. A purchase refunded since
   * (its enrolment revoked) never enrols again.
   */
  async insertUnlessRevoked(manager: EntityManager, enrolment: { userId: string; courseId: string; purchaseId: string }): Promise<boolean> {
    const inserted: { id: string }[] = await manager.query(
      `INSERT INTO "progress"."enrolments" ("user_id", "course_id", "purchase_id")
       SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM "progress"."revoked_enrolments" WHERE "purchase_id" = $3)
       ON CONFLICT DO NOTHING RETURNING "id"`,
      [enrolment.userId, enrolment.courseId, enrolment.purchaseId],
    );
    return inserted.length > 0;
  }

  /** Removes the purchase's enrolment; null when there was none. */
  async deleteByPurchase(manager: EntityManager, purchaseId: string): Promise<RemovedEnrolment | null> {
    const result: unknown = await manager.query(
      `DELETE FROM "progress"."enrolments" WHERE "purchase_id" = $1 RETURNING "user_id" AS "userId", "course_id" AS "courseId", "created_at" AS "enrolledAt"`,
      [purchaseId],
    );
    return deletedRows<RemovedEnrolment>(result)[0] ?? null;
  }

  /**
   * Keeps the refunded purchase in `revoked_enrolments`, once per purchase: true when this call recorded it. Without
   * the enrolment (already gone) the row still blocks a later enrol of the purchase.
   */
  async recordRevoked(manager: EntityManager, command: { purchaseId: string; refundId: string }, enrolment: RemovedEnrolment | null): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO "progress"."revoked_enrolments" ("purchase_id", "refund_id", "user_id", "course_id", "enrolled_at")
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING "purchase_id"`,
      [command.purchaseId, command.refundId, enrolment?.userId ?? '', enrolment?.courseId ?? '00000000-0000-0000-0000-000000000000', enrolment?.enrolledAt ?? null],
    );
    return inserted.length > 0;
  }

  /** Whether the learner holds a certificate of the course that was not withdrawn. */
  async hasValidCertificate(manager: EntityManager, userId: string, courseId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM "progress"."certificates" WHERE "user_id" = $1 AND "course_id" = $2 AND "withdrawn_at" IS NULL`,
      [userId, courseId],
    );
    return rows.length > 0;
  }

  /** Withdraws the certificate of the revoked purchase's course, unless the learner is enrolled in it again. */
  async withdrawCertificateOfRevoked(manager: EntityManager, purchaseId: string): Promise<void> {
    await manager.query(
      `UPDATE "progress"."certificates" c SET "withdrawn_at" = now()
         FROM "progress"."revoked_enrolments" r
        WHERE r."purchase_id" = $1 AND c."user_id" = r."user_id" AND c."course_id" = r."course_id" AND c."withdrawn_at" IS NULL
          AND NOT EXISTS (SELECT 1 FROM "progress"."enrolments" e WHERE e."user_id" = r."user_id" AND e."course_id" = r."course_id")`,
      [purchaseId],
    );
  }

  /** The courses the user is enrolled in now, oldest enrolment first. */
  async courseIdsByEnrolmentDate(userId: string): Promise<string[]> {
    const rows: { course_id: string }[] = await this.dataSource.query('SELECT "course_id" FROM "progress"."enrolments" WHERE "user_id" = $1 ORDER BY "created_at"', [userId]);
    return rows.map((row) => row.course_id);
  }

  /** The learner's newest `limit` enrolments, newest first, each with their rating and the lecture watched last. */
  async newestOfLearner(userId: string, limit: number): Promise<LearnerEnrolment[]> {
    const rows: { course_id: string; created_at: Date; rating: number | null; last_lecture_id: string | null }[] = await this.dataSource.query(
      `SELECT e."course_id", e."created_at", r."rating",
              (SELECT p."lecture_id" FROM "progress"."playback_positions" p
                WHERE p."user_id" = e."user_id" AND p."course_id" = e."course_id"
                ORDER BY p."updated_at" DESC LIMIT 1) AS "last_lecture_id"
         FROM "progress"."enrolments" e
         LEFT JOIN "progress"."course_ratings" r ON r."user_id" = e."user_id" AND r."course_id" = e."course_id"
        WHERE e."user_id" = $1
        ORDER BY e."created_at" DESC, e."id" DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map((row) => ({ courseId: row.course_id, enrolledAt: row.created_at, rating: row.rating, lastLectureId: row.last_lecture_id }));
  }

  /** The enrolments of every child linked to the parent, oldest first. */
  async ofParentsChildren(parentId: string): Promise<{ userId: string; courseId: string }[]> {
    return this.dataSource.query(
      `SELECT e."user_id" AS "userId", e."course_id" AS "courseId" FROM "progress"."enrolments" e
         JOIN "progress"."parent_links" l ON l."child_id" = e."user_id" AND l."parent_id" = $1 ORDER BY e."created_at"`,
      [parentId],
    );
  }
}
