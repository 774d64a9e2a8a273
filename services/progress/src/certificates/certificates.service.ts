import { isCourseComplete, quizzesOf, type CertificateRecord, type UiLanguage } from '@academy/contracts';
import type { AuthUser } from '@academy/service-core';
import { ConflictException, GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { LEARNING_SETTINGS, type LearningSettings } from '../learning/learning-settings.js';
import { LearningService } from '../learning/learning.service.js';
import { UsersService } from '../users/users.service.js';
import { PreferredLanguageRepository } from '../i18n/preferred-language.repository.js';
import { newCertificateCode } from './certificate-code.js';
import { CertificatesRepository } from './certificates.repository.js';

export const CERTIFICATE_WITHDRAWN_MESSAGE = 'This certificate was withdrawn: its course was refunded';
export const NOT_COMPLETE_MESSAGE = 'Complete every lecture of the course to get its certificate';
export const NOT_COMPLETE_WITH_QUIZZES_MESSAGE = 'Complete every lecture and pass every quiz of the course to get its certificate';
export const NOT_COMPLETE_WITH_ASSIGNMENTS_MESSAGE =
  'Complete every lecture, pass every quiz and have every assignment reviewed to get the certificate of this course';

/** Certificates of completion: issued once per learner and course, verifiable by anyone with the code. */
@Injectable()
export class CertificatesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly certificates: CertificatesRepository,
    private readonly languages: PreferredLanguageRepository,
    private readonly learning: LearningService,
    private readonly catalogue: CatalogueClient,
    private readonly users: UsersService,
    @Inject(LEARNING_SETTINGS) private readonly settings: LearningSettings,
  ) {}

  /** A certificate's language: the one asked for, else the reader's chosen interface language, else English. */
  async languageFor(readerId: string, asked: UiLanguage | undefined): Promise<UiLanguage> {
    return asked ?? this.languages.of(readerId);
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

    const existing = await this.certificates.current(userId, courseId);
    if (existing) return existing;

    const stored = await this.certificates.student(userId);
    const studentName = stored?.name || fallbackName || stored?.email || 'Learner';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const issued = await this.dataSource.transaction(async (manager) => {
        // The enrolment's lock, as a refund request takes it (EnrolmentsService.endForRefund): a certificate is
        // issued only while the learner is enrolled, so it never follows a refund asked for meanwhile.
        await this.learning.lockEnrolment(manager, userId, courseId);
        // A certificate withdrawn after a refund is issued again, under a new code, once the course is bought and
        // completed again: the withdrawn code stays unknown.
        return this.certificates.issue(manager, { code: newCertificateCode(), userId, courseId, studentName, courseTitle: course.courseTitle });
      });
      if (issued) return issued;
      // A concurrent request issued it: return that one.
      const raced = await this.certificates.current(userId, courseId);
      if (raced) return raced;
    }
    throw new ConflictException('Could not issue the certificate, please try again');
  }

  /** The courses a learner holds a certificate of now (withdrawn ones excluded), first issued first. */
  certifiedCourseIds(userId: string): Promise<string[]> {
    return this.certificates.certifiedCourseIds(userId);
  }

  async verify(code: string): Promise<CertificateRecord> {
    const found = await this.certificates.byCode(code, { withdrawn: false });
    if (found) return found;
    if (await this.certificates.byCode(code, { withdrawn: true })) throw new GoneException(CERTIFICATE_WITHDRAWN_MESSAGE);
    throw new NotFoundException('No certificate has this code');
  }
}
