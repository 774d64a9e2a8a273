import {
  CatalogueEvent,
  ENROLLED_COURSES_MAX,
  isCourseComplete,
  type CourseRatedEvent,
  type EnrolledCourse,
  type InternalCourse,
  type LearnerProgressData,
} from '@academy/contracts';
import { lectureLinksFor, MEDIA_LINKS, MediaLinks, OutboxWriter, publicUserId } from '@academy/service-core';
import { BadRequestException, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { CatalogueClient } from './catalogue-client.js';
import { ProgressJob, type CourseCompletedEvent } from '../queue/progress-jobs.js';
import { AnalyticsJob, type LectureActivityEvent } from '../analytics/analytics-jobs.js';
import { quizStandings } from '../quizzes/quiz-standings.js';
import { assignmentStandings } from '../assignments/assignment-standings.js';

export const NOT_ENROLLED_MESSAGE = 'You are not enrolled in this course';
export const LECTURE_NOT_IN_COURSE_MESSAGE = 'This lecture is not part of the course';

/** Lecture completion, resume positions and ratings of enrolled learners. */
@Injectable()
export class LearningService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalogue: CatalogueClient,
    private readonly outbox: OutboxWriter,
    @Inject(MEDIA_LINKS) private readonly mediaLinks: MediaLinks,
  ) {}

  async isEnrolled(userId: string, courseId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM "progress"."enrolments" WHERE "user_id" = $1 AND "course_id" = $2',
      [userId, courseId],
    );
    return rows.length > 0;
  }

  /** 403 unless the caller is enrolled in the course. */
  async assertEnrolled(userId: string, courseId: string): Promise<void> {
    if (!(await this.isEnrolled(userId, courseId))) throw new ForbiddenException(NOT_ENROLLED_MESSAGE);
  }

  /** 400 unless the lecture belongs to the course (as catalogue says now). */
  async assertLectureInCourse(courseId: string, lectureId: string): Promise<InternalCourse> {
    const course = await this.catalogue.course(courseId);
    const found = course.courseContent.some((chapter) => chapter.chapterContent.some((lecture) => lecture.lectureId === lectureId));
    if (!found) throw new BadRequestException(LECTURE_NOT_IN_COURSE_MESSAGE);
    return course;
  }

  /**
   * The caller's courses, oldest enrolment first (courses catalogue no longer has are left out). Lecture links are
   * signed for the caller while `isEnrolled` says so (the one entitlement check); otherwise only preview links stay.
   * Links expire (MEDIA_LINK_TTL_SECONDS): the player fetches this again to get fresh ones.
   */
  async enrolledCourses(userId: string): Promise<EnrolledCourse[]> {
    const enrolments: { course_id: string; created_at: Date; rating: number | null; last_lecture_id: string | null }[] =
      await this.dataSource.query(
        `SELECT e."course_id", e."created_at", r."rating",
                (SELECT p."lecture_id" FROM "progress"."playback_positions" p
                  WHERE p."user_id" = e."user_id" AND p."course_id" = e."course_id"
                  ORDER BY p."updated_at" DESC LIMIT 1) AS "last_lecture_id"
           FROM "progress"."enrolments" e
           LEFT JOIN "progress"."course_ratings" r ON r."user_id" = e."user_id" AND r."course_id" = e."course_id"
          WHERE e."user_id" = $1
          ORDER BY e."created_at" DESC, e."id" DESC LIMIT $2`,
        [userId, ENROLLED_COURSES_MAX], // clamped: the newest ENROLLED_COURSES_MAX, shown oldest first
      );
    enrolments.reverse();
    // Every course's content in one internal call, not one per course.
    const [courses, entitled] = await Promise.all([
      this.catalogue.courses(enrolments.map((row) => row.course_id)),
      Promise.all(enrolments.map((row) => this.isEnrolled(userId, row.course_id))),
    ]);
    return enrolments.flatMap((row, index) => {
      const course = courses.get(row.course_id);
      if (!course) return [];
      const audience = entitled[index] ? { links: this.mediaLinks, userId } : 'public';
      return [
        {
          _id: course._id,
          courseTitle: course.courseTitle,
          courseThumbnail: course.courseThumbnail,
          coursePrice: course.coursePrice,
          discount: course.discount,
          educator: { _id: publicUserId(course.educatorId), name: course.educatorName },
          createdAt: course.createdAt,
          courseContent: lectureLinksFor(course.courseContent, audience),
          enrolledAt: new Date(row.created_at).toISOString(),
          myRating: row.rating === null ? null : Number(row.rating),
          lastLectureId: row.last_lecture_id,
        },
      ];
    });
  }

  async progress(userId: string, courseId: string): Promise<LearnerProgressData> {
    await this.assertEnrolled(userId, courseId);
    const [completed, positions, quizzes, assignments]: [
      { lecture_id: string }[],
      { lecture_id: string; position_seconds: number }[],
      Awaited<ReturnType<typeof quizStandings>>,
      Awaited<ReturnType<typeof assignmentStandings>>,
    ] = await Promise.all([
      this.dataSource.query(
        'SELECT "lecture_id" FROM "progress"."lecture_completions" WHERE "user_id" = $1 AND "course_id" = $2 ORDER BY "completed_at", "lecture_id"',
        [userId, courseId],
      ),
      this.dataSource.query(
        `SELECT "lecture_id", "position_seconds" FROM "progress"."playback_positions"
          WHERE "user_id" = $1 AND "course_id" = $2 ORDER BY "updated_at" DESC`,
        [userId, courseId],
      ),
      quizStandings(this.dataSource, userId, [courseId]),
      assignmentStandings(this.dataSource, userId, [courseId]),
    ]);
    return {
      lectureCompleted: completed.map((row) => row.lecture_id),
      lastLectureId: positions[0]?.lecture_id ?? null,
      positions: Object.fromEntries(positions.map((row) => [row.lecture_id, row.position_seconds])),
      quizzes: quizzes.get(courseId) ?? [],
      assignments: assignments.get(courseId) ?? [],
    };
  }

  /**
   * Marks a lecture complete; true when it was new, false when it was already complete. When it completes the
   * course, the `course.completed` event (parents' emails) is written in the same transaction; the enrolment row
   * is locked so two last lectures marked at once still make exactly one event.
   */
  async completeLecture(userId: string, courseId: string, lectureId: string): Promise<boolean> {
    await this.assertEnrolled(userId, courseId);
    const course = await this.assertLectureInCourse(courseId, lectureId);
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT 1 FROM "progress"."enrolments" WHERE "user_id" = $1 AND "course_id" = $2 FOR UPDATE', [userId, courseId]);
      const inserted: unknown[] = await manager.query(
        `INSERT INTO "progress"."lecture_completions" ("user_id", "lecture_id", "course_id") VALUES ($1, $2, $3)
         ON CONFLICT ("user_id", "lecture_id") DO NOTHING RETURNING 1`,
        [userId, lectureId, courseId],
      );
      if (inserted.length === 0) return false;
      await this.recordLectureActivity(manager, { userId, courseId, lectureId });
      await this.recordCompletionIfComplete(manager, userId, course);
      return true;
    });
  }

  /**
   * Writes `course.completed` (parents' emails) in the caller's transaction when what was just recorded (a lecture,
   * a passed quiz, a reviewed assignment) completes the course: every lecture complete, every quiz passed and every
   * assignment reviewed. The caller holds the
   * enrolment row's lock, so two last steps taken at once see each other; a later passing attempt may write the
   * event again, and the email job sends each parent one email per child and course.
   */
  async recordCompletionIfComplete(manager: EntityManager, userId: string, course: InternalCourse): Promise<void> {
    const [done, quizzes, assignments]: [{ lecture_id: string }[], Awaited<ReturnType<typeof quizStandings>>, Awaited<ReturnType<typeof assignmentStandings>>] =
      await Promise.all([
        manager.query('SELECT "lecture_id" FROM "progress"."lecture_completions" WHERE "user_id" = $1 AND "course_id" = $2', [userId, course._id]),
        quizStandings(manager, userId, [course._id]),
        assignmentStandings(manager, userId, [course._id]),
      ]);
    if (!isCourseComplete(course.courseContent, done.map((row) => row.lecture_id), quizzes.get(course._id) ?? [], assignments.get(course._id) ?? [])) return;
    const event: CourseCompletedEvent = { userId, courseId: course._id, courseTitle: course.courseTitle, completedAt: new Date().toISOString() };
    await this.outbox.add(manager, { topic: ProgressJob.CourseCompleted, payload: event, key: `${course._id}/${userId}` });
  }

  /** Remembers where the learner is in a lecture (also makes it the last lecture watched). */
  async savePlayback(userId: string, courseId: string, lectureId: string, positionSeconds: number): Promise<void> {
    await this.assertEnrolled(userId, courseId);
    await this.assertLectureInCourse(courseId, lectureId);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO "progress"."playback_positions" ("user_id", "lecture_id", "course_id", "position_seconds") VALUES ($1, $2, $3, $4)
         ON CONFLICT ("user_id", "lecture_id") DO UPDATE SET "position_seconds" = EXCLUDED."position_seconds", "updated_at" = now()`,
        [userId, lectureId, courseId, Math.floor(positionSeconds)],
      );
      await this.recordLectureActivity(manager, { userId, courseId, lectureId });
    });
  }

  /** The analytics event of a saved position or a completion, in the caller's transaction (the worker reads the rows). */
  private async recordLectureActivity(manager: EntityManager, event: LectureActivityEvent): Promise<void> {
    await this.outbox.add(manager, { topic: AnalyticsJob.LectureActivity, payload: event, key: `${event.courseId}/${event.userId}/${event.lectureId}` });
  }

  /**
   * Stores (or replaces) the caller's rating and, in the same transaction, the event catalogue applies to its
   * counters. The enrolment row is locked so two ratings sent at once by one learner are applied in order.
   * Returns the earlier rating (null when this is the first).
   */
  async rate(userId: string, courseId: string, rating: number): Promise<{ previousRating: number | null; eventId: string | null }> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockEnrolment(manager, userId, courseId);
      return this.rateLocked(manager, userId, courseId, rating);
    });
  }

  /** Locks the caller's enrolment row for the transaction; 403 when not enrolled. */
  async lockEnrolment(manager: EntityManager, userId: string, courseId: string): Promise<void> {
    const locked: unknown[] = await manager.query(
      'SELECT 1 FROM "progress"."enrolments" WHERE "user_id" = $1 AND "course_id" = $2 FOR UPDATE',
      [userId, courseId],
    );
    if (locked.length === 0) throw new ForbiddenException(NOT_ENROLLED_MESSAGE);
  }

  /**
   * The rating path itself, in the caller's transaction after `lockEnrolment`: a written review's stars go through
   * here too, so the catalogue's counters and the `course.rated` event stay the one source of the average.
   */
  async rateLocked(manager: EntityManager, userId: string, courseId: string, rating: number): Promise<{ previousRating: number | null; eventId: string | null }> {
    const previous: { rating: number }[] = await manager.query(
      'SELECT "rating" FROM "progress"."course_ratings" WHERE "user_id" = $1 AND "course_id" = $2',
      [userId, courseId],
    );
    const previousRating = previous[0] ? Number(previous[0].rating) : null;
    if (previousRating === rating) return { previousRating, eventId: null };
    await manager.query(
      `INSERT INTO "progress"."course_ratings" ("user_id", "course_id", "rating") VALUES ($1, $2, $3)
       ON CONFLICT ("user_id", "course_id") DO UPDATE SET "rating" = EXCLUDED."rating", "updated_at" = now()`,
      [userId, courseId, rating],
    );
    const event: CourseRatedEvent = { eventId: randomUUID(), courseId, userId, rating, previousRating };
    await this.outbox.add(manager, { topic: CatalogueEvent.CourseRated, payload: event, key: `${courseId}/${userId}` });
    return { previousRating, eventId: event.eventId };
  }
}
