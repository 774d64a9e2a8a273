import type { CourseEarningsAnswer } from '@academy/contracts';
import { Internal } from '@academy/service-core';
import { Controller, Get, Param } from '@nestjs/common';
import { EarningsService } from '../earnings/earnings.service.js';

/** For catalogue's My Courses: every figure of earnings comes from this ledger. The edge never routes /internal/. */
@Controller('internal/educators')
export class InternalEarningsController {
  constructor(private readonly earnings: EarningsService) {}

  @Internal()
  @Get(':educatorId/course-earnings')
  async courseEarnings(@Param('educatorId') educatorId: string): Promise<CourseEarningsAnswer> {
    return { success: true, courses: await this.earnings.courseTotals(educatorId) };
  }
}
