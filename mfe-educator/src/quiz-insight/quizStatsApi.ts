import { quizStatsPath, type QuizStats } from '@academy/contracts';
import type { ApiClient } from '@academy/platform';

/** GET /api/educator/quiz-stats/:courseId (progress): the course's quizzes with their attempt figures. */
export async function fetchQuizStats(api: ApiClient, courseId: string): Promise<QuizStats[]> {
  return (await api.get<{ quizzes: QuizStats[] }>(quizStatsPath(courseId))).quizzes;
}
