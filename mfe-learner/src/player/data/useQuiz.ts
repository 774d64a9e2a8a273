import type { QuizForLearner } from '@academy/contracts';
import { queryKeys, useApi } from '@academy/platform';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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

/** Whether the media query matches now (and after every change). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
