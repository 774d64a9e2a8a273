// Chapter quizzes. Questions and keys are course content (catalogue); attempts and scores are learning
// records (progress); grading happens only on the server. One schema checks a quiz in the educator's form and in
// catalogue; the learner only ever receives `PublicQuiz` (no key) until an attempt has been graded.
import { z } from 'zod';

export const QUIZ_QUESTION_KINDS = ['single', 'multiple', 'numeric'] as const;
export type QuizQuestionKind = (typeof QUIZ_QUESTION_KINDS)[number];
export const QUIZ_KIND_LABELS: Record<QuizQuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  numeric: 'Numeric answer',
};

export const QUIZ_QUESTIONS_MAX = 50;
export const QUIZ_CHOICES_MAX = 10;
export const QUIZ_ATTEMPT_LIMIT_MAX = 100;
export const NEEDS_CORRECT_ANSWER_MESSAGE = 'A question needs a correct answer';
export const TWO_CHOICES_MESSAGE = 'A choice question needs at least two choices';
export const ONE_CORRECT_CHOICE_MESSAGE = 'A single-choice question has exactly one correct answer';
export const PASS_MARK_MESSAGE = 'Pass mark must be between 0 and 100';

/** Ids the course already had are kept; anything else (or nothing) gets a new id on the server. */
const keptId = z.string().max(64).optional();

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const quizChoiceSchema = z.object({
  text: z.string().trim().min(1, 'A choice needs its text').max(300),
  correct: z.boolean().default(false),
});

/**
 * One question as authored. All kinds share a shape: choice questions use `choices` (with `correct` flags),
 * numeric questions `answer` and `tolerance` (accepted when |given − answer| ≤ tolerance).
 */
export const quizQuestionInputSchema = z
  .object({
    questionId: keptId,
    kind: z.enum(QUIZ_QUESTION_KINDS, { message: 'Choose the kind of question' }),
    prompt: z.string().trim().min(1, 'A question needs its text').max(1000),
    points: z
      .number({ message: 'Points must be a number' })
      .int('Points must be a whole number')
      .min(1, 'Points must be between 1 and 100')
      .max(100, 'Points must be between 1 and 100'),
    explanation: optionalText(2000),
    choices: z.array(quizChoiceSchema).max(QUIZ_CHOICES_MAX, `At most ${QUIZ_CHOICES_MAX} choices`).default([]),
    answer: z.number({ message: 'The answer must be a number' }).finite().nullish(),
    tolerance: z.number({ message: 'Tolerance must be a number' }).finite().min(0, 'Tolerance cannot be negative').nullish(),
  })
  .superRefine((question, context) => {
    if (question.kind === 'numeric') {
      if (question.answer === null || question.answer === undefined) {
        context.addIssue({ code: 'custom', path: ['answer'], message: NEEDS_CORRECT_ANSWER_MESSAGE });
      }
      return;
    }
    if (question.choices.length < 2) {
      context.addIssue({ code: 'custom', path: ['choices'], message: TWO_CHOICES_MESSAGE });
      return;
    }
    const correct = question.choices.filter((choice) => choice.correct).length;
    if (correct === 0) context.addIssue({ code: 'custom', path: ['choices'], message: NEEDS_CORRECT_ANSWER_MESSAGE });
    else if (question.kind === 'single' && correct > 1) context.addIssue({ code: 'custom', path: ['choices'], message: ONE_CORRECT_CHOICE_MESSAGE });
  });
export type QuizQuestionInput = z.input<typeof quizQuestionInputSchema>;

/** A chapter's quiz as authored (Add Course, Edit Course). `attemptLimit` null: unlimited. */
export const quizInputSchema = z.object({
  quizId: keptId,
  title: z.string().trim().min(1, 'A quiz needs a title').max(200),
  passMark: z
    .number({ message: PASS_MARK_MESSAGE })
    .int('Pass mark must be a whole number')
    .min(0, PASS_MARK_MESSAGE)
    .max(100, PASS_MARK_MESSAGE),
  attemptLimit: z
    .number({ message: 'Attempt limit must be a number' })
    .int('Attempt limit must be a whole number')
    .min(1, `Attempt limit must be between 1 and ${QUIZ_ATTEMPT_LIMIT_MAX}, or unlimited`)
    .max(QUIZ_ATTEMPT_LIMIT_MAX, `Attempt limit must be between 1 and ${QUIZ_ATTEMPT_LIMIT_MAX}, or unlimited`)
    .nullable()
    .default(null),
  questions: z
    .array(quizQuestionInputSchema)
    .min(1, 'A quiz needs at least one question')
    .max(QUIZ_QUESTIONS_MAX, `At most ${QUIZ_QUESTIONS_MAX} questions`),
});
export type QuizInput = z.input<typeof quizInputSchema>;
export type ParsedQuizInput = z.output<typeof quizInputSchema>;

/** A question as stored by catalogue (the key included). */
export interface QuizQuestion {
  questionId: string;
  kind: QuizQuestionKind;
  prompt: string;
  points: number;
  explanation: string | null;
  /** Choice questions: the choices in order; numeric: empty. */
  choices: { text: string; correct: boolean }[];
  answer: number | null;
  tolerance: number | null;
}

/**
 * A quiz with its key: what the owner edits and what progress grades with. `version` goes up whenever the
 * quiz is changed, so attempts keep the version they were graded against.
 */
export interface QuizDefinition {
  quizId: string;
  version: number;
  title: string;
  passMark: number;
  attemptLimit: number | null;
  questions: QuizQuestion[];
}

/** What a chapter says about its quiz on every route (course page, player, internal): no questions, no key. */
export interface QuizOverview {
  quizId: string;
  version: number;
  title: string;
  passMark: number;
  attemptLimit: number | null;
  questionCount: number;
  totalPoints: number;
}

/** A question as the learner sees it before answering. */
export interface PublicQuizQuestion {
  questionId: string;
  kind: QuizQuestionKind;
  prompt: string;
  points: number;
  /** Choice texts in order; answers refer to them by index. Empty for numeric questions. */
  choices: string[];
}

export interface PublicQuiz {
  quizId: string;
  version: number;
  title: string;
  passMark: number;
  attemptLimit: number | null;
  questions: PublicQuizQuestion[];
}

export function quizOverview(quiz: QuizDefinition): QuizOverview {
  return {
    quizId: quiz.quizId,
    version: quiz.version,
    title: quiz.title,
    passMark: quiz.passMark,
    attemptLimit: quiz.attemptLimit,
    questionCount: quiz.questions.length,
    totalPoints: quiz.questions.reduce((sum, question) => sum + question.points, 0),
  };
}

/** The quiz without its key (no correct flags, answers, tolerances or explanations). */
export function publicQuiz(quiz: QuizDefinition): PublicQuiz {
  return {
    quizId: quiz.quizId,
    version: quiz.version,
    title: quiz.title,
    passMark: quiz.passMark,
    attemptLimit: quiz.attemptLimit,
    questions: quiz.questions.map((question) => ({
      questionId: question.questionId,
      kind: question.kind,
      prompt: question.prompt,
      points: question.points,
      choices: question.choices.map((choice) => choice.text),
    })),
  };
}

/** Whether two authored quizzes say the same thing (ids aside): an unchanged quiz keeps its version. */
export function sameQuizContent(a: Omit<QuizDefinition, 'quizId' | 'version'>, b: Omit<QuizDefinition, 'quizId' | 'version'>): boolean {
  const content = (quiz: Omit<QuizDefinition, 'quizId' | 'version'>) =>
    JSON.stringify([
      quiz.title,
      quiz.passMark,
      quiz.attemptLimit,
      quiz.questions.map((q) => [q.kind, q.prompt, q.points, q.explanation, q.choices.map((c) => [c.text, c.correct]), q.answer, q.tolerance]),
    ]);
  return content(a) === content(b);
}

// ---- Taking a quiz (progress): GET /api/user/quizzes/:courseId/:quizId, POST .../attempts ----

export const quizPath = (courseId: string, quizId: string): string => `/user/quizzes/${encodeURIComponent(courseId)}/${encodeURIComponent(quizId)}`;
export const quizAttemptsPath = (courseId: string, quizId: string): string => `${quizPath(courseId, quizId)}/attempts`;
export const quizStatsPath = (courseId: string): string => `/educator/quiz-stats/${encodeURIComponent(courseId)}`;

export const quizIdSchema = z.uuid({ message: 'quizId must be a valid quiz id' });

/** A choice question's answer: the chosen choices' indexes; a numeric question's: the number. */
export const quizAnswerSchema = z.union([
  z.array(z.number().int().min(0).max(QUIZ_CHOICES_MAX - 1)).max(QUIZ_CHOICES_MAX),
  z.number().finite(),
], { message: 'Each answer must be a list of choice numbers or a number' });
export type QuizAnswer = z.infer<typeof quizAnswerSchema>;

/** POST body of an attempt. `attemptId` (made by the client) makes a repeated send return the first result. */
export const quizSubmissionSchema = z.object({
  attemptId: z.uuid({ message: 'attemptId must be a valid id' }),
  quizVersion: z.number({ message: 'quizVersion must be a number' }).int().min(1),
  answers: z
    .record(z.string().max(64), quizAnswerSchema)
    .refine((answers) => Object.keys(answers).length <= QUIZ_QUESTIONS_MAX, 'Too many answers'),
});
export type QuizSubmission = z.infer<typeof quizSubmissionSchema>;

/** The learner's standing on one quiz, over every version of it. */
export interface QuizStanding {
  quizId: string;
  attempts: number;
  /** Best percent over all attempts, null before the first. */
  bestPercent: number | null;
  passed: boolean;
}

/** GET /api/user/quizzes/:courseId/:quizId → the quiz without its key and the caller's standing. */
export interface QuizForLearner {
  quiz: PublicQuiz;
  standing: QuizStanding;
  /** Attempts left on this version, null when unlimited. */
  attemptsLeft: number | null;
}

export interface QuestionResult {
  questionId: string;
  correct: boolean;
  pointsAwarded: number;
  /** What the learner answered (null when unanswered). */
  given: QuizAnswer | null;
  /**
   * Choice questions: the correct indexes; numeric: the answer and tolerance; and the explanation. Shown only once
   * the key may be (`answersShown`): null before, so trying again is not a way to read the key.
   */
  correctChoices: number[] | null;
  answer: number | null;
  tolerance: number | null;
  explanation: string | null;
}

/**
 * Whether a result may show the right answers and explanations: once the learner has passed the quiz, or has no
 * attempt left at this version. Before that it shows the score and which answers were wrong, never the key, else
 * an empty attempt would hand out every answer and the pass mark and attempt limit would gate nothing.
 */
export function mayShowQuizAnswers(standing: { passed: boolean }, attemptsLeft: number | null): boolean {
  return standing.passed || attemptsLeft === 0;
}

/** The graded questions without the key (`mayShowQuizAnswers` false): right or wrong, points, the answer given. */
export function withoutQuizKey(questions: QuestionResult[]): QuestionResult[] {
  return questions.map((question) => ({ ...question, correctChoices: null, answer: null, tolerance: null, explanation: null }));
}

export interface QuizAttemptResult {
  attemptId: string;
  quizId: string;
  quizVersion: number;
  attemptNumber: number;
  score: number;
  maxScore: number;
  /** Whole percent, rounded down. */
  percent: number;
  passed: boolean;
  createdAt: string;
  questions: QuestionResult[];
  /** True when `questions` carry the right answers and explanations (`mayShowQuizAnswers`). */
  answersShown: boolean;
  standing: QuizStanding;
  attemptsLeft: number | null;
}

// ---- Educator insight: GET /api/educator/quiz-stats/:courseId (progress, the course's educator only) ----

export interface QuizStats {
  quizId: string;
  title: string;
  version: number;
  attempts: number;
  learnersPassed: number;
  /** Average over learners of their best percent, null before any attempt. */
  averageBestPercent: number | null;
  /** The current version's question most often answered wrong, null before any wrong answer. */
  mostMissed: { questionId: string; prompt: string; wrongAnswers: number } | null;
}

/** GET /internal/courses/:courseId/quizzes/:quizId (catalogue), for progress only: the quiz with its key. */
export interface InternalQuizAnswer {
  success: true;
  courseId: string;
  educatorId: string;
  quiz: QuizDefinition;
}

// Completion (every lecture complete, every quiz passed) and the quizzes' counts it uses are in course-status.ts,
// without zod, for the pages that show progress.
