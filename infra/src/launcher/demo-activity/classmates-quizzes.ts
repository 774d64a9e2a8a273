// The demo classmates take the chapter quizzes of the courses they study, so each quiz's attempts,
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
import { demoQuizSeeds } from '@academy/catalogue/demo-quizzes';
import { DEMO_CLASSMATES } from '@academy/sandbox/demo-classmates';
import { randomUUID } from 'node:crypto';
import type { DemoActivityStep } from './types.js';

/** A first try without the key: a fixed, varied guess per classmate and question. */
export function guess(question: PublicQuizQuestion, classmateIndex: number, questionIndex: number): QuizAnswer {
  const pick = (classmateIndex + questionIndex) % Math.max(1, question.choices.length);
  if (question.kind === 'numeric') return classmateIndex + questionIndex;
  return [pick];
}

/**
 * What a classmate who studied the chapter answers: the seeded quiz's key for that question (the quiz is found by its
 * title, unique among the demo quizzes). The API shows the key only once a learner passes or has no attempt left,
 * so the demo script reads it from the seed it planted, as a classmate would learn it from the lectures.
 */
export function studiedAnswer(quizTitle: string, questionIndex: number): QuizAnswer | null {
  const question = Object.values(demoQuizSeeds).find((seed) => seed.title === quizTitle)?.questions[questionIndex];
  if (!question) return null;
  if (question.kind === 'numeric') return question.answer;
  return question.choices.flatMap((choice, index) => (choice.correct ? [index] : []));
}

/** Whether classmate `i` studies and tries again (most do; some stop after one attempt). */
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
            // The second try comes after studying the chapter: right answers, except that every third classmate
            // still slips on the last question.
            const slips = classmateIndex % 3 === 0;
            await submit(
              Object.fromEntries(
                quiz.questions.flatMap((question, index) => {
                  if (slips && index === quiz.questions.length - 1) return [];
                  return [[question.questionId, studiedAnswer(quiz.title, index) ?? guess(question, classmateIndex + 1, index)] as const];
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
