import { mailerProvider, MAILER } from '@academy/service-core';
import { Module } from '@nestjs/common';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { LEARNING_SETTINGS, learningSettingsProvider } from '../learning/learning-settings.js';
import { NotificationBus } from './notification-bus.js';
import { NotificationDelivery } from './notification-delivery.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { PreferredLanguageRepository } from '../i18n/preferred-language.repository.js';

/** The HTTP side: the bell's list, count, marking read, email settings and the live stream (docs/notifications.md). */
@Module({
  controllers: [NotificationsController],
  providers: [NotificationsService, NotificationsRepository, NotificationBus],
})
export class NotificationsModule {}

/** The worker side: making notifications from events, telling open pages, emailing. */
@Module({
  providers: [learningSettingsProvider, CatalogueClient, mailerProvider, NotificationBus, NotificationsRepository, PreferredLanguageRepository, NotificationDelivery],
  exports: [NotificationDelivery, LEARNING_SETTINGS, MAILER, CatalogueClient],
})
export class NotificationDeliveryModule {}
