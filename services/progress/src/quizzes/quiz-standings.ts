import type { QuizStanding } from '@academy/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * A learner's standing on every quiz they attempted, by course: attempts, best percent and whether any attempt
 * passed (over every version of the quiz). `courseIds` narrows it to some courses. Reusable by other progress
 * features (a parent's read-only view shows these scores).
 */
export async function quizStandings(
  db: DataSource | EntityManager,
  userId: string,
  courseIds?: readonly string[],
): Promise<Map<string, QuizStanding[]>> {
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

/** One quiz's standing; a quiz never attempted has none yet. */
export function standingOf(standings: readonly QuizStanding[] | undefined, quizId: string): QuizStanding {
  return standings?.find((standing) => standing.quizId === quizId) ?? { quizId, attempts: 0, bestPercent: null, passed: false };
}
