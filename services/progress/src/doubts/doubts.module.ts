import { objectStorageProvider, OutboxModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { progressOutbox } from '../outbox.js';
import { LearningModule } from '../learning/learning.module.js';
import { DoubtPostLimiter } from './doubt-post.limiter.js';
import { DoubtsController } from './doubts.controller.js';
import { EducatorInboxController } from './educator-inbox.controller.js';
import { EducatorInboxService } from './educator-inbox.service.js';
import { DoubtsRepository } from './doubts.repository.js';
import { DoubtsService } from './doubts.service.js';
import { EducatorParentThreadsController, ParentThreadsController } from './parent-threads.controller.js';
import { ParentThreadsRepository } from './parent-threads.repository.js';
import { ParentThreadsService } from './parent-threads.service.js';
import { ParentRoleGuard } from '../users/parent-role.guard.js';

/** Doubts under lectures and their answers, and parents' threads with educators (docs/doubts-and-assignments.md, docs/parents.md). */
@Module({
  imports: [LearningModule, OutboxModule.forRoot(progressOutbox)],
  // Parent-thread routes come before the inbox's, whose prefix they share.
  controllers: [EducatorParentThreadsController, ParentThreadsController, DoubtsController, EducatorInboxController],
  providers: [DoubtsService, DoubtsRepository, DoubtPostLimiter, EducatorInboxService, objectStorageProvider, ParentThreadsService, ParentThreadsRepository, ParentRoleGuard],
  exports: [DoubtsService],
})
export class DoubtsModule {}

/** What the worker's doubt jobs need (moving a recorded class's doubts under its lecture). */
@Module({
  providers: [DoubtsRepository],
  exports: [DoubtsRepository],
})
export class DoubtsWorkerModule {}
