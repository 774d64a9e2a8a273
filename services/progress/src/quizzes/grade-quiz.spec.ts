import { describe, expect, it } from '@jest/globals';
import type { QuizDefinition } from '@academy/contracts';
import { gradeQuiz } from './grade-quiz.js';

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

describe('gradeQuiz', () => {
  it('scores exact choice sets and numbers within the tolerance', () => {
    const result = gradeQuiz(quiz, { a: [0], b: [1, 0], c: 1.509 });
    expect(result).toMatchObject({ score: 5, maxScore: 5, percent: 100, passed: true });
    const partly = gradeQuiz(quiz, { a: [1], b: [0], c: 1.52 });
    expect(partly).toMatchObject({ score: 0, percent: 0, passed: false });
    expect(gradeQuiz(quiz, { a: [0], c: 1.5 })).toMatchObject({ score: 4, percent: 80, passed: true });
  });
  it('refuses answers that do not fit the quiz', () => {
    expect(gradeQuiz(quiz, { z: [0] })).toHaveProperty('error');
    expect(gradeQuiz(quiz, { a: 3 })).toHaveProperty('error');
    expect(gradeQuiz(quiz, { a: [0, 1] })).toHaveProperty('error');
    expect(gradeQuiz(quiz, { b: [7] })).toHaveProperty('error');
  });
});
