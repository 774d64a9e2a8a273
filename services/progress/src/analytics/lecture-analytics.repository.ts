import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

type Rows<T> = T[];

/** Counters of one course's aggregate rows; each query reads by the course's key, never the events. */
export interface CourseAggregates {
  course: { enrolled: number; learners_started: number; watch_seconds: string; updated_at: Date } | undefined;
  lectures: Rows<{ lecture_id: string; learners_started: number; learners_completed: number; watch_seconds: string }>;
  completions: Rows<{ lectures_completed: number; learners: number }>;
  quizzes: Rows<{ quiz_id: string; quiz_version: number; attempts: number; percent_sum: string }>;
  questions: Rows<{ quiz_id: string; quiz_version: number; question_id: string; answers: number; correct: number }>;
}

/** What one learner's lecture counted so far (the aggregates move by the difference from it). */
export interface LearnerLectureState {
  furthestSeconds: number;
  started: boolean;
  completed: boolean;
}

/** A graded quiz attempt as the analytics count it. */
export interface CountedQuizAttempt {
  courseId: string;
  quizId: string;
  quizVersion: number;
  percent: number;
  results: unknown;
}

/**
 * The lecture analytics aggregates (progress.analytics_*) and the source rows they are computed from. Writes run in
 * the caller's transaction, which takes the locks in one order (see AnalyticsAggregator).
 */
@Injectable()
export class LectureAnalyticsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The learner's saved position in the lecture (null: none) and whether they completed it, as stored now. */
  async lectureSource(manager: EntityManager, userId: string, lectureId: string): Promise<{ position: number | null; completed: boolean } | undefined> {
    const [source]: Rows<{ position: number | null; completed: boolean }> = await manager.query(
      `SELECT (SELECT "position_seconds" FROM "progress"."playback_positions" WHERE "user_id" = $1 AND "lecture_id" = $2) AS "position",
              EXISTS (SELECT 1 FROM "progress"."lecture_completions" WHERE "user_id" = $1 AND "lecture_id" = $2) AS "completed"`,
      [userId, lectureId],
    );
    return source;
  }

  /** The learner's lecture row, made when missing and locked for the caller's transaction. */
  async lockLearnerLecture(manager: EntityManager, event: { userId: string; courseId: string; lectureId: string }): Promise<LearnerLectureState> {
    await manager.query(`INSERT INTO "progress"."analytics_learner_lectures" ("user_id", "lecture_id", "course_id") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      event.userId,
      event.lectureId,
      event.courseId,
    ]);
    const [state]: Rows<LearnerLectureState> = await manager.query(
      `SELECT "furthest_seconds" AS "furthestSeconds", "started", "completed" FROM "progress"."analytics_learner_lectures"
        WHERE "user_id" = $1 AND "lecture_id" = $2 FOR UPDATE`,
      [event.userId, event.lectureId],
    );
    return state!;
  }

  /** Moves the learner's lecture forward: furthest second, started, completed (never back to not completed). */
  async advanceLearnerLecture(manager: EntityManager, userId: string, lectureId: string, furthestSeconds: number, completed: boolean): Promise<void> {
    await manager.query(
      `UPDATE "progress"."analytics_learner_lectures" SET "furthest_seconds" = $3, "started" = true, "completed" = "completed" OR $4
        WHERE "user_id" = $1 AND "lecture_id" = $2`,
      [userId, lectureId, furthestSeconds, completed],
    );
  }

  /** Adds to the learner's course counters; returns their new totals. */
  async bumpLearnerCourse(
    manager: EntityManager,
    userId: string,
    courseId: string,
    change: { lecturesStarted: number; lecturesCompleted: number },
  ): Promise<{ lecturesStarted: number; lecturesCompleted: number }> {
    const [learner]: Rows<{ lecturesStarted: number; lecturesCompleted: number }> = await manager.query(
      `INSERT INTO "progress"."analytics_learner_courses" ("user_id", "course_id", "lectures_started", "lectures_completed") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("user_id", "course_id") DO UPDATE SET
         "lectures_started" = "analytics_learner_courses"."lectures_started" + EXCLUDED."lectures_started",
         "lectures_completed" = "analytics_learner_courses"."lectures_completed" + EXCLUDED."lectures_completed"
       RETURNING "lectures_started" AS "lecturesStarted", "lectures_completed" AS "lecturesCompleted"`,
      [userId, courseId, change.lecturesStarted, change.lecturesCompleted],
    );
    return learner!;
  }

  async bumpLecture(manager: EntityManager, courseId: string, lectureId: string, change: { learnersStarted: number; learnersCompleted: number; watchSeconds: number }): Promise<void> {
    await manager.query(
      `INSERT INTO "progress"."analytics_lectures" ("course_id", "lecture_id", "learners_started", "learners_completed", "watch_seconds")
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("course_id", "lecture_id") DO UPDATE SET
         "learners_started" = "analytics_lectures"."learners_started" + EXCLUDED."learners_started",
         "learners_completed" = "analytics_lectures"."learners_completed" + EXCLUDED."learners_completed",
         "watch_seconds" = "analytics_lectures"."watch_seconds" + EXCLUDED."watch_seconds"`,
      [courseId, lectureId, change.learnersStarted, change.learnersCompleted, change.watchSeconds],
    );
  }

  async bumpCourse(manager: EntityManager, courseId: string, change: { enrolled?: number; learnersStarted?: number; watchSeconds?: number }): Promise<void> {
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

  /** Adds `learners` to the number of the course's learners who completed exactly `lecturesCompleted` lectures. */
  async bumpCompletionBucket(manager: EntityManager, courseId: string, lecturesCompleted: number, learners: number): Promise<void> {
    await manager.query(
      `INSERT INTO "progress"."analytics_course_completion_counts" ("course_id", "lectures_completed", "learners") VALUES ($1, $2, $3)
       ON CONFLICT ("course_id", "lectures_completed") DO UPDATE SET "learners" = "analytics_course_completion_counts"."learners" + EXCLUDED."learners"`,
      [courseId, lecturesCompleted, learners],
    );
  }

  /** Whether the enrolment exists now (the source of the enrolled counter). */
  async isEnrolled(manager: EntityManager, userId: string, courseId: string): Promise<boolean> {
    const [source]: Rows<{ enrolled: boolean }> = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM "progress"."enrolments" WHERE "user_id" = $1 AND "course_id" = $2) AS "enrolled"`,
      [userId, courseId],
    );
    return source!.enrolled;
  }

  /** Whether the learner's course row counts them as enrolled; the row is made when missing and locked. */
  async lockLearnerCourseEnrolled(manager: EntityManager, userId: string, courseId: string): Promise<boolean> {
    await manager.query(`INSERT INTO "progress"."analytics_learner_courses" ("user_id", "course_id") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, courseId]);
    const [state]: Rows<{ enrolled: boolean }> = await manager.query(
      `SELECT "enrolled" FROM "progress"."analytics_learner_courses" WHERE "user_id" = $1 AND "course_id" = $2 FOR UPDATE`,
      [userId, courseId],
    );
    return state!.enrolled;
  }

  async setLearnerCourseEnrolled(manager: EntityManager, userId: string, courseId: string, enrolled: boolean): Promise<void> {
    await manager.query(`UPDATE "progress"."analytics_learner_courses" SET "enrolled" = $3 WHERE "user_id" = $1 AND "course_id" = $2`, [userId, courseId, enrolled]);
  }

  /** Marks the attempt counted and returns it; null when it was counted already (or is unknown). */
  async claimQuizAttempt(manager: EntityManager, attemptId: string): Promise<CountedQuizAttempt | null> {
    const [updated]: [Rows<CountedQuizAttempt>, number] = await manager.query(
      `UPDATE "progress"."quiz_attempts" SET "analytics_counted" = true WHERE "id" = $1 AND NOT "analytics_counted"
       RETURNING "course_id" AS "courseId", "quiz_id" AS "quizId", "quiz_version" AS "quizVersion", "percent", "results"`,
      [attemptId],
    );
    return updated[0] ?? null;
  }

  /** Adds the attempt to its quiz version's totals and each question's right or wrong. */
  async countQuizAttempt(manager: EntityManager, attempt: CountedQuizAttempt): Promise<void> {
    await manager.query(
      `INSERT INTO "progress"."analytics_quizzes" ("course_id", "quiz_id", "quiz_version", "attempts", "percent_sum") VALUES ($1, $2, $3, 1, $4)
       ON CONFLICT ("course_id", "quiz_id", "quiz_version") DO UPDATE SET
         "attempts" = "analytics_quizzes"."attempts" + 1, "percent_sum" = "analytics_quizzes"."percent_sum" + EXCLUDED."percent_sum"`,
      [attempt.courseId, attempt.quizId, attempt.quizVersion, attempt.percent],
    );
    await manager.query(
      `INSERT INTO "progress"."analytics_quiz_questions" ("course_id", "quiz_id", "quiz_version", "question_id", "answers", "correct")
       SELECT $1, $2, $3, r->>'questionId', 1, CASE WHEN (r->>'correct')::boolean THEN 1 ELSE 0 END
         FROM jsonb_array_elements($4::jsonb) r ORDER BY r->>'questionId'
       ON CONFLICT ("course_id", "quiz_id", "quiz_version", "question_id") DO UPDATE SET
         "answers" = "analytics_quiz_questions"."answers" + 1, "correct" = "analytics_quiz_questions"."correct" + EXCLUDED."correct"`,
      [attempt.courseId, attempt.quizId, attempt.quizVersion, JSON.stringify(attempt.results)],
    );
  }

  /** Every aggregate row of one course, each query by the course's primary-key prefix. */
  async courseAggregates(courseId: string): Promise<CourseAggregates> {
    const [courses, lectures, completions, quizzes, questions] = await Promise.all([
      this.dataSource.query(
        `SELECT "enrolled", "learners_started", "watch_seconds", "updated_at" FROM "progress"."analytics_courses" WHERE "course_id" = $1`,
        [courseId],
      ) as Promise<Rows<NonNullable<CourseAggregates['course']>>>,
      this.dataSource.query(
        `SELECT "lecture_id", "learners_started", "learners_completed", "watch_seconds" FROM "progress"."analytics_lectures" WHERE "course_id" = $1`,
        [courseId],
      ) as Promise<CourseAggregates['lectures']>,
      this.dataSource.query(
        `SELECT "lectures_completed", "learners" FROM "progress"."analytics_course_completion_counts" WHERE "course_id" = $1`,
        [courseId],
      ) as Promise<CourseAggregates['completions']>,
      this.dataSource.query(
        `SELECT "quiz_id", "quiz_version", "attempts", "percent_sum" FROM "progress"."analytics_quizzes" WHERE "course_id" = $1`,
        [courseId],
      ) as Promise<CourseAggregates['quizzes']>,
      this.dataSource.query(
        `SELECT "quiz_id", "quiz_version", "question_id", "answers", "correct" FROM "progress"."analytics_quiz_questions" WHERE "course_id" = $1`,
        [courseId],
      ) as Promise<CourseAggregates['questions']>,
    ]);
    return { course: courses[0], lectures, completions, quizzes, questions };
  }
}
