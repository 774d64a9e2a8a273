import {
  mayShowQuizAnswers,
  publicQuiz,
  quizzesOf,
  withoutQuizKey,
  type QuestionResult,
  type QuizAnswer,
  type QuizAttemptResult,
  type QuizForLearner,
  type QuizStats,
  type QuizSubmission,
} from '@academy/contracts';
import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { OutboxWriter } from '@academy/service-core';
import { DataSource } from 'typeorm';
import { AnalyticsJob, type QuizAttemptedEvent } from '../analytics/analytics-jobs.js';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { LearningService, NOT_ENROLLED_MESSAGE } from '../learning/learning.service.js';
import { gradeQuiz } from './grade-quiz.js';
import { quizStandings, standingOf } from './quiz-standings.js';

export const QUIZ_CHANGED_MESSAGE = 'This quiz was changed by its educator: reload it to answer the new version';
export const ATTEMPT_ID_USED_MESSAGE = 'This attempt id was already used for another quiz';
export const tooManyAttemptsMessage = (limit: number): string =>
  `You have used all ${limit} ${limit === 1 ? 'attempt' : 'attempts'} at this quiz`;

interface AttemptRow {
  id: string;
  user_id: string;
  course_id: string;
  quiz_id: string;
  quiz_version: number;
  attempt_number: number;
  score: number;
  max_score: number;
  percent: number;
  passed: boolean;
  results: QuestionResult[];
  created_at: Date;
}

/** Chapter quizzes for enrolled learners (graded here, from catalogue's key) and their figures for the educator. */
@Injectable()
export class QuizzesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalogue: CatalogueClient,
    private readonly learning: LearningService,
    private readonly outbox: OutboxWriter,
  ) {}

  /** The quiz without its key, the caller's standing and attempts left on this version. */
  async forLearner(userId: string, courseId: string, quizId: string): Promise<QuizForLearner> {
    await this.learning.assertEnrolled(userId, courseId);
    const { quiz } = await this.catalogue.quiz(courseId, quizId);
    const [standings, used] = await Promise.all([
      quizStandings(this.dataSource, userId, [courseId]),
      this.attemptsOnVersion(this.dataSource.manager, userId, quizId, quiz.version),
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
    const replay = await this.storedAttempt(submission.attemptId);
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
      const locked: unknown[] = await manager.query(
        'SELECT 1 FROM "progress"."enrolments" WHERE "user_id" = $1 AND "course_id" = $2 FOR UPDATE',
        [userId, courseId],
      );
      if (locked.length === 0) throw new ForbiddenException(NOT_ENROLLED_MESSAGE);
      const again = await this.storedAttempt(submission.attemptId, manager);
      if (again) return again;
      const used = await this.attemptsOnVersion(manager, userId, quizId, quiz.version);
      if (quiz.attemptLimit !== null && used >= quiz.attemptLimit) throw new ConflictException(tooManyAttemptsMessage(quiz.attemptLimit));
      const [row]: AttemptRow[] = await manager.query(
        `INSERT INTO "progress"."quiz_attempts"
           ("id", "user_id", "course_id", "quiz_id", "quiz_version", "attempt_number", "score", "max_score", "percent", "passed", "answers", "results")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb)
         RETURNING *`,
        [
          submission.attemptId, userId, courseId, quizId, quiz.version, used + 1, graded.score, graded.maxScore, graded.percent, graded.passed,
          JSON.stringify(submission.answers satisfies Record<string, QuizAnswer>), JSON.stringify(graded.questions),
        ],
      );
      const analyticsEvent: QuizAttemptedEvent = { attemptId: row!.id };
      await this.outbox.add(manager, { topic: AnalyticsJob.QuizAttempted, payload: analyticsEvent, key: `${courseId}/${quizId}` });
      if (courseIfPassed) await this.learning.recordCompletionIfComplete(manager, userId, courseIfPassed);
      return row!;
    });
    return this.result(stored, quiz.attemptLimit);
  }

  /** Per quiz of the course: attempts, learners who passed, average best percent, the question most often missed. */
  async stats(educatorId: string, courseId: string): Promise<QuizStats[]> {
    const course = await this.catalogue.course(courseId);
    if (course.educatorId !== educatorId) throw new NotFoundException('Course not found');
    const quizzes = quizzesOf(course.courseContent);
    if (quizzes.length === 0) return [];
    const totals: { quiz_id: string; attempts: string; passed: string; average_best: string | null }[] = await this.dataSource.query(
      `SELECT "quiz_id", sum("attempts") AS "attempts", count(*) FILTER (WHERE "passed") AS "passed", avg("best") AS "average_best"
         FROM (SELECT "quiz_id", "user_id", count(*) AS "attempts", max("percent") AS "best", bool_or("passed") AS "passed"
                 FROM "progress"."quiz_attempts" WHERE "course_id" = $1 GROUP BY "quiz_id", "user_id") AS learners
        GROUP BY "quiz_id"`,
      [courseId],
    );
    return Promise.all(
      quizzes.map(async (quiz): Promise<QuizStats> => {
        const total = totals.find((row) => row.quiz_id === quiz.quizId);
        const [missed]: { question_id: string; wrong: string }[] = await this.dataSource.query(
          `SELECT r->>'questionId' AS "question_id", count(*) AS "wrong"
             FROM "progress"."quiz_attempts" a, jsonb_array_elements(a."results") r
            WHERE a."course_id" = $1 AND a."quiz_id" = $2 AND a."quiz_version" = $3 AND (r->>'correct')::boolean = false
            GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
          [courseId, quiz.quizId, quiz.version],
        );
        let mostMissed: QuizStats['mostMissed'] = null;
        if (missed) {
          const { quiz: full } = await this.catalogue.quiz(courseId, quiz.quizId);
          const question = full.questions.find((candidate) => candidate.questionId === missed.question_id);
          if (question) mostMissed = { questionId: question.questionId, prompt: question.prompt, wrongAnswers: Number(missed.wrong) };
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

  private async attemptsOnVersion(manager: DataSource['manager'], userId: string, quizId: string, version: number): Promise<number> {
    const [row]: { used: string }[] = await manager.query(
      'SELECT count(*) AS "used" FROM "progress"."quiz_attempts" WHERE "user_id" = $1 AND "quiz_id" = $2 AND "quiz_version" = $3',
      [userId, quizId, version],
    );
    return Number(row?.used ?? 0);
  }

  private async storedAttempt(attemptId: string, manager: DataSource['manager'] = this.dataSource.manager): Promise<AttemptRow | null> {
    const rows: AttemptRow[] = await manager.query('SELECT * FROM "progress"."quiz_attempts" WHERE "id" = $1', [attemptId]);
    return rows[0] ?? null;
  }

  /**
   * The stored attempt with the learner's standing after it; `attemptLimit` null: unlimited, or an attempt at an
   * older version. The right answers only when `mayShowQuizAnswers` (passed, or no attempt left).
   */
  private async result(row: AttemptRow, attemptLimit: number | null): Promise<QuizAttemptResult> {
    const standings = await quizStandings(this.dataSource, row.user_id, [row.course_id]);
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
