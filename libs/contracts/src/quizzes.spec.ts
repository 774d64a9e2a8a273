import { describe, expect, it } from '@jest/globals';
import { isCourseComplete, NEEDS_CORRECT_ANSWER_MESSAGE, PASS_MARK_MESSAGE, publicQuiz, quizInputSchema, TWO_CHOICES_MESSAGE, type QuizDefinition } from './index.js';

const quiz: QuizDefinition = {
  quizId: 'q',
  version: 1,
  title: 'Fractions',
  passMark: 60,
  attemptLimit: null,
  questions: [
    { questionId: 'a', kind: 'single', prompt: '1/2 + 1/4?', points: 2, explanation: 'Common denominator 4', choices: [{ text: '3/4', correct: true }, { text: '2/6', correct: false }], answer: null, tolerance: null },
    { questionId: 'b', kind: 'multiple', prompt: 'Equal to 1/2?', points: 1, explanation: null, choices: [{ text: '2/4', correct: true }, { text: '3/6', correct: true }, { text: '2/3', correct: false }], answer: null, tolerance: null },
    { questionId: 'c', kind: 'numeric', prompt: '0.5 × 3?', points: 2, explanation: null, choices: [], answer: 1.5, tolerance: 0.01 },
  ],
};

describe('quiz schema', () => {
  const messages = (input: unknown) => quizInputSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
  const base = { title: 'T', passMark: 50, attemptLimit: null };
  it('asks for a correct answer, two choices and a pass mark in range', () => {
    expect(messages({ ...base, questions: [{ kind: 'single', prompt: 'x', points: 1, choices: [{ text: 'a', correct: false }, { text: 'b' }] }] })).toEqual([NEEDS_CORRECT_ANSWER_MESSAGE]);
    expect(messages({ ...base, questions: [{ kind: 'multiple', prompt: 'x', points: 1, choices: [{ text: 'a', correct: true }] }] })).toEqual([TWO_CHOICES_MESSAGE]);
    expect(messages({ ...base, questions: [{ kind: 'numeric', prompt: 'x', points: 1 }] })).toEqual([NEEDS_CORRECT_ANSWER_MESSAGE]);
    expect(messages({ ...base, passMark: 120, questions: [{ kind: 'numeric', prompt: 'x', points: 1, answer: 2 }] })).toEqual([PASS_MARK_MESSAGE]);
    expect(messages({ ...base, questions: [{ kind: 'numeric', prompt: 'x', points: 1, answer: 2, tolerance: 0 }] })).toEqual([]);
  });
});

describe('publicQuiz', () => {
  it('gives the learner no key', () => {
    expect(JSON.stringify(publicQuiz(quiz))).not.toMatch(/correct|answer|tolerance|explanation|Common denominator/);
  });
});

describe('isCourseComplete with quizzes', () => {
  const chapters = [{ chapterId: 'c', chapterOrder: 1, chapterTitle: 'C', chapterContent: [{ lectureId: 'l', lectureOrder: 1, lectureTitle: 'L', lectureDuration: 1, lectureUrl: null, isPreviewFree: false, notesUrl: null, testUrl: null }], quiz: { quizId: 'q', version: 1, title: 'T', passMark: 50, attemptLimit: null, questionCount: 1, totalPoints: 1 } }];
  it('needs every quiz passed', () => {
    expect(isCourseComplete(chapters, ['l'])).toBe(false);
    expect(isCourseComplete(chapters, ['l'], [{ quizId: 'q', attempts: 1, bestPercent: 40, passed: false }])).toBe(false);
    expect(isCourseComplete(chapters, ['l'], [{ quizId: 'q', attempts: 2, bestPercent: 90, passed: true }])).toBe(true);
  });
});
