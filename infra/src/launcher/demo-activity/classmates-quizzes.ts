// The demo classmates take the chapter quizzes of the courses they study (issue 15), so each quiz's attempts,
// passes, average best score and most-missed question on the educator's course page come from real attempts.
import {
  quizAttemptsPath,
  quizPath,
  quizzesOf,
  type EnrolledCourse,
  type PublicQuizQuestion,
  type QuizAnswer,
  type QuizAttemptResult,
  type QuizForLearner,
} from '@academy/contracts';
import { DEMO_CLASSMATES } from '@academy/sandbox/demo-classmates';
import { randomUUID } from 'node:crypto';
import type { DemoActivityStep } from './types.js';

/** A first try without the key: a fixed, varied guess per classmate and question. */
export function guess(question: PublicQuizQuestion, classmateIndex: number, questionIndex: number): QuizAnswer {
  const pick = (classmateIndex + questionIndex) % Math.max(1, question.choices.length);
  if (question.kind === 'numeric') return classmateIndex + questionIndex;
  return [pick];
}

/** The second try at a question: the first answer when it was right, else a fresh guess. */
function secondGuess(question: PublicQuizQuestion, result: QuizAttemptResult['questions'][number], classmateIndex: number, questionIndex: number): QuizAnswer {
  if (result.correct && result.given !== null) return result.given;
  return guess(question, classmateIndex + 1, questionIndex);
}

/** A wrong answer changed: the next choice, or a number one higher. */
export function retry(question: PublicQuizQuestion, given: QuizAnswer): QuizAnswer {
  if (typeof given === 'number') return given + 1;
  const next = ((given[0] ?? -1) + 1) % Math.max(1, question.choices.length);
  return [next];
}

/** Whether classmate `i` tries again after reading the explanations (most do; some stop after one attempt). */
export const triesAgain = (classmateIndex: number, courseIndex: number): boolean => (classmateIndex + courseIndex) % 3 !== 0;

export const classmatesTakeQuizzes: DemoActivityStep = {
  name: 'classmates take the chapter quizzes of the courses they study',
  async run({ signIn, log }) {
    await Promise.all(
      DEMO_CLASSMATES.map(async ({ email }, classmateIndex) => {
        const api = await signIn(email);
        const { enrolledCourses } = await api.get<{ enrolledCourses: EnrolledCourse[] }>('/user/enrolled-courses');
        const ordered = [...enrolledCourses].sort((a, b) => a._id.localeCompare(b._id));
        let attempts = 0;
        for (const [courseIndex, course] of ordered.entries()) {
          for (const overview of quizzesOf(course.courseContent)) {
            // Idempotent: a quiz this classmate has already attempted is left as it is.
            const { quiz, standing, attemptsLeft } = await api.get<QuizForLearner>(quizPath(course._id, overview.quizId));
            if (standing.attempts > 0 || attemptsLeft === 0) continue;
            const submit = async (answers: Record<string, QuizAnswer>) => {
              attempts += 1;
              return (
                await api.post<{ result: QuizAttemptResult }>(quizAttemptsPath(course._id, quiz.quizId), {
                  attemptId: randomUUID(),
                  quizVersion: quiz.version,
                  answers,
                })
              ).result;
            };
            const first = await submit(Object.fromEntries(quiz.questions.map((question, index) => [question.questionId, guess(question, classmateIndex, index)])));
            if (first.passed || !triesAgain(classmateIndex, courseIndex) || first.attemptsLeft === 0) continue;
            // The second try keeps what the result marked right and changes what it marked wrong (the key itself is
            // shown only once a learner passes or has no attempt left), except that every third classmate still
            // slips on the last question.
            const slips = classmateIndex % 3 === 0;
            await submit(
              Object.fromEntries(
                first.questions.flatMap((result, index) => {
                  if (slips && index === first.questions.length - 1) return [];
                  const question = quiz.questions[index]!;
                  return [[result.questionId, result.correct || result.given === null ? secondGuess(question, result, classmateIndex, index) : retry(question, result.given)] as const];
                }),
              ),
            );
          }
        }
        log(`${email}: ${attempts} new quiz ${attempts === 1 ? 'attempt' : 'attempts'}`);
      }),
    );
  },
};
