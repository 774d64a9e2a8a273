import { mailerProvider, MAILER, mediaLinksProvider, OutboxModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { LEARNING_SETTINGS, learningSettingsProvider } from '../learning/learning-settings.js';
import { LearningModule } from '../learning/learning.module.js';
import { EnrolmentsRepository } from '../enrolments/enrolments.repository.js';
import { LectureProgressRepository } from '../learning/lecture-progress.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import { ParentRoleGuard } from '../users/parent-role.guard.js';
import { LiveAttendanceService } from '../live/live-attendance.service.js';
import { LiveChatRepository } from '../live/live-chat.repository.js';
import { DoubtsRepository } from '../doubts/doubts.repository.js';
import { progressOutbox } from '../outbox.js';
import { ChildDoubtsService } from './child-doubts.service.js';
import { LinkCodeAttemptLimiter } from './link-code-attempts.limiter.js';
import { InternalParentsController } from './internal-parents.controller.js';
import { ParentEmailSettingsRepository } from './parent-email-settings.repository.js';
import { ParentLinksRepository } from './parent-links.repository.js';
import { ParentLinksService } from './parent-links.service.js';
import { ParentsController } from './parents.controller.js';

/** The HTTP side of parents: links, codes, the progress view, certificates, email settings. */
@Module({
  imports: [LearningModule, OutboxModule.forRoot(progressOutbox)],
  controllers: [ParentsController, InternalParentsController],
  providers: [
    ParentLinksService,
    ParentLinksRepository,
    ParentEmailSettingsRepository,
    LinkCodeAttemptLimiter,
    mediaLinksProvider,
    ChildDoubtsService,
    ParentRoleGuard,
    learningSettingsProvider,
    LiveChatRepository,
    LiveAttendanceService,
    DoubtsRepository,
  ],
})
export class ParentsModule {}

/** What the worker's email jobs need: links and progress figures, catalogue, the mailer. */
@Module({
  imports: [OutboxModule.forRoot(progressOutbox)],
  providers: [
    learningSettingsProvider,
    CatalogueClient,
    UsersService,
    UsersRepository,
    EnrolmentsRepository,
    LectureProgressRepository,
    ParentLinksService,
    ParentLinksRepository,
    ParentEmailSettingsRepository,
    mailerProvider,
  ],
  exports: [LEARNING_SETTINGS, ParentLinksService, ParentLinksRepository, ParentEmailSettingsRepository, MAILER],
})
export class ParentEmailDomainModule {}
