import {
  mayShowQuizAnswers,
  publicQuiz,
  quizzesOf,
  withoutQuizKey,
  type QuizAttemptResult,
  type QuizForLearner,
  type QuizStats,
  type QuizSubmission,
} from '@academy/contracts';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { OutboxWriter } from '@academy/service-core';
import { DataSource } from 'typeorm';
import { AnalyticsJob, type QuizAttemptedEvent } from '../analytics/analytics-jobs.js';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { LearningService } from '../learning/learning.service.js';
import { gradeQuiz } from './grade-quiz.js';
import { QuizAttemptsRepository, type AttemptRow } from './quiz-attempts.repository.js';
import { standingOf } from './quiz-standings.js';

export const QUIZ_CHANGED_MESSAGE = 'This quiz was changed by its educator: reload it to answer the new version';
export const ATTEMPT_ID_USED_MESSAGE = 'This attempt id was already used for another quiz';
export const tooManyAttemptsMessage = (limit: number): string =>
  `You have used all ${limit} ${limit === 1 ? 'attempt' : 'attempts'} at this quiz`;

/** Chapter quizzes for enrolled learners (graded here, from catalogue's key) and their figures for the educator. */
@Injectable()
export class QuizzesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly attempts: QuizAttemptsRepository,
    private readonly catalogue: CatalogueClient,
    private readonly learning: LearningService,
    private readonly outbox: OutboxWriter,
  ) {}

  /** The quiz without its key, the caller's standing and attempts left on this version. */
  async forLearner(userId: string, courseId: string, quizId: string): Promise<QuizForLearner> {
    await this.learning.assertEnrolled(userId, courseId);
    const { quiz } = await this.catalogue.quiz(courseId, quizId);
    const [standings, used] = await Promise.all([
      this.attempts.standings(userId, [courseId]),
      this.attempts.countOnVersion(userId, quizId, quiz.version),
    ]);
    return {
      quiz: publicQuiz(quiz),
      standing: standingOf(standings.get(courseId), quizId),
      attemptsLeft: quiz.attemptLimit === null ? null : Math.max(0, quiz.attemptLimit - used),
    };
  }

  /**
   * Grades and stores one attempt. Sending the same `attemptId` again returns the stored result. The enrolment row
   * is locked while counting and inserting, so parallel sends cannot pass the attempt limit.
   */
  async submit(userId: string, courseId: string, quizId: string, submission: QuizSubmission): Promise<QuizAttemptResult> {
    const replay = await this.attempts.find(submission.attemptId);
    if (replay) {
      if (replay.user_id !== userId || replay.quiz_id !== quizId || replay.course_id !== courseId) throw new ConflictException(ATTEMPT_ID_USED_MESSAGE);
      const { quiz } = await this.catalogue.quiz(courseId, quizId);
      return this.result(replay, quiz.version === replay.quiz_version ? quiz.attemptLimit : null);
    }
    await this.learning.assertEnrolled(userId, courseId);
    const { quiz } = await this.catalogue.quiz(courseId, quizId);
    if (quiz.version !== submission.quizVersion) throw new ConflictException(QUIZ_CHANGED_MESSAGE);
    const graded = gradeQuiz(quiz, submission.answers);
    if ('error' in graded) throw new BadRequestException(graded.error);

    // A passed quiz may be the course's last step (parents hear of it): its content is read before the transaction.
    const courseIfPassed = graded.passed ? await this.catalogue.course(courseId) : null;
    const stored = await this.dataSource.transaction(async (manager) => {
      await this.learning.lockEnrolment(manager, userId, courseId);
      const again = await this.attempts.find(submission.attemptId, manager);
      if (again) return again;
      const used = await this.attempts.countOnVersion(userId, quizId, quiz.version, manager);
      if (quiz.attemptLimit !== null && used >= quiz.attemptLimit) throw new ConflictException(tooManyAttemptsMessage(quiz.attemptLimit));
      const row = await this.attempts.insert(manager, {
        id: submission.attemptId, userId, courseId, quizId, quizVersion: quiz.version, attemptNumber: used + 1, score: graded.score,
        maxScore: graded.maxScore, percent: graded.percent, passed: graded.passed, answers: submission.answers, results: graded.questions,
      });
      const analyticsEvent: QuizAttemptedEvent = { attemptId: row.id };
      await this.outbox.add(manager, { topic: AnalyticsJob.QuizAttempted, payload: analyticsEvent, key: `${courseId}/${quizId}` });
      if (courseIfPassed) await this.learning.recordCompletionIfComplete(manager, userId, courseIfPassed);
      return row;
    });
    return this.result(stored, quiz.attemptLimit);
  }

  /** Per quiz of the course: attempts, learners who passed, average best percent, the question most often missed. */
  async stats(educatorId: string, courseId: string): Promise<QuizStats[]> {
    const course = await this.catalogue.course(courseId);
    if (course.educatorId !== educatorId) throw new NotFoundException('Course not found');
    const quizzes = quizzesOf(course.courseContent);
    if (quizzes.length === 0) return [];
    const totals = await this.attempts.totalsForCourse(courseId);
    return Promise.all(
      quizzes.map(async (quiz): Promise<QuizStats> => {
        const total = totals.find((row) => row.quiz_id === quiz.quizId);
        const missed = await this.attempts.mostMissedQuestion(courseId, quiz.quizId, quiz.version);
        let mostMissed: QuizStats['mostMissed'] = null;
        if (missed) {
          const { quiz: full } = await this.catalogue.quiz(courseId, quiz.quizId);
          const question = full.questions.find((candidate) => candidate.questionId === missed.questionId);
          if (question) mostMissed = { questionId: question.questionId, prompt: question.prompt, wrongAnswers: missed.wrong };
        }
        return {
          quizId: quiz.quizId,
          title: quiz.title,
          version: quiz.version,
          attempts: Number(total?.attempts ?? 0),
          learnersPassed: Number(total?.passed ?? 0),
          averageBestPercent: total?.average_best === null || total?.average_best === undefined ? null : Math.round(Number(total.average_best)),
          mostMissed,
        };
      }),
    );
  }

  /**
   * The stored attempt with the learner's standing after it; `attemptLimit` null: unlimited, or an attempt at an
   * older version. The right answers only when `mayShowQuizAnswers` (passed, or no attempt left).
   */
  private async result(row: AttemptRow, attemptLimit: number | null): Promise<QuizAttemptResult> {
    const standings = await this.attempts.standings(row.user_id, [row.course_id]);
    const standing = standingOf(standings.get(row.course_id), row.quiz_id);
    const attemptsLeft = attemptLimit === null ? null : Math.max(0, attemptLimit - row.attempt_number);
    const answersShown = mayShowQuizAnswers(standing, attemptsLeft);
    return {
      attemptId: row.id,
      quizId: row.quiz_id,
      quizVersion: row.quiz_version,
      attemptNumber: row.attempt_number,
      score: row.score,
      maxScore: row.max_score,
      percent: row.percent,
      passed: row.passed,
      createdAt: new Date(row.created_at).toISOString(),
      questions: answersShown ? row.results : withoutQuizKey(row.results),
      answersShown,
      standing,
      attemptsLeft,
    };
  }
}
