import { queryKeys, useFormat, useTranslation } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { TableScroll } from '../common/TableScroll';
import { useRemoteData } from '../common/useRemoteData';
import { fetchQuizStats } from './quizStatsApi';

/** Per quiz of the course: attempts, learners who passed, average best score, the question most often missed. */
export function QuizInsight({ courseId, heading }: { courseId: string; heading?: string }) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const { state, reload } = useRemoteData(queryKeys.educator.quizStats(courseId), (api) => fetchQuizStats(api, courseId));
  return (
    <section className="quiz-insight" aria-labelledby="quiz-insight-heading">
      <h2 id="quiz-insight-heading">{heading ?? t('quizInsight.title')}</h2>
      {state.status === 'loading' && <LoadingView label={t('quizInsight.loading')} />}
      {state.status === 'error' && <ErrorPanel title={t('quizInsight.failed')} message={state.message} onRetry={reload} />}
      {state.status === 'ready' && state.data.length === 0 && <p>{t('quizInsight.none')}</p>}
      {state.status === 'ready' && state.data.length > 0 && (
        <TableScroll label={t('quizInsight.title')}>
          <table className="data-table data-table--cards">
            <thead>
              <tr>
                <th scope="col">{t('quizInsight.quiz')}</th>
                <th scope="col">{t('quizInsight.attempts')}</th>
                <th scope="col">{t('quizInsight.passed')}</th>
                <th scope="col">{t('quizInsight.averageBest')}</th>
                <th scope="col">{t('quizInsight.mostMissed')}</th>
              </tr>
            </thead>
            <tbody>
              {state.data.map((quiz) => (
                <tr key={quiz.quizId}>
                  <th scope="row">
                    {quiz.title}
                    {quiz.version > 1 && <span className="quiz-insight__version"> {t('common.version', { version: quiz.version })}</span>}
                  </th>
                  <td data-label={t('quizInsight.attempts')}>{format.count(quiz.attempts)}</td>
                  <td data-label={t('quizInsight.passed')}>{format.count(quiz.learnersPassed)}</td>
                  <td data-label={t('quizInsight.averageBest')}>
                    {quiz.averageBestPercent === null ? t('common.noValue') : t('common.percent', { value: quiz.averageBestPercent })}
                  </td>
                  <td data-label={t('quizInsight.mostMissed')} className="data-table__wrap">
                    {quiz.mostMissed
                      ? t('quizInsight.missed', {
                          prompt: quiz.mostMissed.prompt,
                          wrong: t('quizInsight.wrongAnswers', { count: quiz.mostMissed.wrongAnswers, formatted: format.count(quiz.mostMissed.wrongAnswers) }),
                        })
                      : t('common.noValue')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
