import type { QuestionResult, QuizAnswer, QuizDefinition } from '@academy/contracts';

/** Graded from the key; an unknown question or an answer of the wrong kind is the caller's error (a message). */
export function gradeQuiz(quiz: QuizDefinition, answers: Record<string, QuizAnswer>): { score: number; maxScore: number; percent: number; passed: boolean; questions: QuestionResult[] } | { error: string } {
  const known = new Map(quiz.questions.map((question) => [question.questionId, question]));
  for (const [questionId, given] of Object.entries(answers)) {
    const question = known.get(questionId);
    if (!question) return { error: `Answer for a question that is not in this quiz: ${questionId}` };
    if (question.kind === 'numeric' ? typeof given !== 'number' : !Array.isArray(given)) {
      return { error: `Answer of the wrong kind for question ${quiz.questions.indexOf(question) + 1}` };
    }
    if (Array.isArray(given)) {
      if (given.some((index) => index >= question.choices.length)) return { error: `No such choice in question ${quiz.questions.indexOf(question) + 1}` };
      if (new Set(given).size !== given.length) return { error: `A choice is repeated in question ${quiz.questions.indexOf(question) + 1}` };
      if (question.kind === 'single' && given.length > 1) return { error: `Question ${quiz.questions.indexOf(question) + 1} takes one choice` };
    }
  }
  let score = 0;
  let maxScore = 0;
  const questions = quiz.questions.map((question): QuestionResult => {
    maxScore += question.points;
    const given = answers[question.questionId] ?? null;
    const correctChoices = question.choices.flatMap((choice, index) => (choice.correct ? [index] : []));
    let correct = false;
    if (question.kind === 'numeric') {
      correct = typeof given === 'number' && question.answer !== null && Math.abs(given - question.answer) <= (question.tolerance ?? 0) + 1e-9;
    } else if (Array.isArray(given)) {
      correct = given.length === correctChoices.length && given.every((index) => correctChoices.includes(index));
    }
    if (correct) score += question.points;
    return {
      questionId: question.questionId,
      correct,
      pointsAwarded: correct ? question.points : 0,
      given,
      correctChoices,
      answer: question.kind === 'numeric' ? question.answer : null,
      tolerance: question.kind === 'numeric' ? question.tolerance ?? 0 : null,
      explanation: question.explanation,
    };
  });
  const percent = maxScore > 0 ? Math.floor((score * 100) / maxScore) : 0;
  return { score, maxScore, percent, passed: score * 100 >= quiz.passMark * maxScore, questions };
}
