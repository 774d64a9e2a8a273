import {
  type UiLanguage,
  CatalogueEvent,
  courseStatus,
  EXPIRED_LINK_CODE_MESSAGE,
  LINK_CODE_ALPHABET,
  LINK_CODE_TTL_HOURS,
  NOT_LINKED_MESSAGE,
  quizzesOf,
  WRONG_LINK_CODE_MESSAGE,
  type ChildCourseProgress,
  type ChildProgress,
  DEFAULT_INACTIVITY_DAYS,
  type EmailSettings,
  type EmailSettingsRequest,
  type LinkCodeAnswer,
  type LinkedPerson,
  type ParentLinksAnswer,
} from '@academy/contracts';
import { MEDIA_LINKS, MediaLinks, OutboxWriter, type AuthUser } from '@academy/service-core';
import { BadRequestException, GoneException, Inject, Injectable, NotFoundException, Optional } from '@nestjs/common';
import { createHash, randomInt } from 'node:crypto';
import { DataSource } from 'typeorm';
import { EnrolmentsRepository } from '../enrolments/enrolments.repository.js';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { LectureProgressRepository } from '../learning/lecture-progress.repository.js';
import { quizStandings } from '../quizzes/quiz-standings.js';
import { assignmentStandings } from '../assignments/assignment-standings.js';
import { UsersRepository } from '../users/users.repository.js';
import { recordLinkChanges } from './parent-link-events.js';
import type { ChildWeek } from './parent-emails.js';
import { preferredLanguageOf } from '../i18n/translations.js';
import { ParentEmailSettingsRepository } from './parent-email-settings.repository.js';
import { ParentLinksRepository } from './parent-links.repository.js';

export const OWN_LINK_CODE_MESSAGE = 'This is your own code: give it to your parent to enter.';

export const hashLinkCode = (code: string): string => createHash('sha256').update(code).digest('hex');

export function newLinkCode(): string {
  let code = '';
  for (let index = 0; index < 8; index += 1) code += LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)];
  return code;
}

/** Where a parent downloads a linked child's certificate (under /api). */
export const childCertificatePath = (childId: string, courseId: string) =>
  `/parents/children/${encodeURIComponent(childId)}/certificates/${encodeURIComponent(courseId)}`;

/**
 * Links between parents and children: one-time codes created by the child, redeemed by a parent;
 * the read-only progress view of a linked child. Every read of a child's data checks the link first.
 */
@Injectable()
export class ParentLinksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly parentLinks: ParentLinksRepository,
    private readonly emailSettingsRepository: ParentEmailSettingsRepository,
    private readonly users: UsersRepository,
    private readonly enrolments: EnrolmentsRepository,
    private readonly lectureProgress: LectureProgressRepository,
    private readonly catalogue: CatalogueClient,
    private readonly outbox: OutboxWriter,
    // Only the HTTP side signs file links (a parent's view); the worker's emails carry none.
    @Optional() @Inject(MEDIA_LINKS) private readonly mediaLinks?: MediaLinks,
  ) {}

  /** A new code for the caller (the child); any older unused code of theirs stops working. */
  async createCode(child: AuthUser): Promise<LinkCodeAnswer> {
    await this.users.upsertFromToken(child);
    const code = newLinkCode();
    const expiresAt = new Date(Date.now() + LINK_CODE_TTL_HOURS * 3_600_000);
    await this.dataSource.transaction(async (manager) => {
      await this.parentLinks.expireUnusedCodes(manager, child.id);
      await this.parentLinks.insertCode(manager, { codeHash: hashLinkCode(code), childId: child.id, expiresAt });
    });
    return { code, expiresAt: expiresAt.toISOString() };
  }

  /**
   * A parent redeems a code: the link is made once (single use, checked under a row lock). Wrong, used and expired
   * codes count towards the hourly limits, which the controller takes first (`LinkCodeAttemptLimiter`).
   */
  async redeem(parent: AuthUser, code: string): Promise<LinkedPerson> {
    await this.users.upsertFromToken(parent);

    const outcome = await this.dataSource.transaction(async (manager) => {
      const found = await this.parentLinks.lockCode(manager, hashLinkCode(code));
      if (!found) return { problem: 'wrong' as const };
      if (found.expired || found.used) return { problem: 'expired' as const };
      if (found.childId === parent.id) return { problem: 'self' as const };
      await this.parentLinks.markCodeUsed(manager, hashLinkCode(code), parent.id);
      await recordLinkChanges(this.outbox, manager, CatalogueEvent.ParentLinked, await this.parentLinks.link(manager, parent.id, found.childId));
      return { childId: found.childId };
    });
    if ('problem' in outcome) {
      if (outcome.problem === 'self') throw new BadRequestException(OWN_LINK_CODE_MESSAGE);
      if (outcome.problem === 'expired') throw new GoneException(EXPIRED_LINK_CODE_MESSAGE);
      throw new BadRequestException(WRONG_LINK_CODE_MESSAGE);
    }
    const child = (await this.childrenOf(parent.id)).find((person) => person.id === outcome.childId);
    return child!;
  }

  async links(userId: string): Promise<ParentLinksAnswer> {
    const [children, parents, enrolments] = await Promise.all([
      this.childrenOf(userId),
      this.parentLinks.parentsOf(userId),
      this.enrolments.ofParentsChildren(userId),
    ]);
    return {
      children: children.map((child) => ({
        ...child,
        enrolledCourses: enrolments.filter((row) => row.userId === child.id).map((row) => row.courseId),
      })),
      parents,
    };
  }

  /** Either side removes a link: the caller and `otherId` in whichever roles; 404 when there is none. */
  async removeLink(userId: string, otherId: string): Promise<void> {
    const removed = await this.dataSource.transaction(async (manager) => {
      const rows = await this.parentLinks.unlink(manager, userId, otherId);
      await recordLinkChanges(this.outbox, manager, CatalogueEvent.ParentUnlinked, rows);
      return rows.length;
    });
    if (!removed) throw new NotFoundException('No link with this person');
  }

  isLinked(parentId: string, childId: string): Promise<boolean> {
    return this.parentLinks.isLinked(parentId, childId);
  }

  /** 404 (never 403: whether a learner exists is nobody else's business) unless the child is linked to the parent. */
  async assertLinked(parentId: string, childId: string): Promise<void> {
    if (!(await this.isLinked(parentId, childId))) throw new NotFoundException(NOT_LINKED_MESSAGE);
  }

  childProfile(childId: string): Promise<{ id: string; name: string; email: string; imageUrl: string } | null> {
    return this.users.card(childId);
  }

  /** The read-only view of one linked child (404 when not linked). */
  async childProgress(parentId: string, childId: string): Promise<ChildProgress> {
    await this.assertLinked(parentId, childId);
    const child = (await this.childrenOf(parentId)).find((person) => person.id === childId)!;
    const profile = await this.users.find(childId);
    const courses = await this.coursesOf(childId);
    return { child: { ...child, schoolClass: profile?.schoolClass ?? null, board: profile?.board ?? null }, courses: await this.withHandInLinks(courses, childId, parentId) };
  }

  /** The files behind the child's reviewed assignments, each linked for the parent (signed, short-lived). */
  private async withHandInLinks(courses: ChildCourseProgress[], childId: string, parentId: string): Promise<ChildCourseProgress[]> {
    const links = this.mediaLinks;
    if (!links) return courses;
    const files = await this.parentLinks.reviewedHandIns(childId);
    const byAssignment = new Map(files.map((row) => [row.assignmentId, row]));
    return courses.map((course) => ({
      ...course,
      assignmentMarks: course.assignmentMarks.map((entry) => {
        const file = byAssignment.get(entry.assignmentId);
        return file ? { ...entry, file: { name: file.fileName ?? 'submission', url: links.sign(`/api/files/${file.fileKey.slice('paid/'.length)}`, parentId) } } : entry;
      }),
    }));
  }

  /** Every enrolled course of a learner with its figures (courses catalogue no longer has are left out). */
  async coursesOf(childId: string): Promise<ChildCourseProgress[]> {
    const rows = await this.lectureProgress.enrolledCourseActivity(childId);
    const [courses, standings, assignments] = await Promise.all([
      this.catalogue.courses(rows.map((row) => row.courseId)),
      quizStandings(this.dataSource, childId, rows.map((row) => row.courseId)),
      assignmentStandings(this.dataSource, childId, rows.map((row) => row.courseId)),
    ]);
    return rows.flatMap((row) => {
      const course = courses.get(row.courseId);
      if (!course) return [];
      const quizzes = quizzesOf(course.courseContent);
      const courseStandings = standings.get(course._id) ?? [];
      const courseAssignments = assignments.get(course._id) ?? [];
      const times = [row.lastCompletionAt, row.lastPlaybackAt].filter((value): value is Date => value !== null).map((value) => new Date(value).getTime());
      // The one status rule the child's own page uses (lectures, quizzes, assignments as steps of the completion rule).
      const status = courseStatus(course.courseContent, row.completedLectureIds, courseStandings, courseAssignments, row.lastPlaybackAt !== null);
      const { completion } = status;
      return [
        {
          courseId: course._id,
          courseTitle: course.courseTitle,
          courseThumbnail: course.courseThumbnail,
          educatorName: course.educatorName,
          enrolledAt: new Date(row.enrolledAt).toISOString(),
          completedLectures: completion.completedLectures,
          totalLectures: completion.totalLectures,
          percent: completion.percent,
          status: status.kind,
          statusLabel: status.label,
          certificateLine: status.certificateLine,
          certificateNeeds: status.certificateNeeds,
          quizzesToPass: status.quizzesToPass,
          lastActivityAt: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
          rating: row.rating === null ? null : Number(row.rating),
          certificate: completion.complete ? { code: row.certificateCode, downloadPath: childCertificatePath(childId, course._id) } : null,
          // As stored: the parents' route signs paid files for the parent (the weekly email never shows them).
          lectureFiles: course.courseContent.flatMap((chapter) =>
            chapter.chapterContent
              .filter((lecture) => lecture.notesUrl || lecture.testUrl)
              .map((lecture) => ({ lectureId: lecture.lectureId, lectureTitle: lecture.lectureTitle, notesUrl: lecture.notesUrl, testUrl: lecture.testUrl })),
          ),
          // The best score of each of the course's quizzes the child attempted.
          quizScores: quizzes.flatMap((quiz) => {
            const standing = courseStandings.find((entry) => entry.quizId === quiz.quizId);
            return standing && standing.bestPercent !== null
              ? [{ quizId: quiz.quizId, title: quiz.title, bestPercent: standing.bestPercent, attempts: standing.attempts, passMark: quiz.passMark, passed: standing.passed }]
              : [];
          }),
          // The course's assignments the educator has reviewed, with the marks given.
          assignmentMarks: courseAssignments.flatMap((assignment) =>
            assignment.reviewed && assignment.marks !== null
              ? [{ assignmentId: assignment.assignmentId, title: assignment.title, marks: assignment.marks, maxMarks: assignment.maxMarks, file: null }]
              : [],
          ),
          reviewedAssignments: completion.reviewedAssignments,
          totalAssignments: completion.totalAssignments,
        },
      ];
    });
  }

  /** The parent's chosen interface language (English until chosen): their emails and its preview use it. */
  preferredLanguage(userId: string): Promise<UiLanguage> {
    return preferredLanguageOf(this.dataSource, userId);
  }

  async emailSettings(parentId: string): Promise<EmailSettings> {
    const row = await this.emailSettingsRepository.find(parentId);
    return {
      weeklyProgress: row?.weeklyProgress ?? true,
      milestones: row?.milestones ?? true,
      inactivityDays: row ? row.inactivityDays : DEFAULT_INACTIVITY_DAYS,
      quizAlerts: row?.quizAlerts ?? true,
    };
  }

  /** Saves the parent's choices; alert fields left out of the request keep their value (a new row: the defaults). */
  async saveEmailSettings(parent: AuthUser, settings: EmailSettingsRequest): Promise<EmailSettings> {
    await this.users.upsertFromToken(parent);
    const current = await this.emailSettings(parent.id);
    const inactivityDays = settings.inactivityDays === undefined ? current.inactivityDays : settings.inactivityDays;
    const quizAlerts = settings.quizAlerts ?? current.quizAlerts;
    await this.emailSettingsRepository.save(parent.id, { weeklyProgress: settings.weeklyProgress, milestones: settings.milestones, inactivityDays, quizAlerts });
    return this.emailSettings(parent.id);
  }

  /** What the weekly email says of each linked child: lectures completed in the last 7 days and each course's figures. */
  async childWeeks(parentId: string): Promise<ChildWeek[]> {
    const weeks: ChildWeek[] = [];
    for (const child of await this.childrenOf(parentId)) {
      const lecturesThisWeek = await this.lectureProgress.completedInLastWeek(child.id);
      weeks.push({ child, courses: await this.coursesOf(child.id), lecturesThisWeek });
    }
    return weeks;
  }

  childrenOf(parentId: string): Promise<LinkedPerson[]> {
    return this.parentLinks.childrenOf(parentId);
  }
}
