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
import { EnrolmentsRepository } from '../enrolments/enrolments.repository.js';
import { CourseRatingsRepository } from './course-ratings.repository.js';
import { LectureProgressRepository } from './lecture-progress.repository.js';

export const NOT_ENROLLED_MESSAGE = 'You are not enrolled in this course';
export const LECTURE_NOT_IN_COURSE_MESSAGE = 'This lecture is not part of the course';

/** Lecture completion, resume positions and ratings of enrolled learners. */
@Injectable()
export class LearningService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly enrolments: EnrolmentsRepository,
    private readonly lectureProgress: LectureProgressRepository,
    private readonly ratings: CourseRatingsRepository,
    private readonly catalogue: CatalogueClient,
    private readonly outbox: OutboxWriter,
    @Inject(MEDIA_LINKS) private readonly mediaLinks: MediaLinks,
  ) {}

  isEnrolled(userId: string, courseId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return this.enrolments.exists(userId, courseId, manager);
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
    // Clamped: the newest ENROLLED_COURSES_MAX, shown oldest first.
    const enrolments = (await this.enrolments.newestOfLearner(userId, ENROLLED_COURSES_MAX)).reverse();
    // Every course's content in one internal call, not one per course.
    const [courses, entitled] = await Promise.all([
      this.catalogue.courses(enrolments.map((row) => row.courseId)),
      Promise.all(enrolments.map((row) => this.isEnrolled(userId, row.courseId))),
    ]);
    return enrolments.flatMap((row, index) => {
      const course = courses.get(row.courseId);
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
          enrolledAt: new Date(row.enrolledAt).toISOString(),
          myRating: row.rating === null ? null : Number(row.rating),
          lastLectureId: row.lastLectureId,
        },
      ];
    });
  }

  async progress(userId: string, courseId: string): Promise<LearnerProgressData> {
    await this.assertEnrolled(userId, courseId);
    const [completed, positions, quizzes, assignments] = await Promise.all([
      this.lectureProgress.completedLectureIds(userId, courseId),
      this.lectureProgress.positions(userId, courseId),
      quizStandings(this.dataSource, userId, [courseId]),
      assignmentStandings(this.dataSource, userId, [courseId]),
    ]);
    return {
      lectureCompleted: completed,
      lastLectureId: positions[0]?.lectureId ?? null,
      positions: Object.fromEntries(positions.map((row) => [row.lectureId, row.positionSeconds])),
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
      await this.enrolments.lock(manager, userId, courseId);
      if (!(await this.lectureProgress.recordCompletion(manager, { userId, courseId, lectureId }))) return false;
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
    const [done, quizzes, assignments] = await Promise.all([
      this.lectureProgress.completedLectureIds(userId, course._id, manager),
      quizStandings(manager, userId, [course._id]),
      assignmentStandings(manager, userId, [course._id]),
    ]);
    if (!isCourseComplete(course.courseContent, done, quizzes.get(course._id) ?? [], assignments.get(course._id) ?? [])) return;
    const event: CourseCompletedEvent = { userId, courseId: course._id, courseTitle: course.courseTitle, completedAt: new Date().toISOString() };
    await this.outbox.add(manager, { topic: ProgressJob.CourseCompleted, payload: event, key: `${course._id}/${userId}` });
  }

  /** Remembers where the learner is in a lecture (also makes it the last lecture watched). */
  async savePlayback(userId: string, courseId: string, lectureId: string, positionSeconds: number): Promise<void> {
    await this.assertEnrolled(userId, courseId);
    await this.assertLectureInCourse(courseId, lectureId);
    await this.dataSource.transaction(async (manager) => {
      await this.lectureProgress.savePosition(manager, { userId, courseId, lectureId, positionSeconds: Math.floor(positionSeconds) });
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
    if (!(await this.enrolments.lock(manager, userId, courseId))) throw new ForbiddenException(NOT_ENROLLED_MESSAGE);
  }

  /**
   * The rating path itself, in the caller's transaction after `lockEnrolment`: a written review's stars go through
   * here too, so the catalogue's counters and the `course.rated` event stay the one source of the average.
   */
  async rateLocked(manager: EntityManager, userId: string, courseId: string, rating: number): Promise<{ previousRating: number | null; eventId: string | null }> {
    const previousRating = await this.ratings.ratingOf(manager, userId, courseId);
    if (previousRating === rating) return { previousRating, eventId: null };
    await this.ratings.save(manager, userId, courseId, rating);
    const event: CourseRatedEvent = { eventId: randomUUID(), courseId, userId, rating, previousRating };
    await this.outbox.add(manager, { topic: CatalogueEvent.CourseRated, payload: event, key: `${courseId}/${userId}` });
    return { previousRating, eventId: event.eventId };
  }
}
