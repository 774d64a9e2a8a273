import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EnrolmentChangedEvent, LectureActivityEvent } from './analytics-jobs.js';

type Rows<T> = T[];

/**
 * Applies one event to the analytics aggregates, in the worker (like commerce's earnings). An event only names what
 * changed; the job reads the source rows' current state and moves each counter by the difference from what it
 * counted before, so applying an event twice, or after a later one, changes nothing.
 */
@Injectable()
export class AnalyticsAggregator {
  constructor(private readonly dataSource: DataSource) {}

  /** A playback save or a completion: the learner's furthest second and completion, then every counter they move. Returns true when something changed. */
  async applyLectureActivity(event: LectureActivityEvent): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [source]: Rows<{ position: number | null; completed: boolean }> = await manager.query(
        `SELECT (SELECT "position_seconds" FROM "progress"."playback_positions" WHERE "user_id" = $1 AND "lecture_id" = $2) AS "position",
                EXISTS (SELECT 1 FROM "progress"."lecture_completions" WHERE "user_id" = $1 AND "lecture_id" = $2) AS "completed"`,
        [event.userId, event.lectureId],
      );
      if (!source || (source.position === null && !source.completed)) return false;
      await manager.query(
        `INSERT INTO "progress"."analytics_learner_lectures" ("user_id", "lecture_id", "course_id") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [event.userId, event.lectureId, event.courseId],
      );
      const [state]: Rows<{ furthest_seconds: number; started: boolean; completed: boolean }> = await manager.query(
        `SELECT "furthest_seconds", "started", "completed" FROM "progress"."analytics_learner_lectures"
          WHERE "user_id" = $1 AND "lecture_id" = $2 FOR UPDATE`,
        [event.userId, event.lectureId],
      );
      const furthest = Math.max(state!.furthest_seconds, source.position ?? 0);
      const watched = furthest - state!.furthest_seconds;
      const startedNow = state!.started ? 0 : 1;
      const completedNow = !state!.completed && source.completed ? 1 : 0;
      if (watched === 0 && startedNow === 0 && completedNow === 0) return false;
      await manager.query(
        `UPDATE "progress"."analytics_learner_lectures" SET "furthest_seconds" = $3, "started" = true, "completed" = "completed" OR $4
          WHERE "user_id" = $1 AND "lecture_id" = $2`,
        [event.userId, event.lectureId, furthest, source.completed],
      );
      // Locks are taken in one order (learner's lecture, learner's course, lecture, course, completion buckets upward),
      // so two events of one course never wait on each other in a circle.
      const [learner]: Rows<{ lectures_started: number; lectures_completed: number }> = await manager.query(
        `INSERT INTO "progress"."analytics_learner_courses" ("user_id", "course_id", "lectures_started", "lectures_completed") VALUES ($1, $2, $3, $4)
         ON CONFLICT ("user_id", "course_id") DO UPDATE SET
           "lectures_started" = "analytics_learner_courses"."lectures_started" + EXCLUDED."lectures_started",
           "lectures_completed" = "analytics_learner_courses"."lectures_completed" + EXCLUDED."lectures_completed"
         RETURNING "lectures_started", "lectures_completed"`,
        [event.userId, event.courseId, startedNow, completedNow],
      );
      await manager.query(
        `INSERT INTO "progress"."analytics_lectures" ("course_id", "lecture_id", "learners_started", "learners_completed", "watch_seconds")
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT ("course_id", "lecture_id") DO UPDATE SET
           "learners_started" = "analytics_lectures"."learners_started" + EXCLUDED."learners_started",
           "learners_completed" = "analytics_lectures"."learners_completed" + EXCLUDED."learners_completed",
           "watch_seconds" = "analytics_lectures"."watch_seconds" + EXCLUDED."watch_seconds"`,
        [event.courseId, event.lectureId, startedNow, completedNow, watched],
      );
      const courseStarted = startedNow === 1 && learner!.lectures_started === 1 ? 1 : 0;
      await this.bumpCourse(manager, event.courseId, { learnersStarted: courseStarted, watchSeconds: watched });
      if (completedNow === 1) {
        const count = learner!.lectures_completed;
        if (count > 1) await this.bumpCompletionBucket(manager, event.courseId, count - 1, -1);
        await this.bumpCompletionBucket(manager, event.courseId, count, 1);
      }
      return true;
    });
  }

  /** An enrolment made or ended: the course's enrolled count follows whether the enrolment exists now. */
  async applyEnrolmentChanged(event: EnrolmentChangedEvent): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [source]: Rows<{ enrolled: boolean }> = await manager.query(
        `SELECT EXISTS (SELECT 1 FROM "progress"."enrolments" WHERE "user_id" = $1 AND "course_id" = $2) AS "enrolled"`,
        [event.userId, event.courseId],
      );
      await manager.query(
        `INSERT INTO "progress"."analytics_learner_courses" ("user_id", "course_id") VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [event.userId, event.courseId],
      );
      const [state]: Rows<{ enrolled: boolean }> = await manager.query(
        `SELECT "enrolled" FROM "progress"."analytics_learner_courses" WHERE "user_id" = $1 AND "course_id" = $2 FOR UPDATE`,
        [event.userId, event.courseId],
      );
      if (state!.enrolled === source!.enrolled) return false;
      await manager.query(
        `UPDATE "progress"."analytics_learner_courses" SET "enrolled" = $3 WHERE "user_id" = $1 AND "course_id" = $2`,
        [event.userId, event.courseId, source!.enrolled],
      );
      await this.bumpCourse(manager, event.courseId, { enrolled: source!.enrolled ? 1 : -1 });
      return true;
    });
  }

  /** A graded attempt, counted once (the attempt row remembers it): its score and each question's right or wrong. */
  async applyQuizAttempt(attemptId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [updated]: [Rows<{ course_id: string; quiz_id: string; quiz_version: number; percent: number; results: unknown }>, number] = await manager.query(
        `UPDATE "progress"."quiz_attempts" SET "analytics_counted" = true WHERE "id" = $1 AND NOT "analytics_counted"
         RETURNING "course_id", "quiz_id", "quiz_version", "percent", "results"`,
        [attemptId],
      );
      const attempt = updated[0];
      if (!attempt) return false;
      await manager.query(
        `INSERT INTO "progress"."analytics_quizzes" ("course_id", "quiz_id", "quiz_version", "attempts", "percent_sum") VALUES ($1, $2, $3, 1, $4)
         ON CONFLICT ("course_id", "quiz_id", "quiz_version") DO UPDATE SET
           "attempts" = "analytics_quizzes"."attempts" + 1, "percent_sum" = "analytics_quizzes"."percent_sum" + EXCLUDED."percent_sum"`,
        [attempt.course_id, attempt.quiz_id, attempt.quiz_version, attempt.percent],
      );
      await manager.query(
        `INSERT INTO "progress"."analytics_quiz_questions" ("course_id", "quiz_id", "quiz_version", "question_id", "answers", "correct")
         SELECT $1, $2, $3, r->>'questionId', 1, CASE WHEN (r->>'correct')::boolean THEN 1 ELSE 0 END
           FROM jsonb_array_elements($4::jsonb) r ORDER BY r->>'questionId'
         ON CONFLICT ("course_id", "quiz_id", "quiz_version", "question_id") DO UPDATE SET
           "answers" = "analytics_quiz_questions"."answers" + 1, "correct" = "analytics_quiz_questions"."correct" + EXCLUDED."correct"`,
        [attempt.course_id, attempt.quiz_id, attempt.quiz_version, JSON.stringify(attempt.results)],
      );
      await this.bumpCourse(manager, attempt.course_id, {});
      return true;
    });
  }

  private async bumpCourse(manager: EntityManager, courseId: string, change: { enrolled?: number; learnersStarted?: number; watchSeconds?: number }): Promise<void> {
    await manager.query(
      `INSERT INTO "progress"."analytics_courses" ("course_id", "enrolled", "learners_started", "watch_seconds") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("course_id") DO UPDATE SET
         "enrolled" = "analytics_courses"."enrolled" + EXCLUDED."enrolled",
         "learners_started" = "analytics_courses"."learners_started" + EXCLUDED."learners_started",
         "watch_seconds" = "analytics_courses"."watch_seconds" + EXCLUDED."watch_seconds",
         "updated_at" = now()`,
      [courseId, change.enrolled ?? 0, change.learnersStarted ?? 0, change.watchSeconds ?? 0],
    );
  }

  private async bumpCompletionBucket(manager: EntityManager, courseId: string, lecturesCompleted: number, learners: number): Promise<void> {
    await manager.query(
      `INSERT INTO "progress"."analytics_course_completion_counts" ("course_id", "lectures_completed", "learners") VALUES ($1, $2, $3)
       ON CONFLICT ("course_id", "lectures_completed") DO UPDATE SET "learners" = "analytics_course_completion_counts"."learners" + EXCLUDED."learners"`,
      [courseId, lecturesCompleted, learners],
    );
  }
}
