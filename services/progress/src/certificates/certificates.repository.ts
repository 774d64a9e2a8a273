import type { CertificateRecord } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

interface CertificateRow {
  code: string;
  student_name: string;
  course_title: string;
  course_id: string;
  issued_at: Date;
}

const COLUMNS = `"code", "student_name", "course_title", "course_id", "issued_at"`;

const toRecord = (row: CertificateRow): CertificateRecord => ({
  code: row.code,
  studentName: row.student_name,
  courseTitle: row.course_title,
  courseId: row.course_id,
  issuedAt: new Date(row.issued_at).toISOString(),
});

/** progress.certificates: one per learner and course, withdrawn (kept, its code unknown) when the course is refunded. */
@Injectable()
export class CertificatesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The learner's certificate of the course that is not withdrawn, or null. */
  async current(userId: string, courseId: string): Promise<CertificateRecord | null> {
    return this.findWhere('"user_id" = $1 AND "course_id" = $2 AND "withdrawn_at" IS NULL', [userId, courseId]);
  }

  /** The certificate with this code, or null (`withdrawn`: also a withdrawn one). */
  async byCode(code: string, options: { withdrawn: boolean }): Promise<CertificateRecord | null> {
    return this.findWhere(options.withdrawn ? '"code" = $1' : '"code" = $1 AND "withdrawn_at" IS NULL', [code]);
  }

  /** The name and email progress keeps for the user (null: never seen). */
  async student(userId: string): Promise<{ name: string; email: string } | null> {
    const [stored]: { name: string; email: string }[] = await this.dataSource.query('SELECT "name", "email" FROM "progress"."users" WHERE "id" = $1', [userId]);
    return stored ?? null;
  }

  /**
   * Issues the certificate in the caller's transaction, or issues again, under the new code, one that was withdrawn.
   * Null when a current one exists (a concurrent request issued it; nothing is written).
   */
  async issue(
    manager: EntityManager,
    certificate: { code: string; userId: string; courseId: string; studentName: string; courseTitle: string },
  ): Promise<CertificateRecord | null> {
    const rows: CertificateRow[] = await manager.query(
      `INSERT INTO "progress"."certificates" ("code", "user_id", "course_id", "student_name", "course_title")
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("user_id", "course_id") DO UPDATE SET "code" = EXCLUDED."code", "student_name" = EXCLUDED."student_name",
         "course_title" = EXCLUDED."course_title", "issued_at" = now(), "withdrawn_at" = NULL
         WHERE "certificates"."withdrawn_at" IS NOT NULL
       RETURNING ${COLUMNS}`,
      [certificate.code, certificate.userId, certificate.courseId, certificate.studentName, certificate.courseTitle],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The courses a learner holds a certificate of now (withdrawn ones excluded), first issued first. */
  async certifiedCourseIds(userId: string): Promise<string[]> {
    const rows: { course_id: string }[] = await this.dataSource.query(
      'SELECT "course_id" FROM "progress"."certificates" WHERE "user_id" = $1 AND "withdrawn_at" IS NULL ORDER BY "issued_at"',
      [userId],
    );
    return rows.map((row) => row.course_id);
  }

  private async findWhere(where: string, params: unknown[]): Promise<CertificateRecord | null> {
    const rows: CertificateRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM "progress"."certificates" WHERE ${where}`, params);
    return rows[0] ? toRecord(rows[0]) : null;
  }
}
