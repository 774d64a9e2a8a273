import { pluralize, quizAttemptsPath, type PublicQuiz, type QuizAttemptResult, type QuizOverview } from '@academy/contracts';
import { errorMessage, queryKeys, sendOrQueue, useApi, usePortalAuth, useToast } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { answerErrors, emptyAnswers, newAttemptId, toSubmission, type QuizAnswerFields } from '../data/quizAnswerForm';
import { useMediaQuery, useQuiz } from '../data/useQuiz';

/** Phones get one question per screen. */
export const ONE_QUESTION_PER_SCREEN = '(max-width: 600px)';

function describeAnswer(quiz: PublicQuiz, questionIndex: number, choices: number[] | null, value: number | null): string {
  const question = quiz.questions[questionIndex]!;
  if (question.kind === 'numeric') return value === null ? 'no answer' : String(value);
  if (!choices || choices.length === 0) return 'no answer';
  return choices.map((index) => question.choices[index] ?? `choice ${index + 1}`).join(', ');
}

function QuizResult({ quiz, result, onRetry }: { quiz: PublicQuiz; result: QuizAttemptResult; onRetry?: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="quiz__result" aria-labelledby="quiz-result-heading">
      <h3 id="quiz-result-heading" ref={headingRef} tabIndex={-1}>
        {result.passed ? 'Passed' : 'Not passed yet'}: {result.score} / {result.maxScore} points ({result.percent}%)
      </h3>
      <p>
        Pass mark {quiz.passMark}%. Your best score: {result.standing.bestPercent ?? 0}%
        {result.attemptsLeft !== null && `. ${pluralize(result.attemptsLeft, 'attempt')} left`}.
      </p>
      {!result.answersShown && (
        <p className="quiz__answers-hidden">The right answers and explanations are shown once you pass or have used every attempt.</p>
      )}
      <ol className="quiz__review">
        {result.questions.map((question, index) => {
          const given = question.given;
          const yours = describeAnswer(quiz, index, Array.isArray(given) ? given : null, typeof given === 'number' ? given : null);
          const right = !result.answersShown
            ? null
            : question.answer !== null
              ? `${question.answer}${question.tolerance ? ` (± ${question.tolerance})` : ''}`
              : describeAnswer(quiz, index, question.correctChoices, null);
          return (
            <li key={question.questionId} className={question.correct ? 'quiz__review-item quiz__review-item--right' : 'quiz__review-item quiz__review-item--wrong'}>
              <p className="quiz__prompt">{quiz.questions[index]?.prompt}</p>
              <p>
                <strong>{question.correct ? 'Correct' : 'Wrong'}</strong> ({pluralize(question.pointsAwarded, 'point')}). Your answer: {yours}.
                {!question.correct && right !== null && ` Right answer: ${right}.`}
              </p>
              {question.explanation && <p className="quiz__explanation">Explanation: {question.explanation}</p>}
            </li>
          );
        })}
      </ol>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </section>
  );
}

function QuizForm({ courseId, quiz, onResult, onQueued }: { courseId: string; quiz: PublicQuiz; onResult: (result: QuizAttemptResult) => void; onQueued: () => void }) {
  const api = useApi();
  const userId = usePortalAuth().user?.sub ?? '';
  const toast = useToast();
  const id = useId();
  const onePerScreen = useMediaQuery(ONE_QUESTION_PER_SCREEN);
  const [step, setStep] = useState(0);
  const attemptId = useRef(newAttemptId()); // kept while this attempt is resent after a failure
  const [fields, setFields] = useState<QuizAnswerFields>(() => emptyAnswers(quiz));
  const [errors, setErrors] = useState<Record<number, string>>({});
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
        path: quizAttemptsPath(courseId, quiz.quizId),
        body: toSubmission(quiz, fields, attemptId.current),
        label: `Answers to the quiz ${quiz.title}`,
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
                Question {index + 1} of {quiz.questions.length} ({pluralize(question.points, 'point')})
              </span>{' '}
              <span className="quiz__prompt">{question.prompt}</span>
            </legend>
            {question.kind === 'numeric' ? (
              <div className="quiz__numeric">
                <label htmlFor={`${id}-q${index}`}>Your answer to question {index + 1}</label>
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
            {question.kind === 'multiple' && <p className="quiz__hint">Choose every correct answer.</p>}
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
            Previous question
          </button>
        )}
        {onePerScreen && step < last ? (
          // Own keys: React must not turn this very button into the submit button while it is being clicked.
          <button key="next" type="button" className="button" onClick={() => setStep(step + 1)}>
            Next question
          </button>
        ) : (
          <button key="submit" type="submit" className="button" disabled={isSubmitting}>
            {isSubmitting ? 'Submitting…' : 'Submit answers'}
          </button>
        )}
      </div>
    </form>
  );
}

/** A chapter's quiz in the player: questions (no key), then the server's grading with right answers and explanations. */
export function QuizPanel({ courseId, overview }: { courseId: string; overview: QuizOverview }) {
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
        Quiz: {overview.title}
      </h2>
      {quiz.isPending && <LoadingView label="Loading the quiz" />}
      {quiz.isError && <ErrorPanel message={quiz.error.message} onRetry={() => void quiz.refetch()} />}
      {queued && (
        <p className="quiz__queued" role="status">
          You are offline: your answers are saved on this device and are sent for grading when you are back online.
        </p>
      )}
      {quiz.data && !result && !queued && (
        <>
          <p className="quiz__summary">
            {pluralize(quiz.data.quiz.questions.length, 'question')}, pass mark {quiz.data.quiz.passMark}%.{' '}
            {quiz.data.standing.attempts > 0 && `Best score so far: ${quiz.data.standing.bestPercent}%${quiz.data.standing.passed ? ' (passed)' : ''}. `}
            {quiz.data.attemptsLeft === null ? 'Unlimited attempts.' : `${pluralize(quiz.data.attemptsLeft, 'attempt')} left.`}
          </p>
          {quiz.data.attemptsLeft === 0 ? (
            <p role="status">You have used every attempt at this quiz.</p>
          ) : (
            <QuizForm key={attempt} courseId={courseId} quiz={quiz.data.quiz} onResult={onResult} onQueued={() => setQueued(true)} />
          )}
        </>
      )}
      {quiz.data && result && (
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
