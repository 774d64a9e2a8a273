import { quizSubmissionSchema, type PublicQuiz, type QuizAnswer } from '@academy/contracts';

/** What the quiz form holds per question: a choice index (radio), chosen indexes (checkboxes) or the typed number. */
export interface QuizAnswerFields {
  answers: (string | string[])[];
}

/** What is wrong with an answer; the form words it in the language shown. */
export type AnswerProblem = 'number-expected';

/** The form's check: a typed answer must be a number (an empty answer is allowed and scores nothing). */
export function answerErrors(fields: QuizAnswerFields): Record<number, AnswerProblem> {
  const errors: Record<number, AnswerProblem> = {};
  fields.answers.forEach((answer, index) => {
    if (typeof answer === 'string' && answer.trim() !== '' && !Number.isFinite(Number(answer))) errors[index] = 'number-expected';
  });
  return errors;
}

export const emptyAnswers = (quiz: PublicQuiz): QuizAnswerFields => ({
  answers: quiz.questions.map((question) => (question.kind === 'multiple' ? [] : '')),
});

/** The contract's submission: unanswered questions are left out. */
export function toSubmission(quiz: PublicQuiz, fields: QuizAnswerFields, attemptId: string) {
  const answers: Record<string, QuizAnswer> = {};
  quiz.questions.forEach((question, index) => {
    const given = fields.answers[index];
    if (question.kind === 'numeric') {
      if (typeof given === 'string' && given.trim() !== '') answers[question.questionId] = Number(given);
    } else if (question.kind === 'single') {
      if (typeof given === 'string' && given !== '') answers[question.questionId] = [Number(given)];
    } else if (Array.isArray(given) && given.length > 0) {
      answers[question.questionId] = given.map(Number).sort((a, b) => a - b);
    }
  });
  return quizSubmissionSchema.parse({ attemptId, quizVersion: quiz.version, answers });
}

/** A v4 uuid for an attempt (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newAttemptId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
