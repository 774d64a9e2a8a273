import type { QuizStanding } from '@academy/contracts';

// The read lives with the quiz attempts' other SQL; learning and parents import it from here.
export { quizStandings } from './quiz-attempts.repository.js';

/** One quiz's standing; a quiz never attempted has none yet. */
export function standingOf(standings: readonly QuizStanding[] | undefined, quizId: string): QuizStanding {
  return standings?.find((standing) => standing.quizId === quizId) ?? { quizId, attempts: 0, bestPercent: null, passed: false };
}
