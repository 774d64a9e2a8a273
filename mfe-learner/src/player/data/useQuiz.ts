import type { QuizForLearner } from '@academy/contracts';
import {
  isOfflineFailure,
  type Loadable,
  queryKeys,
  toLoadable,
  useApi,
  usePortalAuth,
  useQuery,
} from '@academy/platform';
import i18next from 'i18next';
import { fetchQuiz } from '../../enrollments';
import { readQuiz, saveQuiz } from '../../offline/offlineStore';

/**
 * A chapter quiz (no key) and the learner's standing; the panel shows a failure itself. A quiz opened once with a
 * network is kept on the device, so it can be answered offline (the answers are sent when the network returns).
 */
export function useQuiz(courseId: string, quizId: string): Loadable<QuizForLearner> & { reload(): void } {
  const api = useApi();
  const userId = usePortalAuth().user?.sub;
  const query = useQuery<QuizForLearner>({
    queryKey: queryKeys.learner.quiz(courseId, quizId),
    networkMode: 'always',
    queryFn: async () => {
      try {
        const quiz = await fetchQuiz(api, courseId, quizId);
        if (userId) await saveQuiz(userId, courseId, quizId, quiz).catch(() => undefined);
        return quiz;
      } catch (error) {
        if (!userId || !isOfflineFailure(error)) throw error;
        const kept = await readQuiz(userId, courseId, quizId);
        if (!kept) throw new Error(i18next.t('learner-study:player.quiz.noOfflineCopy'), { cause: error });
        return kept;
      }
    },
    meta: { errorToast: false },
  });
  return toLoadable(query);
}

export { useMediaQuery } from '../../common/useMediaQuery';
