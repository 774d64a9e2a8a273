import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  earningsQuerySchema,
  enrolledStudentsExportQuerySchema,
  enrolledStudentsQuerySchema,
  type EnrolledStudentsExportQuery,
  type DashboardData,
  type EarningsQuery,
  type EarningsPoint,
  type EnrolledStudentsPage,
  type EnrolledStudentsQuery,
  type CourseEarningsAnswer,
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

  /** Every sale the filters (`?courseId=`, `?q=`) keep, as a CSV download: name, course, date, amount, status. */
  @Get('enrolledStudents/export')
  async exportEnrolledStudents(
    @CurrentUser() educator: AuthUser,
    @Query(new ZodValidationPipe(enrolledStudentsExportQuerySchema)) query: EnrolledStudentsExportQuery,
    @Res() res: Response,
  ): Promise<void> {
    const chunks = this.sales.enrolledStudentsCsv(educator.id, query);
    const first = await chunks.next();
    res.status(200).set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="students-enrolled.csv"',
      'Cache-Control': 'private, no-store',
    });
    if (!first.done) res.write(first.value);
    for await (const chunk of chunks) res.write(chunk);
    res.end();
  }

  /** GET /api/educator/earnings?granularity=day|month (libs/contracts/src/earnings.ts). */
  @Get('earnings')
  async earningsSeries(
    @CurrentUser() educator: AuthUser,
    @Query(new ZodValidationPipe(earningsQuerySchema)) query: EarningsQuery,
  ): Promise<{ success: true; series: EarningsPoint[] }> {
    return { success: true, series: await this.earnings.series(educator.id, query.granularity) };
  }

  /** The ledger's net earnings per course of the caller (My Courses joins them to catalogue's list in the browser). */
  @Get('earnings/by-course')
  async earningsByCourse(@CurrentUser() educator: AuthUser): Promise<CourseEarningsAnswer> {
    return { success: true, courses: await this.earnings.courseTotals(educator.id) };
  }
}
