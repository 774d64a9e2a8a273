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
import { ReviewsRepository, type ReviewCursor, type ReviewRow } from './reviews.repository.js';

export const NOT_STARTED_MESSAGE = 'Finish at least one lecture of this course before reviewing it';
export const NOT_EDUCATOR_MESSAGE = "Only the course's educator can do this";
export const REVIEW_NOT_FOUND_MESSAGE = 'Review not found';
export const MODERATORS_ONLY_MESSAGE = 'Only educator or academy administrator accounts can do this';
export const COURSE_REQUIRED_MESSAGE = 'courseId is required: choose one of your courses';
/** Reports listed per review on the moderation page (the count covers all of them). */
const REPORTS_SHOWN_PER_REVIEW = 20;
const BAD_CURSOR_MESSAGE = 'cursor is not valid';

function encodeCursor(cursor: ReviewCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(value: string, sort: ReviewListQuery['sort']): ReviewCursor {
  try {
    const cursor = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as ReviewCursor;
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
    private readonly reviews: ReviewsRepository,
    private readonly catalogue: CatalogueClient,
    private readonly learning: LearningService,
  ) {}

  /** Writes or edits the caller's review and rating together; 403 unless enrolled and one lecture is finished. */
  async write(userId: string, courseId: string, rating: number, rawText: string): Promise<{ review: MyReview; created: boolean }> {
    const text = plainReviewText(rawText, 'Review', REVIEW_TEXT_MAX);
    return this.dataSource.transaction(async (manager) => {
      await this.learning.lockEnrolment(manager, userId, courseId);
      if (!(await this.reviews.hasFinishedALecture(manager, userId, courseId))) throw new ForbiddenException(NOT_STARTED_MESSAGE);
      await this.learning.rateLocked(manager, userId, courseId, rating);
      const written = await this.reviews.upsert(manager, userId, courseId, text);
      return { review: { _id: written.id, rating, text }, created: written.created };
    });
  }

  /** The caller's review of the course, or null (for prefilling the dialog). */
  async mine(userId: string, courseId: string): Promise<MyReview | null> {
    const found = await this.reviews.mine(userId, courseId);
    return found ? { _id: found.id, text: found.text, rating: found.rating } : null;
  }

  /** One page of the course's reviews with the rating histogram; hidden reviews only for the course's educator. */
  async list(courseId: string, query: ReviewListQuery, viewer: AuthUser | undefined): Promise<CourseReviewsPage> {
    const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
    const course = await this.catalogue.course(courseId);
    const isEducator = viewer !== undefined && viewer.id === course.educatorId;
    const [rows, counts] = await Promise.all([
      this.reviews.page(courseId, { id: viewer?.id ?? '', withHidden: isEducator }, { sort: query.sort, cursor, limit: query.limit + 1 }),
      this.reviews.ratingCounts(courseId),
    ]);
    const histogram = Object.fromEntries(Array.from({ length: STAR_COUNT }, (_, index) => [String(index + 1), 0])) as RatingHistogram;
    for (const row of counts) histogram[String(row.rating) as keyof RatingHistogram] = row.count;
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
      const inserted = await this.reviews.insertReply({ reviewId, educatorId: educator.id, educatorName: course.educatorName, text });
      if (!inserted) throw new ConflictException('You have already replied to this review; edit your reply instead');
      return;
    }
    const updated = await this.reviews.updateReply(reviewId, text, course.educatorName);
    if (!updated) throw new NotFoundException('There is no reply to edit yet');
  }

  /**
   * The course's educator, or an academy administrator on any course, hides a review from the public list (its
   * rating stays counted) or shows it again.
   */
  async setHidden(moderator: AuthUser, reviewId: string, hidden: boolean): Promise<void> {
    if (moderator.roles.includes(ACADEMY_ADMIN_ROLE)) {
      if (!(await this.reviews.exists(reviewId))) throw new NotFoundException(REVIEW_NOT_FOUND_MESSAGE);
    } else {
      await this.courseOfReviewForEducator(moderator, reviewId);
    }
    await this.reviews.setHidden(reviewId, hidden);
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
    const rows = await this.reviews.reported(courseId ?? null, REPORTED_REVIEWS_MAX, REPORTS_SHOWN_PER_REVIEW);
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
      if (!(await this.reviews.insertReport(manager, reviewId, userId, reason))) throw new ConflictException('You have already reported this review');
    });
  }

  /** Any signed-in user but the author marks a review helpful once (409 after); the count moves in the same transaction. */
  async voteHelpful(userId: string, reviewId: string): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await this.visibleReviewByOther(manager, userId, reviewId, 'You cannot vote for your own review');
      if (!(await this.reviews.insertHelpfulVote(manager, reviewId, userId))) throw new ConflictException('You have already marked this review helpful');
      return this.reviews.countHelpfulVote(manager, reviewId);
    });
  }

  /** 404 for an unknown or hidden review, 403 for the caller's own. */
  private async visibleReviewByOther(manager: EntityManager, userId: string, reviewId: string, ownMessage: string): Promise<void> {
    const review = await this.reviews.authorAndHidden(manager, reviewId);
    if (!review || review.hidden) throw new NotFoundException(REVIEW_NOT_FOUND_MESSAGE);
    if (review.userId === userId) throw new ForbiddenException(ownMessage);
  }

  /** The review's course when the caller is its educator: 404 for an unknown review, 403 for anyone else. */
  private async courseOfReviewForEducator(user: AuthUser, reviewId: string) {
    const courseId = await this.reviews.courseOf(reviewId);
    if (!courseId) throw new NotFoundException(REVIEW_NOT_FOUND_MESSAGE);
    const course = await this.catalogue.course(courseId);
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
