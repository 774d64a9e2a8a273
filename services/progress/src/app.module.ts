import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CoreModule, objectStorageProvider, QueueModule } from '@academy/service-core';
import { progressDatabase, progressEntities } from './database.js';
import { AssignmentsModule } from './assignments/assignments.module.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { DoubtsModule } from './doubts/doubts.module.js';
import { EnrolmentsModule } from './enrolments/enrolments.module.js';
import { QueueHealthController } from './health/queue-health.controller.js';
import { LearningModule } from './learning/learning.module.js';
import { QuizzesModule } from './quizzes/quizzes.module.js';
import { PROGRESS_QUEUE } from './queue/progress-jobs.js';
import { UserController } from './users/user.controller.js';
import { UsersService } from './users/users.service.js';
import { EducatorProfilesController, OwnEducatorProfileController } from './educator-profiles/educator-profiles.controller.js';
import { EducatorProfilesRepository } from './educator-profiles/educator-profiles.repository.js';
import { EducatorProfilesService } from './educator-profiles/educator-profiles.service.js';
import { learningConfigShape } from './learning/learning-settings.js';
import { ParentsModule } from './parents/parents.module.js';
import { ReviewsModule } from './reviews/reviews.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { LiveAttendanceController } from './live/live-attendance.controller.js';
import { LiveAttendanceService } from './live/live-attendance.service.js';
import { LiveChatRepository } from './live/live-chat.repository.js';

/** HTTP entry point's module: users and enrolments API, /health, /health/queue. */
@Module({
  imports: [
    CoreModule.forRoot({ service: 'progress', database: progressDatabase, configShape: learningConfigShape }),
    TypeOrmModule.forFeature(progressEntities),
    QueueModule.forProducer(PROGRESS_QUEUE),
    LearningModule,
    QuizzesModule,
    EnrolmentsModule,
    ParentsModule,
    DoubtsModule,
    ReviewsModule,
    AssignmentsModule,
    AnalyticsModule,
    NotificationsModule,
  ],
  controllers: [UserController, QueueHealthController, OwnEducatorProfileController, EducatorProfilesController, LiveAttendanceController],
  providers: [UsersService, EducatorProfilesService, EducatorProfilesRepository, objectStorageProvider, LiveChatRepository, LiveAttendanceService],
})
export class AppModule {}
