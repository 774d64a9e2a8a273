import { analyticsCourseParamSchema, EDUCATOR_ROLE, type CourseAnalyticsAnswer } from '@academy/contracts';
import { CurrentUser, Roles, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { Controller, Get, Param } from '@nestjs/common';
import { AnalyticsService } from './analytics.service.js';

/** A course's lecture analytics for its educator (the edge sends /api/educator/analytics/ to progress). */
@Controller('api/educator/analytics')
@Roles(EDUCATOR_ROLE)
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get(':courseId')
  async courseAnalytics(
    @CurrentUser() user: AuthUser,
    @Param('courseId', new ZodValidationPipe(analyticsCourseParamSchema)) courseId: string,
  ): Promise<CourseAnalyticsAnswer> {
    return { success: true, analytics: await this.analytics.forEducator(user.id, courseId) };
  }
}
