import { apiPath, quizzesSubmitRoute, type PublicQuiz, type QuizAttemptResult, type QuizOverview } from '@academy/contracts';
import { errorMessage, queryKeys, sendOrQueue, useApi, usePortalAuth, useToast } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { answerErrors, emptyAnswers, newAttemptId, toSubmission, type AnswerProblem, type QuizAnswerFields } from '../data/quizAnswerForm';
import { useMediaQuery, useQuiz } from '../data/useQuiz';

/** How each problem of an answer reads (a map of literal keys, so the key check sees them). */
const ANSWER_PROBLEMS = (t: TFunction): Record<AnswerProblem, string> => ({ 'number-expected': t('player.quiz.numberExpected') });

/** Phones get one question per screen. */
export const ONE_QUESTION_PER_SCREEN = '(max-width: 600px)';

function describeAnswer(t: TFunction, quiz: PublicQuiz, questionIndex: number, choices: number[] | null, value: number | null): string {
  const question = quiz.questions[questionIndex]!;
  if (question.kind === 'numeric') return value === null ? t('player.quiz.noAnswer') : String(value);
  if (!choices || choices.length === 0) return t('player.quiz.noAnswer');
  return choices.map((index) => question.choices[index] ?? t('player.quiz.choice', { number: index + 1 })).join(', ');
}

function QuizResult({ quiz, result, onRetry }: { quiz: PublicQuiz; result: QuizAttemptResult; onRetry?: () => void }) {
  const { t } = useTranslation('learner');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="quiz__result" aria-labelledby="quiz-result-heading">
      <h3 id="quiz-result-heading" ref={headingRef} tabIndex={-1}>
        {result.passed
          ? t('player.quiz.resultPassed', { score: result.score, maxScore: result.maxScore, percent: result.percent })
          : t('player.quiz.resultNotPassed', { score: result.score, maxScore: result.maxScore, percent: result.percent })}
      </h3>
      <p>
        {result.attemptsLeft === null
          ? t('player.quiz.resultSummary', { passMark: quiz.passMark, best: result.standing.bestPercent ?? 0 })
          : t('player.quiz.resultSummaryLeft', { passMark: quiz.passMark, best: result.standing.bestPercent ?? 0, count: result.attemptsLeft })}
      </p>
      {!result.answersShown && (
        <p className="quiz__answers-hidden">{t('player.quiz.answersHidden')}</p>
      )}
      <ol className="quiz__review">
        {result.questions.map((question, index) => {
          const given = question.given;
          const yours = describeAnswer(t, quiz, index, Array.isArray(given) ? given : null, typeof given === 'number' ? given : null);
          const right = !result.answersShown
            ? null
            : question.answer !== null
              ? `${question.answer}${question.tolerance ? ` (± ${question.tolerance})` : ''}`
              : describeAnswer(t, quiz, index, question.correctChoices, null);
          return (
            <li key={question.questionId} className={question.correct ? 'quiz__review-item quiz__review-item--right' : 'quiz__review-item quiz__review-item--wrong'}>
              <p className="quiz__prompt">{quiz.questions[index]?.prompt}</p>
              <p>
                <strong>{question.correct ? t('player.quiz.correct') : t('player.quiz.wrong')}</strong>{' '}
                {t('player.quiz.reviewLine', { points: t('player.count.point', { count: question.pointsAwarded }), yours })}
                {!question.correct && right !== null && <> {t('player.quiz.rightAnswer', { right })}</>}
              </p>
              {question.explanation && <p className="quiz__explanation">{t('player.quiz.explanation', { explanation: question.explanation })}</p>}
            </li>
          );
        })}
      </ol>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('player.quiz.tryAgain')}
        </button>
      )}
    </section>
  );
}

function QuizForm({ courseId, quiz, onResult, onQueued }: { courseId: string; quiz: PublicQuiz; onResult: (result: QuizAttemptResult) => void; onQueued: () => void }) {
  const { t } = useTranslation('learner');
  const api = useApi();
  const userId = usePortalAuth().user?.sub ?? '';
  const toast = useToast();
  const id = useId();
  const onePerScreen = useMediaQuery(ONE_QUESTION_PER_SCREEN);
  const [step, setStep] = useState(0);
  const attemptId = useRef(newAttemptId()); // kept while this attempt is resent after a failure
  const [fields, setFields] = useState<QuizAnswerFields>(() => emptyAnswers(quiz));
  const [errors, setErrors] = useState<Record<number, AnswerProblem>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const last = quiz.questions.length - 1;

  const setAnswer = (index: number, value: string | string[]) =>
    setFields((current) => ({ answers: current.answers.map((answer, i) => (i === index ? value : answer)) }));
  const toggleChoice = (index: number, choice: string, checked: boolean) => {
    const chosen = (fields.answers[index] as string[] | undefined) ?? [];
    setAnswer(index, checked ? [...chosen, choice] : chosen.filter((value) => value !== choice));
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    // The first question with an error is shown and focused.
    const found = answerErrors(fields);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      const first = Math.min(...Object.keys(found).map(Number));
      setStep(first);
      setTimeout(() => formRef.current?.querySelector<HTMLElement>(`[data-question="${first}"] input`)?.focus());
      return;
    }
    setErrors({});
    setIsSubmitting(true);
    try {
      // The attempt id makes a resend count once, so answers given offline can wait in the outbox for the network.
      const sent = await sendOrQueue<{ result: QuizAttemptResult }>(api, userId, {
        path: apiPath(quizzesSubmitRoute, { params: { courseId, quizId: quiz.quizId } }),
        body: toSubmission(quiz, fields, attemptId.current),
        label: t('player.quiz.outboxLabel', { title: quiz.title }),
      });
      if (sent.queued) onQueued();
      else onResult(sent.answer.result);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form ref={formRef} className="quiz__form" noValidate onSubmit={(event) => void send(event)} aria-busy={isSubmitting}>
      {quiz.questions.map((question, index) => {
        const error = errors[index];
        const errorId = `${id}-q${index}-error`;
        const hidden = onePerScreen && index !== step;
        const answer = fields.answers[index];
        return (
          <fieldset key={question.questionId} className="quiz__question" hidden={hidden} data-question={index} aria-describedby={error ? errorId : undefined}>
            <legend>
              <span className="quiz__number">
                {t('player.quiz.questionOf', { number: index + 1, total: quiz.questions.length, points: t('player.count.point', { count: question.points }) })}
              </span>{' '}
              <span className="quiz__prompt">{question.prompt}</span>
            </legend>
            {question.kind === 'numeric' ? (
              <div className="quiz__numeric">
                <label htmlFor={`${id}-q${index}`}>{t('player.quiz.yourAnswerTo', { number: index + 1 })}</label>
                <input
                  id={`${id}-q${index}`}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  value={typeof answer === 'string' ? answer : ''}
                  onChange={(event) => setAnswer(index, event.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                />
              </div>
            ) : (
              question.choices.map((choice, choiceIndex) => {
                const value = String(choiceIndex);
                const inputId = `${id}-q${index}-c${choiceIndex}`;
                return (
                  <div key={choiceIndex} className="quiz__choice">
                    {question.kind === 'single' ? (
                      <input id={inputId} type="radio" name={`${id}-q${index}`} value={value} checked={answer === value} onChange={() => setAnswer(index, value)} />
                    ) : (
                      <input
                        id={inputId}
                        type="checkbox"
                        value={value}
                        checked={Array.isArray(answer) && answer.includes(value)}
                        onChange={(event) => toggleChoice(index, value, event.target.checked)}
                      />
                    )}
                    <label htmlFor={inputId}>{choice}</label>
                  </div>
                );
              })
            )}
            {question.kind === 'multiple' && <p className="quiz__hint">{t('player.quiz.chooseEvery')}</p>}
            {error && (
              <p id={errorId} className="quiz__error">
                {ANSWER_PROBLEMS(t)[error]}
              </p>
            )}
          </fieldset>
        );
      })}
      <div className="quiz__actions">
        {onePerScreen && step > 0 && (
          <button type="button" className="button button--secondary" onClick={() => setStep(step - 1)}>
            {t('player.quiz.previous')}
          </button>
        )}
        {onePerScreen && step < last ? (
          // Own keys: React must not turn this very button into the submit button while it is being clicked.
          <button key="next" type="button" className="button" onClick={() => setStep(step + 1)}>
            {t('player.quiz.next')}
          </button>
        ) : (
          <button key="submit" type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? t('player.quiz.submitting') : t('player.quiz.submit')}
          </button>
        )}
      </div>
    </form>
  );
}

/** A chapter's quiz in the player: questions (no key), then the server's grading with right answers and explanations. */
export function QuizPanel({ courseId, overview }: { courseId: string; overview: QuizOverview }) {
  const { t } = useTranslation('learner');
  const quiz = useQuiz(courseId, overview.quizId);
  const queryClient = useQueryClient();
  const [result, setResult] = useState<QuizAttemptResult | null>(null);
  const [queued, setQueued] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const onResult = (graded: QuizAttemptResult) => {
    setResult(graded);
    // The player's completion, My Enrollments and this quiz's standing all changed.
    void queryClient.invalidateQueries({ queryKey: queryKeys.learner.all });
  };

  return (
    <section className="quiz" aria-labelledby="quiz-heading">
      <h2 id="quiz-heading" className="player__section-title">
        {t('player.quiz.title', { title: overview.title })}
      </h2>
      {quiz.status === 'loading' && <LoadingView label={t('player.quiz.loading')} />}
      {quiz.status === 'error' && <ErrorPanel message={quiz.message} onRetry={quiz.reload} />}
      {queued && (
        <p className="quiz__queued" role="status">
          {t('player.quiz.queued')}
        </p>
      )}
      {quiz.status === 'ready' && !result && !queued && (
        <>
          <p className="quiz__summary">
            {t('player.quiz.summary', { questions: t('player.count.question', { count: quiz.data.quiz.questions.length }), passMark: quiz.data.quiz.passMark })}{' '}
            {quiz.data.standing.attempts > 0 && (
              <>
                {quiz.data.standing.passed
                  ? t('player.quiz.bestSoFarPassed', { percent: quiz.data.standing.bestPercent })
                  : t('player.quiz.bestSoFar', { percent: quiz.data.standing.bestPercent })}{' '}
              </>
            )}
            {quiz.data.attemptsLeft === null ? t('player.quiz.unlimited') : t('player.quiz.attemptsLeft', { count: quiz.data.attemptsLeft })}
          </p>
          {quiz.data.attemptsLeft === 0 ? (
            <p role="status">{t('player.quiz.usedEvery')}</p>
          ) : (
            <QuizForm key={attempt} courseId={courseId} quiz={quiz.data.quiz} onResult={onResult} onQueued={() => setQueued(true)} />
          )}
        </>
      )}
      {quiz.status === 'ready' && result && (
        <QuizResult
          quiz={quiz.data.quiz}
          result={result}
          onRetry={
            result.attemptsLeft === 0
              ? undefined
              : () => {
                  setResult(null);
                  setAttempt((n) => n + 1);
                }
          }
        />
      )}
    </section>
  );
}
