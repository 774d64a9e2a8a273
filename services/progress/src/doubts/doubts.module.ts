import { Module } from '@nestjs/common';
import { LearningModule } from '../learning/learning.module.js';
import { DoubtPostLimiter } from './doubt-post.limiter.js';
import { DoubtsController } from './doubts.controller.js';
import { DoubtsService } from './doubts.service.js';

/** Doubts under lectures and their answers (docs/doubts-and-assignments.md). */
@Module({
  imports: [LearningModule],
  controllers: [DoubtsController],
  providers: [DoubtsService, DoubtPostLimiter],
  exports: [DoubtsService],
})
export class DoubtsModule {}
