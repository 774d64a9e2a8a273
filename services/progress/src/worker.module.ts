import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { CORE_CONFIG, CoreModule, HealthPingJob, mailConfigShape, OutboxModule, QueueModule } from '@academy/service-core';
import { Queue } from 'bullmq';
import { z } from 'zod';
import { AnalyticsAggregationModule } from './analytics/analytics.module.js';
import { analyticsJobHandlers } from './analytics/analytics.jobs.js';
import { ANALYTICS_QUEUE, analyticsJobNames } from './analytics/analytics-jobs.js';
import { progressDatabase } from './database.js';
import { DoubtsWorkerModule } from './doubts/doubts.module.js';
import { LiveClassRecordedJob } from './doubts/live-class-recorded.job.js';
import { learningConfigShape } from './learning/learning-settings.js';
import { progressOutbox } from './outbox.js';
import { CourseCompletedEmailJob, ParentWeeklyEmailJob } from './parents/parent-email.jobs.js';
import { ParentEmailDomainModule } from './parents/parents.module.js';
import { ParentAlertsJob } from './parents/parent-alerts.job.js';
import { AssignmentReviewedNotificationJob, DoubtAnsweredNotificationJob, DoubtAskedNotificationJob, LiveClassNoticeJob, ParentMessageNotificationJob } from './notifications/notification.jobs.js';
import { NotificationDeliveryModule } from './notifications/notifications.module.js';
import { PROGRESS_QUEUE, ProgressJob, progressJobNames } from './queue/progress-jobs.js';

/** The worker's settings beyond the learning ones: mail, and when the weekly parent email goes out. */
const workerConfigShape = {
  ...learningConfigShape,
  ...mailConfigShape,
  /** Cron pattern of the weekly parent email (default Sunday 09:00), in PARENT_WEEKLY_EMAIL_TZ. */
  PARENT_WEEKLY_EMAIL_CRON: z.string().min(9).default('0 9 * * 0'),
  PARENT_WEEKLY_EMAIL_TZ: z.string().min(1).default('Asia/Kolkata'),
  /** Cron pattern of the parents' alerts scan (default hourly), in PARENT_WEEKLY_EMAIL_TZ. */
  PARENT_ALERTS_CRON: z.string().min(9).default('0 * * * *'),
};
type WorkerConfig = z.infer<z.ZodObject<typeof workerConfigShape>>;

/** Registers the repeatable weekly parent email and alerts scan (one scheduler each, however many workers start). */
@Injectable()
class WeeklyEmailScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(PROGRESS_QUEUE) private readonly queue: Queue,
    @Inject(CORE_CONFIG) private readonly config: WorkerConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      ProgressJob.ParentWeeklyEmail,
      { pattern: this.config.PARENT_WEEKLY_EMAIL_CRON, tz: this.config.PARENT_WEEKLY_EMAIL_TZ },
      { name: ProgressJob.ParentWeeklyEmail, data: {}, opts: { removeOnComplete: 50, removeOnFail: 50 } },
    );
    await this.queue.upsertJobScheduler(
      ProgressJob.ParentAlerts,
      { pattern: this.config.PARENT_ALERTS_CRON, tz: this.config.PARENT_WEEKLY_EMAIL_TZ },
      { name: ProgressJob.ParentAlerts, data: {}, opts: { removeOnComplete: 50, removeOnFail: 50 } },
    );
  }
}

/** Worker entry point's module: the progress queue's processors (parents' emails, notifications), analytics, the outbox relay. No HTTP. */
@Module({
  imports: [
    CoreModule.forRoot({ service: 'progress-worker', http: false, database: progressDatabase, configShape: workerConfigShape }),
    QueueModule.forWorker({
      imports: [ParentEmailDomainModule, NotificationDeliveryModule, DoubtsWorkerModule],
      queue: PROGRESS_QUEUE,
      jobNames: progressJobNames,
      handlers: [
        HealthPingJob,
        ParentWeeklyEmailJob,
        CourseCompletedEmailJob,
        ParentAlertsJob,
        DoubtAskedNotificationJob,
        DoubtAnsweredNotificationJob,
        AssignmentReviewedNotificationJob,
        ParentMessageNotificationJob,
        LiveClassNoticeJob,
        LiveClassRecordedJob,
      ],
    }),
    QueueModule.forWorker({
      imports: [AnalyticsAggregationModule],
      queue: ANALYTICS_QUEUE,
      jobNames: analyticsJobNames,
      handlers: analyticsJobHandlers,
      concurrency: 2,
    }),
    // Moves progress.outbox rows (course.enrolled, course.rated to catalogue; course.completed to this queue).
    OutboxModule.forRelay(progressOutbox),
  ],
  providers: [WeeklyEmailScheduler],
})
export class WorkerModule {}
