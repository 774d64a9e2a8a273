import { mediaLinksProvider, objectStorageProvider, OutboxModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { LearningModule } from '../learning/learning.module.js';
import { progressOutbox } from '../outbox.js';
import { AssignmentsController, EducatorSubmissionsController } from './assignments.controller.js';
import { AssignmentsRepository } from './assignments.repository.js';
import { AssignmentsService } from './assignments.service.js';

/** Chapter assignments, hand-ins (files in the media bucket) and reviews (docs/doubts-and-assignments.md). */
@Module({
  imports: [LearningModule, OutboxModule.forRoot(progressOutbox)],
  controllers: [AssignmentsController, EducatorSubmissionsController],
  providers: [AssignmentsService, AssignmentsRepository, objectStorageProvider, mediaLinksProvider],
  exports: [AssignmentsService],
})
export class AssignmentsModule {}
