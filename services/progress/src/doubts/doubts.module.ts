import { objectStorageProvider, OutboxModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { progressOutbox } from '../outbox.js';
import { LearningModule } from '../learning/learning.module.js';
import { DoubtPostLimiter } from './doubt-post.limiter.js';
import { DoubtsController } from './doubts.controller.js';
import { EducatorInboxController } from './educator-inbox.controller.js';
import { EducatorInboxService } from './educator-inbox.service.js';
import { DoubtsService } from './doubts.service.js';

/** Doubts under lectures and their answers (docs/doubts-and-assignments.md). */
@Module({
  imports: [LearningModule, OutboxModule.forRoot(progressOutbox)],
  controllers: [DoubtsController, EducatorInboxController],
  providers: [DoubtsService, DoubtPostLimiter, EducatorInboxService, objectStorageProvider],
  exports: [DoubtsService],
})
export class DoubtsModule {}
