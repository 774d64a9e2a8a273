import { Internal } from '@academy/service-core';
import { BadRequestException, Controller, Get, Param } from '@nestjs/common';
import { EducatorCoursesService } from '../educator/educator-courses.service.js';

/** For commerce's educator dashboard: how many courses an educator has (published or not). */
@Controller('internal/educators')
export class InternalEducatorsController {
  constructor(private readonly authoring: EducatorCoursesService) {}

  @Internal()
  @Get(':id/summary')
  async summary(@Param('id') educatorId: string): Promise<{ success: true; educatorId: string; courseCount: number }> {
    if (!educatorId || educatorId.length > 200) throw new BadRequestException('educator id is invalid');
    return { success: true, educatorId, courseCount: await this.authoring.countCourses(educatorId) };
  }
}
