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
import { CatalogueClient } from '../learning/catalogue-client.js';
import { quizStandings } from '../quizzes/quiz-standings.js';
import { assignmentStandings } from '../assignments/assignment-standings.js';
import { UsersService } from '../users/users.service.js';
import { LINK_EVENT_COLUMNS, recordLinkChanges, type LinkEventRow } from './parent-link-events.js';
import type { ChildWeek } from './parent-emails.js';
import { preferredLanguageOf } from '../i18n/translations.js';

export const OWN_LINK_CODE_MESSAGE = 'This is your own code: give it to your parent to enter.';

export const hashLinkCode = (code: string): string => createHash('sha256').update(code).digest('hex');

export function newLinkCode(): string {
  let code = '';
  for (let index = 0; index < 8; index += 1) code += LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)];
  return code;
}

interface PersonRow {
  id: string;
  name: string;
  email: string;
  image_url: string;
  created_at: Date;
}

const toPerson = (row: PersonRow): LinkedPerson => ({
  id: row.id,
  name: row.name,
  email: row.email,
  imageUrl: row.image_url,
  linkedAt: new Date(row.created_at).toISOString(),
});

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
    private readonly users: UsersService,
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
      await manager.query(
        `UPDATE "progress"."link_codes" SET "expires_at" = LEAST("expires_at", now()) WHERE "child_id" = $1 AND "used_at" IS NULL`,
        [child.id],
      );
      await manager.query(`INSERT INTO "progress"."link_codes" ("code_hash", "child_id", "expires_at") VALUES ($1, $2, $3)`, [
        hashLinkCode(code),
        child.id,
        expiresAt,
      ]);
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
      const rows: { child_id: string; expired: boolean; used: boolean }[] = await manager.query(
        `SELECT "child_id", "expires_at" <= now() AS "expired", "used_at" IS NOT NULL AS "used"
           FROM "progress"."link_codes" WHERE "code_hash" = $1 FOR UPDATE`,
        [hashLinkCode(code)],
      );
      const found = rows[0];
      if (!found) return { problem: 'wrong' as const };
      if (found.expired || found.used) return { problem: 'expired' as const };
      if (found.child_id === parent.id) return { problem: 'self' as const };
      await manager.query(`UPDATE "progress"."link_codes" SET "used_at" = now(), "used_by" = $2 WHERE "code_hash" = $1`, [
        hashLinkCode(code),
        parent.id,
      ]);
      const linked: LinkEventRow[] = await manager.query(
        `INSERT INTO "progress"."parent_links" ("parent_id", "child_id") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING ${LINK_EVENT_COLUMNS}`,
        [parent.id, found.child_id],
      );
      await recordLinkChanges(this.outbox, manager, CatalogueEvent.ParentLinked, linked);
      return { childId: found.child_id };
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
      this.parents(userId),
      this.dataSource.query<{ user_id: string; course_id: string }[]>(
        `SELECT e."user_id", e."course_id" FROM "progress"."enrolments" e
           JOIN "progress"."parent_links" l ON l."child_id" = e."user_id" AND l."parent_id" = $1 ORDER BY e."created_at"`,
        [userId],
      ),
    ]);
    return {
      children: children.map((child) => ({
        ...child,
        enrolledCourses: enrolments.filter((row) => row.user_id === child.id).map((row) => row.course_id),
      })),
      parents,
    };
  }

  /** Either side removes a link: the caller and `otherId` in whichever roles; 404 when there is none. */
  async removeLink(userId: string, otherId: string): Promise<void> {
    const removed = await this.dataSource.transaction(async (manager) => {
      // TypeORM answers a DELETE … RETURNING on PostgreSQL with [rows, affected count].
      const [rows]: [LinkEventRow[], number] = await manager.query(
        `DELETE FROM "progress"."parent_links"
          WHERE ("parent_id" = $1 AND "child_id" = $2) OR ("parent_id" = $2 AND "child_id" = $1) RETURNING ${LINK_EVENT_COLUMNS}`,
        [userId, otherId],
      );
      await recordLinkChanges(this.outbox, manager, CatalogueEvent.ParentUnlinked, rows);
      return rows.length;
    });
    if (!removed) throw new NotFoundException('No link with this person');
  }

  async isLinked(parentId: string, childId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM "progress"."parent_links" WHERE "parent_id" = $1 AND "child_id" = $2',
      [parentId, childId],
    );
    return rows.length > 0;
  }

  /** 404 (never 403: whether a learner exists is nobody else's business) unless the child is linked to the parent. */
  async assertLinked(parentId: string, childId: string): Promise<void> {
    if (!(await this.isLinked(parentId, childId))) throw new NotFoundException(NOT_LINKED_MESSAGE);
  }

  async childProfile(childId: string): Promise<{ id: string; name: string; email: string; imageUrl: string } | null> {
    const rows: { id: string; name: string; email: string; image_url: string }[] = await this.dataSource.query(
      'SELECT "id", "name", "email", "image_url" FROM "progress"."users" WHERE "id" = $1',
      [childId],
    );
    const row = rows[0];
    return row ? { id: row.id, name: row.name, email: row.email, imageUrl: row.image_url } : null;
  }

  /** The read-only view of one linked child (404 when not linked). */
  async childProgress(parentId: string, childId: string): Promise<ChildProgress> {
    await this.assertLinked(parentId, childId);
    const child = (await this.childrenOf(parentId)).find((person) => person.id === childId)!;
    const [profile] = (await this.dataSource.query('SELECT "school_class", "board" FROM "progress"."users" WHERE "id" = $1', [childId])) as Array<{
      school_class: number | null;
      board: string | null;
    }>;
    const courses = await this.coursesOf(childId);
    return { child: { ...child, schoolClass: profile?.school_class ?? null, board: profile?.board ?? null }, courses: await this.withHandInLinks(courses, childId, parentId) };
  }

  /** The files behind the child's reviewed assignments, each linked for the parent (signed, short-lived). */
  private async withHandInLinks(courses: ChildCourseProgress[], childId: string, parentId: string): Promise<ChildCourseProgress[]> {
    const links = this.mediaLinks;
    if (!links) return courses;
    const files: { assignment_id: string; file_key: string; file_name: string | null }[] = await this.dataSource.query(
      `SELECT "assignment_id", "file_key", "file_name" FROM "progress"."assignment_submissions"
        WHERE "learner_id" = $1 AND "reviewed_at" IS NOT NULL AND "file_key" IS NOT NULL`,
      [childId],
    );
    const byAssignment = new Map(files.map((row) => [row.assignment_id, row]));
    return courses.map((course) => ({
      ...course,
      assignmentMarks: course.assignmentMarks.map((entry) => {
        const file = byAssignment.get(entry.assignmentId);
        return file ? { ...entry, file: { name: file.file_name ?? 'submission', url: links.sign(`/api/files/${file.file_key.slice('paid/'.length)}`, parentId) } } : entry;
      }),
    }));
  }

  /** Every enrolled course of a learner with its figures (courses catalogue no longer has are left out). */
  async coursesOf(childId: string): Promise<ChildCourseProgress[]> {
    const rows: {
      course_id: string;
      created_at: Date;
      rating: number | null;
      certificate_code: string | null;
      completed: string[] | null;
      last_completion: Date | null;
      last_playback: Date | null;
    }[] = await this.dataSource.query(
      `SELECT e."course_id", e."created_at", r."rating", c."code" AS "certificate_code",
              (SELECT array_agg(lc."lecture_id"::text) FROM "progress"."lecture_completions" lc
                WHERE lc."user_id" = e."user_id" AND lc."course_id" = e."course_id") AS "completed",
              (SELECT max(lc."completed_at") FROM "progress"."lecture_completions" lc
                WHERE lc."user_id" = e."user_id" AND lc."course_id" = e."course_id") AS "last_completion",
              (SELECT max(p."updated_at") FROM "progress"."playback_positions" p
                WHERE p."user_id" = e."user_id" AND p."course_id" = e."course_id") AS "last_playback"
         FROM "progress"."enrolments" e
         LEFT JOIN "progress"."course_ratings" r ON r."user_id" = e."user_id" AND r."course_id" = e."course_id"
         LEFT JOIN "progress"."certificates" c ON c."user_id" = e."user_id" AND c."course_id" = e."course_id" AND c."withdrawn_at" IS NULL
        WHERE e."user_id" = $1
        ORDER BY e."created_at" DESC, e."id" DESC`,
      [childId],
    );
    const [courses, standings, assignments] = await Promise.all([
      this.catalogue.courses(rows.map((row) => row.course_id)),
      quizStandings(this.dataSource, childId, rows.map((row) => row.course_id)),
      assignmentStandings(this.dataSource, childId, rows.map((row) => row.course_id)),
    ]);
    return rows.flatMap((row) => {
      const course = courses.get(row.course_id);
      if (!course) return [];
      const quizzes = quizzesOf(course.courseContent);
      const courseStandings = standings.get(course._id) ?? [];
      const courseAssignments = assignments.get(course._id) ?? [];
      const times = [row.last_completion, row.last_playback].filter((value): value is Date => value !== null).map((value) => new Date(value).getTime());
      // The one status rule the child's own page uses (lectures, quizzes, assignments as steps of the completion rule).
      const status = courseStatus(course.courseContent, row.completed ?? [], courseStandings, courseAssignments, row.last_playback !== null);
      const { completion } = status;
      return [
        {
          courseId: course._id,
          courseTitle: course.courseTitle,
          courseThumbnail: course.courseThumbnail,
          educatorName: course.educatorName,
          enrolledAt: new Date(row.created_at).toISOString(),
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
          certificate: completion.complete ? { code: row.certificate_code, downloadPath: childCertificatePath(childId, course._id) } : null,
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
    const rows: { weekly_progress: boolean; milestones: boolean; inactivity_days: number | null; quiz_alerts: boolean }[] = await this.dataSource.query(
      'SELECT "weekly_progress", "milestones", "inactivity_days", "quiz_alerts" FROM "progress"."parent_email_settings" WHERE "parent_id" = $1',
      [parentId],
    );
    const row = rows[0];
    return {
      weeklyProgress: row?.weekly_progress ?? true,
      milestones: row?.milestones ?? true,
      inactivityDays: row ? row.inactivity_days : DEFAULT_INACTIVITY_DAYS,
      quizAlerts: row?.quiz_alerts ?? true,
    };
  }

  /** Saves the parent's choices; alert fields left out of the request keep their value (a new row: the defaults). */
  async saveEmailSettings(parent: AuthUser, settings: EmailSettingsRequest): Promise<EmailSettings> {
    await this.users.upsertFromToken(parent);
    const current = await this.emailSettings(parent.id);
    const inactivityDays = settings.inactivityDays === undefined ? current.inactivityDays : settings.inactivityDays;
    const quizAlerts = settings.quizAlerts ?? current.quizAlerts;
    await this.dataSource.query(
      `INSERT INTO "progress"."parent_email_settings" ("parent_id", "weekly_progress", "milestones", "inactivity_days", "quiz_alerts") VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("parent_id") DO UPDATE SET "weekly_progress" = EXCLUDED."weekly_progress", "milestones" = EXCLUDED."milestones",
         "inactivity_days" = EXCLUDED."inactivity_days", "quiz_alerts" = EXCLUDED."quiz_alerts", "updated_at" = now()`,
      [parent.id, settings.weeklyProgress, settings.milestones, inactivityDays, quizAlerts],
    );
    return this.emailSettings(parent.id);
  }

  /** What the weekly email says of each linked child: lectures completed in the last 7 days and each course's figures. */
  async childWeeks(parentId: string): Promise<ChildWeek[]> {
    const weeks: ChildWeek[] = [];
    for (const child of await this.childrenOf(parentId)) {
      const [{ count }]: { count: string }[] = await this.dataSource.query(
        `SELECT count(*) AS "count" FROM "progress"."lecture_completions" WHERE "user_id" = $1 AND "completed_at" > now() - interval '7 days'`,
        [child.id],
      );
      weeks.push({ child, courses: await this.coursesOf(child.id), lecturesThisWeek: Number(count) });
    }
    return weeks;
  }

  childrenOf(parentId: string): Promise<LinkedPerson[]> {
    return this.dataSource
      .query<PersonRow[]>(
        `SELECT u."id", u."name", u."email", u."image_url", l."created_at" FROM "progress"."parent_links" l
           JOIN "progress"."users" u ON u."id" = l."child_id" WHERE l."parent_id" = $1 ORDER BY l."created_at", u."id"`,
        [parentId],
      )
      .then((rows) => rows.map(toPerson));
  }

  private parents(childId: string): Promise<LinkedPerson[]> {
    return this.dataSource
      .query<PersonRow[]>(
        `SELECT u."id", u."name", u."email", u."image_url", l."created_at" FROM "progress"."parent_links" l
           JOIN "progress"."users" u ON u."id" = l."parent_id" WHERE l."child_id" = $1 ORDER BY l."created_at", u."id"`,
        [childId],
      )
      .then((rows) => rows.map(toPerson));
  }
}
