import { apiPath, quizzesSubmitRoute, type PublicQuiz, type QuizAttemptResult, type QuizOverview } from '@academy/contracts';
import {
  errorMessage,
  queryKeys,
  sendOrQueue,
  useApi,
  usePortalAuth,
  useQueryClient,
  useToast,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { answerErrors, emptyAnswers, newAttemptId, toSubmission, type AnswerProblem, type QuizAnswerFields } from '../data/quizAnswerForm';
import { useMediaQuery, useQuiz } from '../data/useQuiz';

/** How each problem of an answer reads (a map of literal keys, so the key check sees them). */
const ANSWER_PROBLEMS = (t: TFunction): Record<AnswerProblem, string> => ({ 'number-expected': t('player.quiz.numberExpected') });

/** The answers' check (`answerErrors`), each problem under its question in the language shown. */
const quizAnswersSchema = (t: TFunction) =>
  z.object({ answers: z.array(z.union([z.string(), z.array(z.string())])) }).superRefine((fields, context) => {
    for (const [index, problem] of Object.entries(answerErrors(fields))) {
      context.addIssue({ code: 'custom', path: ['answers', Number(index)], message: ANSWER_PROBLEMS(t)[problem] });
    }
  });

/** Phones get one question per screen. */
export const ONE_QUESTION_PER_SCREEN = '(max-width: 600px)';

function describeAnswer(t: TFunction, quiz: PublicQuiz, questionIndex: number, choices: number[] | null, value: number | null): string {
  const question = quiz.questions[questionIndex]!;
  if (question.kind === 'numeric') return value === null ? t('player.quiz.noAnswer') : String(value);
  if (!choices || choices.length === 0) return t('player.quiz.noAnswer');
  return choices.map((index) => question.choices[index] ?? t('player.quiz.choice', { number: index + 1 })).join(', ');
}

function QuizResult({ quiz, result, onRetry }: { quiz: PublicQuiz; result: QuizAttemptResult; onRetry?: () => void }) {
  const { t } = useTranslation('learner-study');
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
  const { t } = useTranslation('learner-study');
  const api = useApi();
  const userId = usePortalAuth().user?.sub ?? '';
  const toast = useToast();
  const id = useId();
  const onePerScreen = useMediaQuery(ONE_QUESTION_PER_SCREEN);
  const [step, setStep] = useState(0);
  const attemptId = useRef(newAttemptId()); // kept while this attempt is resent after a failure
  // The form focuses the first wrong question itself: on a phone it must be brought on screen first.
  const { register, handleSubmit, formState } = useForm<QuizAnswerFields>({ defaultValues: emptyAnswers(quiz), resolver: zodResolver(quizAnswersSchema(t)), shouldFocusError: false });
  const { isSubmitting } = formState;
  const errors = formState.errors.answers;
  const formRef = useRef<HTMLFormElement>(null);
  const last = quiz.questions.length - 1;

  const showFirstProblem = (found: FieldErrors<QuizAnswerFields>) => {
    const first = found.answers ? quiz.questions.findIndex((_question, index) => found.answers?.[index]) : -1;
    if (first < 0) return;
    setStep(first);
    setTimeout(() => formRef.current?.querySelector<HTMLElement>(`[data-question="${first}"] input`)?.focus());
  };

  const send = handleSubmit(async (fields) => {
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
    }
  }, showFirstProblem);

  return (
    <form ref={formRef} className="quiz__form" noValidate onSubmit={(event) => void (isSubmitting ? event.preventDefault() : send(event))} aria-busy={isSubmitting}>
      {quiz.questions.map((question, index) => {
        const error = errors?.[index]?.message;
        const errorId = `${id}-q${index}-error`;
        const hidden = onePerScreen && index !== step;
        const answerField = register(`answers.${index}`);
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
                  {...answerField}
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
                      <input id={inputId} type="radio" value={value} {...answerField} />
                    ) : (
                      <input id={inputId} type="checkbox" value={value} {...answerField} />
                    )}
                    <label htmlFor={inputId}>{choice}</label>
                  </div>
                );
              })
            )}
            {question.kind === 'multiple' && <p className="quiz__hint">{t('player.quiz.chooseEvery')}</p>}
            {error && (
              <p id={errorId} className="quiz__error">
                {error}
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
  const { t } = useTranslation('learner-study');
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
