import { Module } from '@nestjs/common';
import { LearningModule } from '../learning/learning.module.js';
import { AnalyticsAggregator } from './analytics-aggregator.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsService } from './analytics.service.js';
import { LectureAnalyticsRepository } from './lecture-analytics.repository.js';

/** The educator's lecture analytics (read side). */
@Module({
  imports: [LearningModule],
  controllers: [AnalyticsController],
  providers: [AnalyticsService, LectureAnalyticsRepository],
})
export class AnalyticsModule {}

/** What the worker needs to apply analytics events: the aggregator (database only). */
@Module({
  providers: [AnalyticsAggregator, LectureAnalyticsRepository],
  exports: [AnalyticsAggregator],
})
export class AnalyticsAggregationModule {}
