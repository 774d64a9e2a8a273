import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** progress.course_ratings: each learner's stars for a course (catalogue keeps the counters, from the events). */
@Injectable()
export class CourseRatingsRepository {
  /** The learner's rating of the course (null: none yet), read in the caller's transaction. */
  async ratingOf(manager: EntityManager, userId: string, courseId: string): Promise<number | null> {
    const rows: { rating: number }[] = await manager.query('SELECT "rating" FROM "progress"."course_ratings" WHERE "user_id" = $1 AND "course_id" = $2', [
      userId,
      courseId,
    ]);
    return rows[0] ? Number(rows[0].rating) : null;
  }

  /** Stores or replaces the learner's rating. */
  async save(manager: EntityManager, userId: string, courseId: string, rating: number): Promise<void> {
    await manager.query(
      `INSERT INTO "progress"."course_ratings" ("user_id", "course_id", "rating") VALUES ($1, $2, $3)
       ON CONFLICT ("user_id", "course_id") DO UPDATE SET "rating" = EXCLUDED."rating", "updated_at" = now()`,
      [userId, courseId, rating],
    );
  }
}
