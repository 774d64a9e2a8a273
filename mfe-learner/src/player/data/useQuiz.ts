import type { QuizForLearner } from '@academy/contracts';
import { queryKeys, useApi } from '@academy/platform';
import { useQuery } from '@tanstack/react-query';
import { fetchQuiz } from '../../enrollments';

/** A chapter quiz (no key) and the learner's standing; the panel shows a failure itself. */
export function useQuiz(courseId: string, quizId: string) {
  const api = useApi();
  return useQuery<QuizForLearner>({
    queryKey: queryKeys.learner.quiz(courseId, quizId),
    queryFn: () => fetchQuiz(api, courseId, quizId),
    meta: { errorToast: false },
  });
}

export { useMediaQuery } from '../../common/useMediaQuery';
