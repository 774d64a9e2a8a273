import type { ReviewListQuery } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface ReviewRow {
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
export interface ReviewCursor {
  helpful?: number;
  createdAt: string;
  id: string;
}

export interface ReportedReviewRow {
  id: string;
  course_id: string;
  user_name: string;
  rating: number | null;
  text: string;
  created_at: Date;
  hidden_at: Date | null;
  report_count: string;
  last_reported_at: Date;
  reports: { reason: string; reportedAt: string }[];
}

/**
 * progress.course_reviews with their replies, reports and helpful votes (the stars are progress.course_ratings,
 * written through the rating path).
 */
@Injectable()
export class ReviewsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Whether the learner finished at least one lecture of the course (read in the caller's transaction). */
  async hasFinishedALecture(manager: EntityManager, userId: string, courseId: string): Promise<boolean> {
    const started: unknown[] = await manager.query('SELECT 1 FROM "progress"."lecture_completions" WHERE "user_id" = $1 AND "course_id" = $2 LIMIT 1', [userId, courseId]);
    return started.length > 0;
  }

  /** Writes the learner's review of the course, or changes its text; `created` is false for a change. */
  async upsert(manager: EntityManager, userId: string, courseId: string, text: string): Promise<{ id: string; created: boolean }> {
    const rows: { id: string; created: boolean }[] = await manager.query(
      `INSERT INTO "progress"."course_reviews" ("user_id", "course_id", "text") VALUES ($1, $2, $3)
       ON CONFLICT ("user_id", "course_id") DO UPDATE SET "text" = EXCLUDED."text", "updated_at" = now()
       RETURNING "id", (xmax = 0) AS "created"`,
      [userId, courseId, text],
    );
    return rows[0]!;
  }

  /** The user's review of the course with its stars, or null. */
  async mine(userId: string, courseId: string): Promise<{ id: string; text: string; rating: number } | null> {
    const rows: { id: string; text: string; rating: number }[] = await this.dataSource.query(
      `SELECT v."id", v."text", r."rating" FROM "progress"."course_reviews" v
         JOIN "progress"."course_ratings" r ON r."user_id" = v."user_id" AND r."course_id" = v."course_id"
        WHERE v."user_id" = $1 AND v."course_id" = $2`,
      [userId, courseId],
    );
    return rows[0] ? { id: rows[0].id, text: rows[0].text, rating: Number(rows[0].rating) } : null;
  }

  /**
   * The course's reviews after `cursor` in the `sort` order, at most `limit`, as `viewerId` sees them (hidden ones
   * only with `withHidden`).
   */
  async page(
    courseId: string,
    viewer: { id: string; withHidden: boolean },
    order: { sort: ReviewListQuery['sort']; cursor: ReviewCursor | undefined; limit: number },
  ): Promise<ReviewRow[]> {
    const params: unknown[] = [courseId, viewer.id, viewer.withHidden, order.limit];
    let after = '';
    if (order.cursor && order.sort === 'helpful') {
      params.push(order.cursor.helpful, order.cursor.createdAt, order.cursor.id);
      after = 'AND (v."helpful_count", v."created_at", v."id") < ($5, $6::timestamptz, $7::uuid)';
    } else if (order.cursor) {
      params.push(order.cursor.createdAt, order.cursor.id);
      after = 'AND (v."created_at", v."id") < ($5::timestamptz, $6::uuid)';
    }
    const orderBy = order.sort === 'helpful' ? 'v."helpful_count" DESC, v."created_at" DESC, v."id" DESC' : 'v."created_at" DESC, v."id" DESC';
    return this.dataSource.query(
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
        ORDER BY ${orderBy}
        LIMIT $4`,
      params,
    );
  }

  /** How many learners gave the course each number of stars (stars nobody gave are absent). */
  async ratingCounts(courseId: string): Promise<{ rating: number; count: number }[]> {
    const rows: { rating: number; count: string }[] = await this.dataSource.query(
      'SELECT "rating", count(*) AS "count" FROM "progress"."course_ratings" WHERE "course_id" = $1 GROUP BY "rating"',
      [courseId],
    );
    return rows.map((row) => ({ rating: row.rating, count: Number(row.count) }));
  }

  /** The educator's reply, written once: false when the review has one already (nothing is written). */
  async insertReply(reply: { reviewId: string; educatorId: string; educatorName: string; text: string }): Promise<boolean> {
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO "progress"."review_replies" ("review_id", "educator_id", "educator_name", "text") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("review_id") DO NOTHING RETURNING 1`,
      [reply.reviewId, reply.educatorId, reply.educatorName, reply.text],
    );
    return inserted.length > 0;
  }

  /** Changes the reply's text; false when the review has no reply yet. */
  async updateReply(reviewId: string, text: string, educatorName: string): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [updated]: [unknown[], number] = await this.dataSource.query(
      `UPDATE "progress"."review_replies" SET "text" = $2, "educator_name" = $3, "updated_at" = now() WHERE "review_id" = $1 RETURNING 1`,
      [reviewId, text, educatorName],
    );
    return updated.length > 0;
  }

  async exists(reviewId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM "progress"."course_reviews" WHERE "id" = $1', [reviewId]);
    return rows.length > 0;
  }

  /** The review's course, or null for an unknown review. */
  async courseOf(reviewId: string): Promise<string | null> {
    const rows: { course_id: string }[] = await this.dataSource.query('SELECT "course_id" FROM "progress"."course_reviews" WHERE "id" = $1', [reviewId]);
    return rows[0]?.course_id ?? null;
  }

  /** Hides the review (kept hidden since it first was) or shows it again. */
  async setHidden(reviewId: string, hidden: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE "progress"."course_reviews" SET "hidden_at" = CASE WHEN $2 THEN coalesce("hidden_at", now()) ELSE NULL END WHERE "id" = $1`,
      [reviewId, hidden],
    );
  }

  /**
   * Reported reviews (of one course, or of every course), the most recently reported first, at most `limit`, each
   * with its latest `reportsPerReview` reports' reasons and times but never who sent them.
   */
  async reported(courseId: string | null, limit: number, reportsPerReview: number): Promise<ReportedReviewRow[]> {
    return this.dataSource.query(
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
      [courseId, limit, reportsPerReview],
    );
  }

  /** The review's author and whether it is hidden (null: no such review), read in the caller's transaction. */
  async authorAndHidden(manager: EntityManager, reviewId: string): Promise<{ userId: string; hidden: boolean } | null> {
    const rows: { user_id: string; hidden_at: Date | null }[] = await manager.query('SELECT "user_id", "hidden_at" FROM "progress"."course_reviews" WHERE "id" = $1', [reviewId]);
    return rows[0] ? { userId: rows[0].user_id, hidden: rows[0].hidden_at !== null } : null;
  }

  /** The user's report of the review, once: false when they reported it already. */
  async insertReport(manager: EntityManager, reviewId: string, userId: string, reason: string): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO "progress"."review_reports" ("review_id", "user_id", "reason") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
      [reviewId, userId, reason],
    );
    return inserted.length > 0;
  }

  /** The user's helpful vote, once: false when they voted already. */
  async insertHelpfulVote(manager: EntityManager, reviewId: string, userId: string): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      'INSERT INTO "progress"."review_helpful_votes" ("review_id", "user_id") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1',
      [reviewId, userId],
    );
    return inserted.length > 0;
  }

  /** One more helpful vote on the review's count; the new count. */
  async countHelpfulVote(manager: EntityManager, reviewId: string): Promise<number> {
    const [rows]: [{ helpful_count: number }[], number] = await manager.query(
      'UPDATE "progress"."course_reviews" SET "helpful_count" = "helpful_count" + 1 WHERE "id" = $1 RETURNING "helpful_count"',
      [reviewId],
    );
    return rows[0]!.helpful_count;
  }
}
