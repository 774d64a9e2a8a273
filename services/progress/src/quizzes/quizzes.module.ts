import { OutboxModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { progressOutbox } from '../outbox.js';
import { LearningModule } from '../learning/learning.module.js';
import { QuizAttemptsRepository } from './quiz-attempts.repository.js';
import { QuizStatsController, QuizzesController } from './quizzes.controller.js';
import { QuizzesService } from './quizzes.service.js';

/** Chapter quizzes: attempts, grading, standings, the educator's figures. */
@Module({
  imports: [LearningModule, OutboxModule.forRoot(progressOutbox)],
  controllers: [QuizzesController, QuizStatsController],
  providers: [QuizzesService, QuizAttemptsRepository],
  exports: [QuizzesService],
})
export class QuizzesModule {}
