import { MEDIA_LINKS, mediaLinksProvider, OutboxModule } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { CertificatesController } from '../certificates/certificates.controller.js';
import { CertificatesRepository } from '../certificates/certificates.repository.js';
import { CertificatesService } from '../certificates/certificates.service.js';
import { InternalCertificatesController } from '../certificates/internal-certificates.controller.js';
import { PreferredLanguageRepository } from '../i18n/preferred-language.repository.js';
import { progressOutbox } from '../outbox.js';
import { UsersService } from '../users/users.service.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Enrolment } from '../users/enrolment.entity.js';
import { CatalogueClient } from './catalogue-client.js';
import { learningSettingsProvider } from './learning-settings.js';
import { LearningController } from './learning.controller.js';
import { LearningService } from './learning.service.js';

/** Enrolled courses, progress, resume positions, ratings (with their outbox event) and certificates. */
@Module({
  imports: [OutboxModule.forRoot(progressOutbox), TypeOrmModule.forFeature([Enrolment])],
  controllers: [LearningController, CertificatesController, InternalCertificatesController],
  providers: [learningSettingsProvider, mediaLinksProvider, CatalogueClient, LearningService, CertificatesService, UsersService,
    CertificatesRepository, PreferredLanguageRepository],
  exports: [CatalogueClient, LearningService, CertificatesService, UsersService, MEDIA_LINKS],
})
export class LearningModule {}
