import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** One enrolled course of a learner with what a parent's view reads of it. */
export interface EnrolledCourseActivity {
  courseId: string;
  enrolledAt: Date;
  rating: number | null;
  /** The code of the certificate that was not withdrawn, if any. */
  certificateCode: string | null;
  completedLectureIds: string[];
  lastCompletionAt: Date | null;
  lastPlaybackAt: Date | null;
}

/** progress.lecture_completions and progress.playback_positions: what a learner finished and where they stopped. */
@Injectable()
export class LectureProgressRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The lectures of the course the learner completed, in the order they completed them. */
  async completedLectureIds(userId: string, courseId: string, manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const rows: { lecture_id: string }[] = await manager.query(
      'SELECT "lecture_id" FROM "progress"."lecture_completions" WHERE "user_id" = $1 AND "course_id" = $2 ORDER BY "completed_at", "lecture_id"',
      [userId, courseId],
    );
    return rows.map((row) => row.lecture_id);
  }

  /** The learner's saved positions in the course's lectures, the latest saved first. */
  async positions(userId: string, courseId: string): Promise<{ lectureId: string; positionSeconds: number }[]> {
    return this.dataSource.query(
      `SELECT "lecture_id" AS "lectureId", "position_seconds" AS "positionSeconds" FROM "progress"."playback_positions"
        WHERE "user_id" = $1 AND "course_id" = $2 ORDER BY "updated_at" DESC`,
      [userId, courseId],
    );
  }

  /** Records the lecture complete, once: true when it was not complete before. */
  async recordCompletion(manager: EntityManager, completion: { userId: string; courseId: string; lectureId: string }): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO "progress"."lecture_completions" ("user_id", "lecture_id", "course_id") VALUES ($1, $2, $3)
       ON CONFLICT ("user_id", "lecture_id") DO NOTHING RETURNING 1`,
      [completion.userId, completion.lectureId, completion.courseId],
    );
    return inserted.length > 0;
  }

  /** Stores (or moves) the learner's position in the lecture. */
  async savePosition(manager: EntityManager, position: { userId: string; courseId: string; lectureId: string; positionSeconds: number }): Promise<void> {
    await manager.query(
      `INSERT INTO "progress"."playback_positions" ("user_id", "lecture_id", "course_id", "position_seconds") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("user_id", "lecture_id") DO UPDATE SET "position_seconds" = EXCLUDED."position_seconds", "updated_at" = now()`,
      [position.userId, position.lectureId, position.courseId, position.positionSeconds],
    );
  }

  /** How many lectures (of any course) the learner completed in the last 7 days. */
  async completedInLastWeek(userId: string): Promise<number> {
    const [{ count }]: { count: string }[] = await this.dataSource.query(
      `SELECT count(*) AS "count" FROM "progress"."lecture_completions" WHERE "user_id" = $1 AND "completed_at" > now() - interval '7 days'`,
      [userId],
    );
    return Number(count);
  }

  /** Every enrolled course of the learner, newest enrolment first, with its completions, last activity, rating and certificate. */
  async enrolledCourseActivity(userId: string): Promise<EnrolledCourseActivity[]> {
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
      [userId],
    );
    return rows.map((row) => ({
      courseId: row.course_id,
      enrolledAt: row.created_at,
      rating: row.rating,
      certificateCode: row.certificate_code,
      completedLectureIds: row.completed ?? [],
      lastCompletionAt: row.last_completion,
      lastPlaybackAt: row.last_playback,
    }));
  }
}
