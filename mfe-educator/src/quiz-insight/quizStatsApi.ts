import { quizStatsStatsRoute, type QuizStats } from '@academy/contracts';
import { callApi, type ApiClient } from '@academy/platform';

/** The course's quizzes with their attempt figures (progress). */
export async function fetchQuizStats(api: ApiClient, courseId: string): Promise<QuizStats[]> {
  return (await callApi(api, quizStatsStatsRoute, { params: { courseId } })).quizzes;
}
