import {
  courseIdSchema,
  EDUCATOR_ROLE,
  quizIdSchema,
  quizSubmissionSchema,
  type QuizAttemptResult,
  type QuizForLearner,
  type QuizStats,
  type QuizSubmission,
} from '@academy/contracts';
import { CurrentUser, Roles, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { QuizzesService } from './quizzes.service.js';

/** Taking a chapter quiz: the enrolled learner's routes (the edge sends /api/user/quizzes/ to progress). */
@Controller('api/user/quizzes')
export class QuizzesController {
  constructor(private readonly quizzes: QuizzesService) {}

  @Get(':courseId/:quizId')
  async quiz(
    @CurrentUser() user: AuthUser,
    @Param('courseId', new ZodValidationPipe(courseIdSchema)) courseId: string,
    @Param('quizId', new ZodValidationPipe(quizIdSchema)) quizId: string,
  ): Promise<{ success: true } & QuizForLearner> {
    return { success: true, ...(await this.quizzes.forLearner(user.id, courseId, quizId)) };
  }

  @Post(':courseId/:quizId/attempts')
  @HttpCode(200)
  async submit(
    @CurrentUser() user: AuthUser,
    @Param('courseId', new ZodValidationPipe(courseIdSchema)) courseId: string,
    @Param('quizId', new ZodValidationPipe(quizIdSchema)) quizId: string,
    @Body(new ZodValidationPipe(quizSubmissionSchema)) body: QuizSubmission,
  ): Promise<{ success: true; message: string; result: QuizAttemptResult }> {
    const result = await this.quizzes.submit(user.id, courseId, quizId, body);
    return { success: true, message: result.passed ? 'Quiz passed' : 'Quiz not passed yet', result };
  }
}

/** The course's educator's figures per quiz (the edge sends /api/educator/quiz-stats/ to progress). */
@Controller('api/educator/quiz-stats')
@Roles(EDUCATOR_ROLE)
export class QuizStatsController {
  constructor(private readonly quizzes: QuizzesService) {}

  @Get(':courseId')
  async stats(
    @CurrentUser() user: AuthUser,
    @Param('courseId', new ZodValidationPipe(courseIdSchema)) courseId: string,
  ): Promise<{ success: true; quizzes: QuizStats[] }> {
    return { success: true, quizzes: await this.quizzes.stats(user.id, courseId) };
  }
}
