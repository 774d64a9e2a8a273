import {
  ACADEMY_ADMIN_ROLE,
  EDUCATOR_ROLE,
  REPORTED_REVIEWS_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_REPORT_REASON_MAX,
  REVIEW_TEXT_MAX,
  STAR_COUNT,
  type CourseReview,
  type CourseReviewsPage,
  type MyReview,
  type RatingHistogram,
  type ReportedReview,
  type ReviewListQuery,
} from '@academy/contracts';
import type { AuthUser } from '@academy/service-core';
import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { LearningService } from '../learning/learning.service.js';
import { plainReviewText } from './review-text.js';

export const NOT_STARTED_MESSAGE = 'Finish at least one lecture of this course before reviewing it';
export const NOT_EDUCATOR_MESSAGE = "Only the course's educator can do this";
export const REVIEW_NOT_FOUND_MESSAGE = 'Review not found';
export const MODERATORS_ONLY_MESSAGE = 'Only educator or academy administrator accounts can do this';
export const COURSE_REQUIRED_MESSAGE = 'courseId is required: choose one of your courses';
/** Reports listed per review on the moderation page (the count covers all of them). */
const REPORTS_SHOWN_PER_REVIEW = 20;
const BAD_CURSOR_MESSAGE = 'cursor is not valid';

interface ReviewRow {
  id: string;
  course_id: string;
  user_name: string;
  rating: number | null;
  text: string;
  helpful_count: number;
  hidden_at: Date | null;
  created_at: Date;
  updated_at: Date;
  reply_text: string | null;
  reply_educator_name: string | null;
  reply_created_at: Date | null;
  reply_updated_at: Date | null;
  is_mine: boolean;
  voted_helpful: boolean;
  reported: boolean;
}

/** Where the next page starts: the last review's sort keys (helpful count only for the helpful sort). */
interface Cursor {
  helpful?: number;
  createdAt: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(value: string, sort: ReviewListQuery['sort']): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Cursor;
    const validTime = typeof cursor.createdAt === 'string' && !Number.isNaN(Date.parse(cursor.createdAt));
    const validId = typeof cursor.id === 'string' && /^[0-9a-f-]{36}$/i.test(cursor.id);
    const validHelpful = sort !== 'helpful' || (Number.isInteger(cursor.helpful) && cursor.helpful! >= 0);
    if (validTime && validId && validHelpful) return cursor;
  } catch {
    // falls through to the 400 below
  }
  throw new BadRequestException(BAD_CURSOR_MESSAGE);
}

/**
 * Written reviews beside ratings: the review's stars are written through the rating path (one average, one event),
 * the text is plain text. The course's educator replies (once, editable) and hides; others report and vote helpful.
 */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalogue: CatalogueClient,
    private readonly learning: LearningService,
  ) {}

  /** Writes or edits the caller's review and rating together; 403 unless enrolled and one lecture is finished. */
  async write(userId: string, courseId: string, rating: number, rawText: string): Promise<{ review: MyReview; created: boolean }> {
    const text = plainReviewText(rawText, 'Review', REVIEW_TEXT_MAX);
    return this.dataSource.transaction(async (manager) => {
      await this.learning.lockEnrolment(manager, userId, courseId);
      const started: unknown[] = await manager.query(
        'SELECT 1 FROM "progress"."lecture_completions" WHERE "user_id" = $1 AND "course_id" = $2 LIMIT 1',
        [userId, courseId],
      );
      if (started.length === 0) throw new ForbiddenException(NOT_STARTED_MESSAGE);
      await this.learning.rateLocked(manager, userId, courseId, rating);
      const rows: { id: string; created: boolean }[] = await manager.query(
        `INSERT INTO "progress"."course_reviews" ("user_id", "course_id", "text") VALUES ($1, $2, $3)
         ON CONFLICT ("user_id", "course_id") DO UPDATE SET "text" = EXCLUDED."text", "updated_at" = now()
         RETURNING "id", (xmax = 0) AS "created"`,
        [userId, courseId, text],
      );
      return { review: { _id: rows[0]!.id, rating, text }, created: rows[0]!.created };
    });
  }

  /** The caller's review of the course, or null (for prefilling the dialog). */
  async mine(userId: string, courseId: string): Promise<MyReview | null> {
    const rows: { id: string; text: string; rating: number }[] = await this.dataSource.query(
      `SELECT v."id", v."text", r."rating" FROM "progress"."course_reviews" v
         JOIN "progress"."course_ratings" r ON r."user_id" = v."user_id" AND r."course_id" = v."course_id"
        WHERE v."user_id" = $1 AND v."course_id" = $2`,
      [userId, courseId],
    );
    return rows[0] ? { _id: rows[0].id, text: rows[0].text, rating: Number(rows[0].rating) } : null;
  }

  /** One page of the course's reviews with the rating histogram; hidden reviews only for the course's educator. */
  async list(courseId: string, query: ReviewListQuery, viewer: AuthUser | undefined): Promise<CourseReviewsPage> {
    const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
    const course = await this.catalogue.course(courseId);
    const isEducator = viewer !== undefined && viewer.id === course.educatorId;
    const params: unknown[] = [courseId, viewer?.id ?? '', isEducator, query.limit + 1];
    let after = '';
    if (cursor && query.sort === 'helpful') {
      params.push(cursor.helpful, cursor.createdAt, cursor.id);
      after = 'AND (v."helpful_count", v."created_at", v."id") < ($5, $6::timestamptz, $7::uuid)';
    } else if (cursor) {
      params.push(cursor.createdAt, cursor.id);
      after = 'AND (v."created_at", v."id") < ($5::timestamptz, $6::uuid)';
    }
    const order = query.sort === 'helpful' ? 'v."helpful_count" DESC, v."created_at" DESC, v."id" DESC' : 'v."created_at" DESC, v."id" DESC';
    const [rows, counts]: [ReviewRow[], { rating: number; count: string }[]] = await Promise.all([
      this.dataSource.query(
        `SELECT v."id", v."course_id", u."name" AS "user_name", r."rating", v."text", v."helpful_count", v."hidden_at",
                v."created_at", v."updated_at",
                p."text" AS "reply_text", p."educator_name" AS "reply_educator_name",
                p."created_at" AS "reply_created_at", p."updated_at" AS "reply_updated_at",
                v."user_id" = $2 AS "is_mine",
                EXISTS (SELECT 1 FROM "progress"."review_helpful_votes" h WHERE h."review_id" = v."id" AND h."user_id" = $2) AS "voted_helpful",
                EXISTS (SELECT 1 FROM "progress"."review_reports" x WHERE x."review_id" = v."id" AND x."user_id" = $2) AS "reported"
           FROM "progress"."course_reviews" v
           JOIN "progress"."users" u ON u."id" = v."user_id"
           LEFT JOIN "progress"."course_ratings" r ON r."user_id" = v."user_id" AND r."course_id" = v."course_id"
           LEFT JOIN "progress"."review_replies" p ON p."review_id" = v."id"
          WHERE v."course_id" = $1 AND (v."hidden_at" IS NULL OR $3) ${after}
          ORDER BY ${order}
          LIMIT $4`,
        params,
      ),
      this.dataSource.query(
        'SELECT "rating", count(*) AS "count" FROM "progress"."course_ratings" WHERE "course_id" = $1 GROUP BY "rating"',
        [courseId],
      ),
    ]);
    const histogram = Object.fromEntries(Array.from({ length: STAR_COUNT }, (_, index) => [String(index + 1), 0])) as RatingHistogram;
    for (const row of counts) histogram[String(row.rating) as keyof RatingHistogram] = Number(row.count);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > query.limit && last
        ? encodeCursor({ ...(query.sort === 'helpful' ? { helpful: last.helpful_count } : {}), createdAt: new Date(last.created_at).toISOString(), id: last.id })
        : null;
    return { success: true, histogram, reviews: page.map(toReview), nextCursor, isEducator };
  }

  /** The course's educator answers a review once (409 after); `edit` changes the answer (404 before there is one). */
  async reply(educator: AuthUser, reviewId: string, rawText: string, mode: 'create' | 'edit'): Promise<void> {
    const text = plainReviewText(rawText, 'Reply', REVIEW_REPLY_MAX);
    const course = await this.courseOfReviewForEducator(educator, reviewId);
    if (mode === 'create') {
      const inserted: unknown[] = await this.dataSource.query(
        `INSERT INTO "progress"."review_replies" ("review_id", "educator_id", "educator_name", "text") VALUES ($1, $2, $3, $4)
         ON CONFLICT ("review_id") DO NOTHING RETURNING 1`,
        [reviewId, educator.id, course.educatorName, text],
      );
      if (inserted.length === 0) throw new ConflictException('You have already replied to this review; edit your reply instead');
      return;
    }
    // TypeORM answers an UPDATE with [rows, affected count].
    const [updated]: [unknown[], number] = await this.dataSource.query(
      `UPDATE "progress"."review_replies" SET "text" = $2, "educator_name" = $3, "updated_at" = now() WHERE "review_id" = $1 RETURNING 1`,
      [reviewId, text, course.educatorName],
    );
    if (updated.length === 0) throw new NotFoundException('There is no reply to edit yet');
  }

  /**
   * The course's educator, or an academy administrator on any course, hides a review from the public list (its
   * rating stays counted) or shows it again.
   */
  async setHidden(moderator: AuthUser, reviewId: string, hidden: boolean): Promise<void> {
    if (moderator.roles.includes(ACADEMY_ADMIN_ROLE)) {
      const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM "progress"."course_reviews" WHERE "id" = $1', [reviewId]);
      if (rows.length === 0) throw new NotFoundException(REVIEW_NOT_FOUND_MESSAGE);
    } else {
      await this.courseOfReviewForEducator(moderator, reviewId);
    }
    await this.dataSource.query(
      `UPDATE "progress"."course_reviews" SET "hidden_at" = CASE WHEN $2 THEN coalesce("hidden_at", now()) ELSE NULL END WHERE "id" = $1`,
      [reviewId, hidden],
    );
  }

  /**
   * Reported reviews, the most recently reported first, with their reports' reasons and times but never who sent
   * them: an educator's for one of their courses, an academy administrator's for one course or every course.
   */
  async reported(moderator: AuthUser, courseId: string | undefined): Promise<ReportedReview[]> {
    const isAcademy = moderator.roles.includes(ACADEMY_ADMIN_ROLE);
    if (!isAcademy) {
      if (!moderator.roles.includes(EDUCATOR_ROLE)) throw new ForbiddenException(MODERATORS_ONLY_MESSAGE);
      if (!courseId) throw new BadRequestException(COURSE_REQUIRED_MESSAGE);
      const course = await this.catalogue.course(courseId);
      if (course.educatorId !== moderator.id) throw new ForbiddenException(NOT_EDUCATOR_MESSAGE);
    }
    const rows: {
      id: string; course_id: string; user_name: string; rating: number | null; text: string; created_at: Date; hidden_at: Date | null;
      report_count: string; last_reported_at: Date; reports: { reason: string; reportedAt: string }[];
    }[] = await this.dataSource.query(
      `SELECT v."id", v."course_id", u."name" AS "user_name", r."rating", v."text", v."created_at", v."hidden_at",
              x."report_count", x."last_reported_at",
              (SELECT json_agg(json_build_object('reason', y."reason", 'reportedAt', y."created_at") ORDER BY y."created_at" DESC)
                 FROM (SELECT "reason", "created_at" FROM "progress"."review_reports" WHERE "review_id" = v."id"
                        ORDER BY "created_at" DESC LIMIT $3) y) AS "reports"
         FROM (SELECT "review_id", count(*) AS "report_count", max("created_at") AS "last_reported_at"
                 FROM "progress"."review_reports" GROUP BY "review_id") x
         JOIN "progress"."course_reviews" v ON v."id" = x."review_id"
         JOIN "progress"."users" u ON u."id" = v."user_id"
         LEFT JOIN "progress"."course_ratings" r ON r."user_id" = v."user_id" AND r."course_id" = v."course_id"
        WHERE $1::uuid IS NULL OR v."course_id" = $1
        ORDER BY x."last_reported_at" DESC, v."id"
        LIMIT $2`,
      [courseId ?? null, REPORTED_REVIEWS_MAX, REPORTS_SHOWN_PER_REVIEW],
    );
    const courses = await this.catalogue.courses(rows.map((row) => row.course_id));
    return rows.map((row) => ({
      _id: row.id,
      courseId: row.course_id,
      courseTitle: courses.get(row.course_id)?.courseTitle ?? 'Course no longer listed',
      userName: row.user_name,
      rating: Number(row.rating ?? 0),
      text: row.text,
      createdAt: new Date(row.created_at).toISOString(),
      hidden: row.hidden_at !== null,
      reportCount: Number(row.report_count),
      lastReportedAt: new Date(row.last_reported_at).toISOString(),
      reports: row.reports.map((report) => ({ reason: report.reason, reportedAt: new Date(report.reportedAt).toISOString() })),
    }));
  }

  /** Any signed-in user but the author reports a review once (409 after). */
  async report(userId: string, reviewId: string, rawReason: string | undefined): Promise<void> {
    const reason = plainReviewText(rawReason ?? '', 'Reason', REVIEW_REPORT_REASON_MAX, { required: false });
    await this.dataSource.transaction(async (manager) => {
      await this.visibleReviewByOther(manager, userId, reviewId, 'You cannot report your own review');
      const inserted: unknown[] = await manager.query(
        `INSERT INTO "progress"."review_reports" ("review_id", "user_id", "reason") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
        [reviewId, userId, reason],
      );
      if (inserted.length === 0) throw new ConflictException('You have already reported this review');
    });
  }

  /** Any signed-in user but the author marks a review helpful once (409 after); the count moves in the same transaction. */
  async voteHelpful(userId: string, reviewId: string): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await this.visibleReviewByOther(manager, userId, reviewId, 'You cannot vote for your own review');
      const inserted: unknown[] = await manager.query(
        'INSERT INTO "progress"."review_helpful_votes" ("review_id", "user_id") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1',
        [reviewId, userId],
      );
      if (inserted.length === 0) throw new ConflictException('You have already marked this review helpful');
      const [rows]: [{ helpful_count: number }[], number] = await manager.query(
        'UPDATE "progress"."course_reviews" SET "helpful_count" = "helpful_count" + 1 WHERE "id" = $1 RETURNING "helpful_count"',
        [reviewId],
      );
      return rows[0]!.helpful_count;
    });
  }

  /** 404 for an unknown or hidden review, 403 for the caller's own. */
  private async visibleReviewByOther(manager: EntityManager, userId: string, reviewId: string, ownMessage: string): Promise<void> {
    const rows: { user_id: string; hidden_at: Date | null }[] = await manager.query(
      'SELECT "user_id", "hidden_at" FROM "progress"."course_reviews" WHERE "id" = $1',
      [reviewId],
    );
    if (!rows[0] || rows[0].hidden_at !== null) throw new NotFoundException(REVIEW_NOT_FOUND_MESSAGE);
    if (rows[0].user_id === userId) throw new ForbiddenException(ownMessage);
  }

  /** The review's course when the caller is its educator: 404 for an unknown review, 403 for anyone else. */
  private async courseOfReviewForEducator(user: AuthUser, reviewId: string) {
    const rows: { course_id: string }[] = await this.dataSource.query('SELECT "course_id" FROM "progress"."course_reviews" WHERE "id" = $1', [reviewId]);
    if (!rows[0]) throw new NotFoundException(REVIEW_NOT_FOUND_MESSAGE);
    const course = await this.catalogue.course(rows[0].course_id);
    if (course.educatorId !== user.id) throw new ForbiddenException(NOT_EDUCATOR_MESSAGE);
    return course;
  }
}

function toReview(row: ReviewRow): CourseReview {
  return {
    _id: row.id,
    courseId: row.course_id,
    userName: row.user_name,
    rating: Number(row.rating ?? 0),
    text: row.text,
    helpfulCount: row.helpful_count,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    reply:
      row.reply_text === null
        ? null
        : {
            text: row.reply_text,
            educatorName: row.reply_educator_name ?? '',
            createdAt: new Date(row.reply_created_at!).toISOString(),
            updatedAt: new Date(row.reply_updated_at!).toISOString(),
          },
    hidden: row.hidden_at !== null,
    isMine: row.is_mine,
    votedHelpful: row.voted_helpful,
    reported: row.reported,
  };
}
