import { mailerProvider, MAILER, mediaLinksProvider, OutboxModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { LEARNING_SETTINGS, learningSettingsProvider } from '../learning/learning-settings.js';
import { LearningModule } from '../learning/learning.module.js';
import { Enrolment } from '../users/enrolment.entity.js';
import { UsersService } from '../users/users.service.js';
import { ParentRoleGuard } from '../users/parent-role.guard.js';
import { LiveAttendanceService } from '../live/live-attendance.service.js';
import { LiveChatStore } from '../live/live-chat.store.js';
import { progressOutbox } from '../outbox.js';
import { ChildDoubtsService } from './child-doubts.service.js';
import { LinkCodeAttemptLimiter } from './link-code-attempts.limiter.js';
import { InternalParentsController } from './internal-parents.controller.js';
import { ParentLinksService } from './parent-links.service.js';
import { ParentsController } from './parents.controller.js';

/** The HTTP side of parents: links, codes, the progress view, certificates, email settings. */
@Module({
  imports: [LearningModule, OutboxModule.forRoot(progressOutbox)],
  controllers: [ParentsController, InternalParentsController],
  providers: [ParentLinksService, LinkCodeAttemptLimiter, mediaLinksProvider, ChildDoubtsService, ParentRoleGuard, learningSettingsProvider, LiveChatStore, LiveAttendanceService],
})
export class ParentsModule {}

/** What the worker's email jobs need: links and progress figures, catalogue, the mailer. */
@Module({
  imports: [TypeOrmModule.forFeature([Enrolment]), OutboxModule.forRoot(progressOutbox)],
  providers: [learningSettingsProvider, CatalogueClient, UsersService, ParentLinksService, mailerProvider],
  exports: [LEARNING_SETTINGS, ParentLinksService, MAILER],
})
export class ParentEmailDomainModule {}
