import { Controller, Get, Query } from '@nestjs/common';
import {
  earningsQuerySchema,
  enrolledStudentsQuerySchema,
  type DashboardData,
  type EarningsQuery,
  type EarningsPoint,
  type EnrolledStudentsPage,
  type EnrolledStudentsQuery,
} from '@academy/contracts';
import { CurrentUser, Roles, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { EarningsService } from '../earnings/earnings.service.js';
import { EducatorSalesService } from './educator-sales.service.js';

@Controller('api/educator')
@Roles('educator')
export class EducatorController {
  constructor(
    private readonly sales: EducatorSalesService,
    private readonly earnings: EarningsService,
  ) {}

  @Get('dashboard')
  async dashboard(@CurrentUser() educator: AuthUser): Promise<{ success: true; dashboardData: DashboardData }> {
    return { success: true, dashboardData: await this.sales.dashboard(educator.id) };
  }

  /** Newest first, `?limit=` (1–100, default 100) and `?cursor=` (the previous page's nextCursor). */
  @Get('enrolledStudents')
  async enrolledStudents(
    @CurrentUser() educator: AuthUser,
    @Query(new ZodValidationPipe(enrolledStudentsQuerySchema)) query: EnrolledStudentsQuery,
  ): Promise<{ success: true } & EnrolledStudentsPage> {
    return { success: true, ...(await this.sales.enrolledStudents(educator.id, query)) };
  }

  /** GET /api/educator/earnings?granularity=day|month (libs/contracts/src/earnings.ts). */
  @Get('earnings')
  async earningsSeries(
    @CurrentUser() educator: AuthUser,
    @Query(new ZodValidationPipe(earningsQuerySchema)) query: EarningsQuery,
  ): Promise<{ success: true; series: EarningsPoint[] }> {
    return { success: true, series: await this.earnings.series(educator.id, query.granularity) };
  }
}
