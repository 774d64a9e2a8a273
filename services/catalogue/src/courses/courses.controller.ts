import {
  courseIdSchema,
  courseListQuerySchema,
  educatorIdSchema,
  type CourseDetailAnswer,
  type CourseListAnswer,
  type CourseListQuery,
  type CourseSummary,
} from '@academy/contracts';
import { CurrentUser, OptionalAuth, Public, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { toCourseDetail } from './course-mapper.js';
import { CourseCache } from './course-cache.js';
import { CoursesService } from './courses.service.js';
import { sendCacheable } from './http-cache.js';

/** One key per distinct page: the search is matched case-insensitively, so its case does not make another page. */
function listCacheKey(query: CourseListQuery): string {
  return `list:${JSON.stringify([
    query.search ? query.search.normalize('NFC').toLowerCase() : null,
    query.limit ?? null,
    query.cursor ?? null,
    query.class ?? null,
    query.subject ?? null,
    query.board ?? null,
    query.price ?? null,
    query.rating ?? null,
    query.sort ?? null,
    query.language ?? null,
  ])}`;
}

@Controller('api/course')
export class CoursesController {
  constructor(
    private readonly courses: CoursesService,
    private readonly cache: CourseCache,
  ) {}

  /**
   * Published course cards; `?search=`, filters `?class=&subject=&board=&price=&rating=`, `?sort=`, `?limit=&cursor=`
   * (keyset pages). The first page also carries the counts per filter value (`facets`).
   * @answer CourseListAnswer
   */
  @Public()
  @Get('all')
  async list(
    @Query(new ZodValidationPipe(courseListQuerySchema)) query: CourseListQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const answer = await this.cache.answer(listCacheKey(query), async (): Promise<CourseListAnswer> => {
      const page = await this.courses.listPublished(query);
      return { success: true, courses: page.courses, nextCursor: page.nextCursor, ...(page.facets ? { facets: page.facets } : {}) };
    });
    sendCacheable(request, response, answer, { personal: false });
  }

  /** An educator's published courses (their public page), newest first; an educator without any gets an empty list. */
  @Public()
  @Get('by-educator/:educatorId')
  async byEducator(@Param('educatorId', new ZodValidationPipe(educatorIdSchema)) educatorId: string): Promise<{ success: true; courses: CourseSummary[] }> {
    return { success: true, courses: await this.courses.listPublishedByEducator(educatorId) };
  }

  /**
   * One published course; paid lectures come without their URL.
   * @answer CourseDetailAnswer
   */
  @OptionalAuth()
  @Get(':id')
  async detail(
    @Param('id', new ZodValidationPipe(courseIdSchema)) id: string,
    @CurrentUser({ optional: true }) user: AuthUser | undefined,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    // The mapper's public answer is what is cached; a missing course throws and is not cached.
    const answer = await this.cache.answer(`detail:${id.toLowerCase()}`, async (): Promise<CourseDetailAnswer> => ({
      success: true,
      courseData: toCourseDetail(await this.courses.findWithContent(id)),
    }));
    sendCacheable(request, response, answer, { personal: user !== undefined });
  }
}
