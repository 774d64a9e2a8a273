import { isCourseComplete, quizzesOf, type CertificateRecord, type UiLanguage } from '@academy/contracts';
import type { AuthUser } from '@academy/service-core';
import { ConflictException, ForbiddenException, GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { LEARNING_SETTINGS, type LearningSettings } from '../learning/learning-settings.js';
import { LearningService, NOT_ENROLLED_MESSAGE } from '../learning/learning.service.js';
import { UsersService } from '../users/users.service.js';
import { newCertificateCode } from './certificate-code.js';
import { preferredLanguageOf } from '../i18n/translations.js';

export const CERTIFICATE_WITHDRAWN_MESSAGE = 'This certificate was withdrawn: its course was refunded';
export const NOT_COMPLETE_MESSAGE = 'Complete every lecture of the course to get its certificate';
export const NOT_COMPLETE_WITH_QUIZZES_MESSAGE = 'Complete every lecture and pass every quiz of the course to get its certificate';
export const NOT_COMPLETE_WITH_ASSIGNMENTS_MESSAGE =
  'Complete every lecture, pass every quiz and have every assignment reviewed to get the certificate of this course';

interface CertificateRow {
  code: string;
  student_name: string;
  course_title: string;
  course_id: string;
  issued_at: Date;
}

const toRecord = (row: CertificateRow): CertificateRecord => ({
  code: row.code,
  studentName: row.student_name,
  courseTitle: row.course_title,
  courseId: row.course_id,
  issuedAt: new Date(row.issued_at).toISOString(),
});

/** Certificates of completion: issued once per learner and course, verifiable by anyone with the code. */
@Injectable()
export class CertificatesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly learning: LearningService,
    private readonly catalogue: CatalogueClient,
    private readonly users: UsersService,
    @Inject(LEARNING_SETTINGS) private readonly settings: LearningSettings,
  ) {}

  /** A certificate's language: the one asked for, else the reader's chosen interface language, else English. */
  async languageFor(readerId: string, asked: UiLanguage | undefined): Promise<UiLanguage> {
    return asked ?? preferredLanguageOf(this.dataSource, readerId);
  }

  verifyUrl(code: string): string {
    return `${this.settings.portalUrl}/certificate/${encodeURIComponent(code)}`;
  }

  /** The caller's certificate for the course, issued now if every lecture is complete and every quiz passed (409 otherwise). */
  async issue(authUser: AuthUser, courseId: string): Promise<CertificateRecord> {
    await this.learning.assertEnrolled(authUser.id, courseId);
    await this.users.upsertFromToken(authUser);
    return this.issueFor(authUser.id, courseId, authUser.name || authUser.email);
  }

  /**
   * The learner's certificate (issued now if every lecture is complete and every quiz passed, 409 otherwise; 403 when not enrolled).
   * Also used for a linked parent's download: the name printed is the learner's stored name.
   */
  async issueFor(userId: string, courseId: string, fallbackName = ''): Promise<CertificateRecord> {
    await this.learning.assertEnrolled(userId, courseId);
    const [course, progress] = await Promise.all([this.catalogue.course(courseId), this.learning.progress(userId, courseId)]);
    if (!isCourseComplete(course.courseContent, progress.lectureCompleted, progress.quizzes, progress.assignments)) {
      if (progress.assignments.length > 0) throw new ConflictException(NOT_COMPLETE_WITH_ASSIGNMENTS_MESSAGE);
      throw new ConflictException(quizzesOf(course.courseContent).length > 0 ? NOT_COMPLETE_WITH_QUIZZES_MESSAGE : NOT_COMPLETE_MESSAGE);
    }

    const existing = await this.find('"user_id" = $1 AND "course_id" = $2 AND "withdrawn_at" IS NULL', [userId, courseId]);
    if (existing) return existing;

    const [stored]: { name: string; email: string }[] = await this.dataSource.query(
      'SELECT "name", "email" FROM "progress"."users" WHERE "id" = $1',
      [userId],
    );
    const studentName = stored?.name || fallbackName || stored?.email || 'Learner';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const issued = await this.dataSource.transaction(async (manager) => {
        // The enrolment's lock, as a refund request takes it (EnrolmentsService.endForRefund): a certificate is
        // issued only while the learner is enrolled, so it never follows a refund asked for meanwhile.
        const enrolled: unknown[] = await manager.query(
          'SELECT 1 FROM "progress"."enrolments" WHERE "user_id" = $1 AND "course_id" = $2 FOR UPDATE',
          [userId, courseId],
        );
        if (enrolled.length === 0) throw new ForbiddenException(NOT_ENROLLED_MESSAGE);
        // A certificate withdrawn after a refund is issued again, under a new code, once the course is bought and
        // completed again: the withdrawn code stays unknown.
        const rows: CertificateRow[] = await manager.query(
          `INSERT INTO "progress"."certificates" ("code", "user_id", "course_id", "student_name", "course_title")
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT ("user_id", "course_id") DO UPDATE SET "code" = EXCLUDED."code", "student_name" = EXCLUDED."student_name",
             "course_title" = EXCLUDED."course_title", "issued_at" = now(), "withdrawn_at" = NULL
             WHERE "certificates"."withdrawn_at" IS NOT NULL
           RETURNING "code", "student_name", "course_title", "course_id", "issued_at"`,
          [newCertificateCode(), userId, courseId, studentName, course.courseTitle],
        );
        return rows[0] ? toRecord(rows[0]) : null;
      });
      if (issued) return issued;
      // A concurrent request issued it: return that one.
      const raced = await this.find('"user_id" = $1 AND "course_id" = $2 AND "withdrawn_at" IS NULL', [userId, courseId]);
      if (raced) return raced;
    }
    throw new ConflictException('Could not issue the certificate, please try again');
  }

  /** The courses a learner holds a certificate of now (withdrawn ones excluded), first issued first. */
  async certifiedCourseIds(userId: string): Promise<string[]> {
    const rows = (await this.dataSource.query('SELECT "course_id" FROM "progress"."certificates" WHERE "user_id" = $1 AND "withdrawn_at" IS NULL ORDER BY "issued_at"', [
      userId,
    ])) as { course_id: string }[];
    return rows.map((row) => row.course_id);
  }

  async verify(code: string): Promise<CertificateRecord> {
    const found = await this.find('"code" = $1 AND "withdrawn_at" IS NULL', [code]);
    if (found) return found;
    if (await this.find('"code" = $1', [code])) throw new GoneException(CERTIFICATE_WITHDRAWN_MESSAGE);
    throw new NotFoundException('No certificate has this code');
  }

  private async find(where: string, params: unknown[]): Promise<CertificateRecord | null> {
    const rows: CertificateRow[] = await this.dataSource.query(
      `SELECT "code", "student_name", "course_title", "course_id", "issued_at" FROM "progress"."certificates" WHERE ${where}`,
      params,
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }
}
