import { courseIdSchema, courseListQuerySchema, type CourseListQuery } from '@academy/contracts';
import { CurrentUser, OptionalAuth, Public, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { toCourseDetail } from './course-mapper.js';
import { CourseCache } from './course-cache.js';
import { CoursesService } from './courses.service.js';
import { sendCacheable } from './http-cache.js';

@Controller('api/course')
export class CoursesController {
  constructor(
    private readonly courses: CoursesService,
    private readonly cache: CourseCache,
  ) {}

  /** Published course cards; `?search=`, `?limit=&cursor=` (keyset pages). */
  @Public()
  @Get('all')
  async list(
    @Query(new ZodValidationPipe(courseListQuerySchema)) query: CourseListQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const page = await this.cache.get(`list:${JSON.stringify(query)}`, () => this.courses.listPublished(query));
    sendCacheable(request, response, { success: true, courses: page.courses, nextCursor: page.nextCursor }, { personal: false });
  }

  /** One published course; paid lectures come without their URL. */
  @OptionalAuth()
  @Get(':id')
  async detail(
    @Param('id', new ZodValidationPipe(courseIdSchema)) id: string,
    @CurrentUser({ optional: true }) user: AuthUser | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    // The mapper's public answer is what is cached; a missing course throws and is not cached.
    const courseData = await this.cache.get(`detail:${id}`, async () => toCourseDetail(await this.courses.findWithContent(id)));
    sendCacheable(request, response, { success: true, courseData }, { personal: user !== undefined });
  }
}
