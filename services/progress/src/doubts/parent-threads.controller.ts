import {
  childIdSchema,
  courseIdSchema,
  EDUCATOR_ROLE,
  parentMessageSchema,
  type ParentMessageRequest,
  type ParentThread,
} from '@academy/contracts';
import { CurrentUser, Roles, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { BadRequestException, Body, Controller, Get, Header, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ParentOnly } from '../users/parent-role.guard.js';
import { ParentThreadsService } from './parent-threads.service.js';

/** A parent's side: the thread about a linked child's course, from the child's report (under /api/parents/). */
@Controller('api/parents/children/:childId/threads')
@ParentOnly()
export class ParentThreadsController {
  constructor(private readonly threads: ParentThreadsService) {}

  @Get(':courseId')
  @Header('Cache-Control', 'private, no-store')
  async thread(
    @CurrentUser() user: AuthUser,
    @Param('childId', new ZodValidationPipe(childIdSchema)) childId: string,
    @Param('courseId', new ZodValidationPipe(courseIdSchema)) courseId: string,
  ): Promise<{ success: true; thread: ParentThread }> {
    return { success: true, thread: await this.threads.forParent(user.id, childId, courseId) };
  }

  @Post(':courseId/messages')
  @HttpCode(201)
  async post(
    @CurrentUser() user: AuthUser,
    @Param('childId', new ZodValidationPipe(childIdSchema)) childId: string,
    @Param('courseId', new ZodValidationPipe(courseIdSchema)) courseId: string,
    @Body(new ZodValidationPipe(parentMessageSchema)) body: ParentMessageRequest,
  ): Promise<{ success: true; message: string; thread: ParentThread }> {
    return { success: true, message: 'Message sent to the educator', thread: await this.threads.postAsParent(user, childId, courseId, body.text) };
  }
}

/** The educator's side, in the doubts inbox (the edge sends /api/educator/inbox to progress). */
@Controller('api/educator/inbox/parent-threads')
@Roles(EDUCATOR_ROLE)
export class EducatorParentThreadsController {
  constructor(private readonly threads: ParentThreadsService) {}

  @Get()
  @Header('Cache-Control', 'private, no-store')
  async list(@CurrentUser() user: AuthUser): Promise<{ success: true; threads: ParentThread[] }> {
    return { success: true, threads: await this.threads.forEducator(user.id) };
  }

  @Post(':threadId/messages')
  @HttpCode(201)
  async answer(
    @CurrentUser() user: AuthUser,
    @Param('threadId', new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('threadId must be a valid conversation id') })) threadId: string,
    @Body(new ZodValidationPipe(parentMessageSchema)) body: ParentMessageRequest,
  ): Promise<{ success: true; message: string; thread: ParentThread }> {
    return { success: true, message: 'Answer sent to the parent', thread: await this.threads.postAsEducator(user, threadId, body.text) };
  }
}
