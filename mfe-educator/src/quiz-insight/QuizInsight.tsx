import { pluralize } from '@academy/contracts';
import { queryKeys } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { TableScroll } from '../common/TableScroll';
import { useRemoteData } from '../common/useRemoteData';
import { fetchQuizStats } from './quizStatsApi';

/** Per quiz of the course: attempts, learners who passed, average best score, the question most often missed. */
export function QuizInsight({ courseId, heading = 'Quiz results' }: { courseId: string; heading?: string }) {
  const { state, reload } = useRemoteData(queryKeys.educator.quizStats(courseId), (api) => fetchQuizStats(api, courseId));
  return (
    <section className="quiz-insight" aria-labelledby="quiz-insight-heading">
      <h2 id="quiz-insight-heading">{heading}</h2>
      {state.status === 'loading' && <LoadingView label="Loading the quiz results" />}
      {state.status === 'error' && <ErrorPanel title="The quiz results could not be loaded" message={state.message} onRetry={reload} />}
      {state.status === 'ready' && state.data.length === 0 && <p>This course has no quizzes yet.</p>}
      {state.status === 'ready' && state.data.length > 0 && (
        <TableScroll label="Quiz results">
          <table className="data-table data-table--cards">
            <thead>
              <tr>
                <th scope="col">Quiz</th>
                <th scope="col">Attempts</th>
                <th scope="col">Learners passed</th>
                <th scope="col">Average best score</th>
                <th scope="col">Most often answered wrong</th>
              </tr>
            </thead>
            <tbody>
              {state.data.map((quiz) => (
                <tr key={quiz.quizId}>
                  <th scope="row">
                    {quiz.title}
                    {quiz.version > 1 && <span className="quiz-insight__version"> (version {quiz.version})</span>}
                  </th>
                  <td data-label="Attempts">{quiz.attempts}</td>
                  <td data-label="Learners passed">{quiz.learnersPassed}</td>
                  <td data-label="Average best score">{quiz.averageBestPercent === null ? '-' : `${quiz.averageBestPercent}%`}</td>
                  <td data-label="Most often answered wrong" className="data-table__wrap">{quiz.mostMissed ? `${quiz.mostMissed.prompt} (${pluralize(quiz.mostMissed.wrongAnswers, 'wrong answer')})` : '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
