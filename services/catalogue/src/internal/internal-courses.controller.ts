import { courseIdSchema, type InternalCourse } from '@academy/contracts';
import { Internal, ZodValidationPipe } from '@academy/service-core';
import { Controller, Get, Param } from '@nestjs/common';
import { toInternalCourse } from '../courses/course-mapper.js';
import { CoursesService } from '../courses/courses.service.js';

/** For commerce (price) and progress (content): every lecture URL. The edge never routes /internal/. */
@Controller('internal/courses')
export class InternalCoursesController {
  constructor(private readonly courses: CoursesService) {}

  @Internal()
  @Get(':id')
  async course(@Param('id', new ZodValidationPipe(courseIdSchema)) id: string): Promise<{ success: true; course: InternalCourse }> {
    const course = await this.courses.findWithContent(id, { includeUnpublished: true });
    return { success: true, course: toInternalCourse(course) };
  }
}
