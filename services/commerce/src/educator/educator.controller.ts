import { Controller, Get } from '@nestjs/common';
import type { DashboardData, EnrolledStudentRecord } from '@academy/contracts';
import { CurrentUser, Roles, type AuthUser } from '@academy/service-core';
import { EducatorSalesService } from './educator-sales.service.js';

@Controller('api/educator')
@Roles('educator')
export class EducatorController {
  constructor(private readonly sales: EducatorSalesService) {}

  @Get('dashboard')
  async dashboard(@CurrentUser() educator: AuthUser): Promise<{ success: true; dashboardData: DashboardData }> {
    return { success: true, dashboardData: await this.sales.dashboard(educator.id) };
  }

  @Get('enrolledStudents')
  async enrolledStudents(
    @CurrentUser() educator: AuthUser,
  ): Promise<{ success: true; enrolledStudents: EnrolledStudentRecord[] }> {
    return { success: true, enrolledStudents: await this.sales.enrolledStudents(educator.id) };
  }
}
