import { MEDIA_LINKS, mediaLinksProvider, OutboxModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { CertificatesController } from '../certificates/certificates.controller.js';
import { CertificatesRepository } from '../certificates/certificates.repository.js';
import { CertificatesService } from '../certificates/certificates.service.js';
import { InternalCertificatesController } from '../certificates/internal-certificates.controller.js';
import { EnrolmentsRepository } from '../enrolments/enrolments.repository.js';
import { PreferredLanguageRepository } from '../i18n/preferred-language.repository.js';
import { progressOutbox } from '../outbox.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import { CatalogueClient } from './catalogue-client.js';
import { CourseRatingsRepository } from './course-ratings.repository.js';
import { LectureProgressRepository } from './lecture-progress.repository.js';
import { learningSettingsProvider } from './learning-settings.js';
import { LearningController } from './learning.controller.js';
import { LearningService } from './learning.service.js';

/** Enrolled courses, progress, resume positions, ratings (with their outbox event) and certificates. */
@Module({
  imports: [OutboxModule.forRoot(progressOutbox)],
  controllers: [LearningController, CertificatesController, InternalCertificatesController],
  providers: [
    learningSettingsProvider,
    mediaLinksProvider,
    CatalogueClient,
    LearningService,
    CertificatesService,
    UsersService,
    UsersRepository,
    EnrolmentsRepository,
    LectureProgressRepository,
    CourseRatingsRepository,
    CertificatesRepository,
    PreferredLanguageRepository,
  ],
  exports: [CatalogueClient, LearningService, CertificatesService, UsersService, UsersRepository, EnrolmentsRepository, LectureProgressRepository, MEDIA_LINKS],
})
export class LearningModule {}
