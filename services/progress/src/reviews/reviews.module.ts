import { Module } from '@nestjs/common';
import { LearningModule } from '../learning/learning.module.js';
import { ReviewsController } from './reviews.controller.js';
import { ReviewsRepository } from './reviews.repository.js';
import { ReviewsService } from './reviews.service.js';

/** Written reviews, replies, reports, helpful votes and the rating histogram. */
@Module({
  imports: [LearningModule],
  controllers: [ReviewsController],
  providers: [ReviewsService, ReviewsRepository],
})
export class ReviewsModule {}
