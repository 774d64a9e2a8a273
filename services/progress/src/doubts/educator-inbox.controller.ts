import {
  EDUCATOR_ROLE,
  educatorInboxQuerySchema,
  hiddenPostsQuerySchema,
  type EducatorDoubtSummary,
  type HiddenPostPage,
  type EducatorInbox,
  type EducatorInboxQuery,
} from '@academy/contracts';
import { CurrentUser, Roles, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { Controller, Get, Query } from '@nestjs/common';
import { EducatorInboxService } from './educator-inbox.service.js';

/** The educator's unanswered doubts across their courses (the edge sends /api/educator/inbox to progress). */
@Controller('api/educator/inbox')
@Roles(EDUCATOR_ROLE)
export class EducatorInboxController {
  constructor(private readonly inbox: EducatorInboxService) {}

  @Get()
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(educatorInboxQuerySchema)) query: EducatorInboxQuery,
  ): Promise<{ success: true } & EducatorInbox> {
    return { success: true, ...(await this.inbox.unanswered(user.id, query)) };
  }

  @Get('hidden')
  async hidden(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(hiddenPostsQuerySchema)) query: { cursor?: string },
  ): Promise<{ success: true } & HiddenPostPage> {
    return { success: true, ...(await this.inbox.hidden(user.id, query.cursor)) };
  }

  @Get('summary')
  async summary(@CurrentUser() user: AuthUser): Promise<{ success: true; summary: EducatorDoubtSummary }> {
    return { success: true, summary: await this.inbox.summary(user.id) };
  }
}
