import type { QuestionResult, QuizAnswer, QuizStanding } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface AttemptRow {
  id: string;
  user_id: string;
  course_id: string;
  quiz_id: string;
  quiz_version: number;
  attempt_number: number;
  score: number;
  max_score: number;
  percent: number;
  passed: boolean;
  results: QuestionResult[];
  created_at: Date;
}

/** One quiz's figures over its learners: attempts, learners who passed, the average of their best percents. */
export interface QuizTotals {
  quiz_id: string;
  attempts: string;
  passed: string;
  average_best: string | null;
}

/**
 * A learner's standing on every quiz they attempted, by course: attempts, best percent and whether any attempt
 * passed (over every version of the quiz). `courseIds` narrows it to some courses. On the caller's connection or
 * inside its transaction: other progress features reuse it (learning's completion, a parent's read-only view).
 */
export async function quizStandings(db: DataSource | EntityManager, userId: string, courseIds?: readonly string[]): Promise<Map<string, QuizStanding[]>> {
  const rows: { course_id: string; quiz_id: string; attempts: string; best: number; passed: boolean }[] = await db.query(
    `SELECT "course_id", "quiz_id", count(*) AS "attempts", max("percent") AS "best", bool_or("passed") AS "passed"
       FROM "progress"."quiz_attempts"
      WHERE "user_id" = $1 AND ($2::uuid[] IS NULL OR "course_id" = ANY($2::uuid[]))
      GROUP BY "course_id", "quiz_id"
      ORDER BY "course_id", "quiz_id"`,
    [userId, courseIds ? [...courseIds] : null],
  );
  const byCourse = new Map<string, QuizStanding[]>();
  for (const row of rows) {
    const standing: QuizStanding = { quizId: row.quiz_id, attempts: Number(row.attempts), bestPercent: Number(row.best), passed: row.passed };
    byCourse.set(row.course_id, [...(byCourse.get(row.course_id) ?? []), standing]);
  }
  return byCourse;
}

/** progress.quiz_attempts: graded attempts at chapter quizzes (written inside the caller's locked transaction). */
@Injectable()
export class QuizAttemptsRepository {
  constructor(private readonly dataSource: DataSource) {}

  standings(userId: string, courseIds?: readonly string[]): Promise<Map<string, QuizStanding[]>> {
    return quizStandings(this.dataSource, userId, courseIds);
  }

  /** How many attempts the learner made at this version of the quiz. */
  async countOnVersion(userId: string, quizId: string, version: number, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [row]: { used: string }[] = await manager.query(
      'SELECT count(*) AS "used" FROM "progress"."quiz_attempts" WHERE "user_id" = $1 AND "quiz_id" = $2 AND "quiz_version" = $3',
      [userId, quizId, version],
    );
    return Number(row?.used ?? 0);
  }

  async find(attemptId: string, manager: EntityManager = this.dataSource.manager): Promise<AttemptRow | null> {
    const rows: AttemptRow[] = await manager.query('SELECT * FROM "progress"."quiz_attempts" WHERE "id" = $1', [attemptId]);
    return rows[0] ?? null;
  }

  async insert(
    manager: EntityManager,
    attempt: {
      id: string; userId: string; courseId: string; quizId: string; quizVersion: number; attemptNumber: number;
      score: number; maxScore: number; percent: number; passed: boolean; answers: Record<string, QuizAnswer>; results: QuestionResult[];
    },
  ): Promise<AttemptRow> {
    const [row]: AttemptRow[] = await manager.query(
      `INSERT INTO "progress"."quiz_attempts"
         ("id", "user_id", "course_id", "quiz_id", "quiz_version", "attempt_number", "score", "max_score", "percent", "passed", "answers", "results")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb)
       RETURNING *`,
      [
        attempt.id, attempt.userId, attempt.courseId, attempt.quizId, attempt.quizVersion, attempt.attemptNumber, attempt.score, attempt.maxScore,
        attempt.percent, attempt.passed, JSON.stringify(attempt.answers), JSON.stringify(attempt.results),
      ],
    );
    return row!;
  }

  /** Per quiz of the course, over each learner's attempts: attempts, learners who passed, average best percent. */
  async totalsForCourse(courseId: string): Promise<QuizTotals[]> {
    return this.dataSource.query(
      `SELECT "quiz_id", sum("attempts") AS "attempts", count(*) FILTER (WHERE "passed") AS "passed", avg("best") AS "average_best"
         FROM (SELECT "quiz_id", "user_id", count(*) AS "attempts", max("percent") AS "best", bool_or("passed") AS "passed"
                 FROM "progress"."quiz_attempts" WHERE "course_id" = $1 GROUP BY "quiz_id", "user_id") AS learners
        GROUP BY "quiz_id"`,
      [courseId],
    );
  }

  /** The question of this quiz version answered wrong most often, with how often (null: none answered wrong). */
  async mostMissedQuestion(courseId: string, quizId: string, version: number): Promise<{ questionId: string; wrong: number } | null> {
    const [missed]: { question_id: string; wrong: string }[] = await this.dataSource.query(
      `SELECT r->>'questionId' AS "question_id", count(*) AS "wrong"
         FROM "progress"."quiz_attempts" a, jsonb_array_elements(a."results") r
        WHERE a."course_id" = $1 AND a."quiz_id" = $2 AND a."quiz_version" = $3 AND (r->>'correct')::boolean = false
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
      [courseId, quizId, version],
    );
    return missed ? { questionId: missed.question_id, wrong: Number(missed.wrong) } : null;
  }
}
