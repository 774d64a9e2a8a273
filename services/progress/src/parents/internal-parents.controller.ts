import { childIdSchema, type ParentChildLinkAnswer } from '@academy/contracts';
import { Internal, ZodValidationPipe } from '@academy/service-core';
import { Controller, Get, Param } from '@nestjs/common';
import { UsersService } from '../users/users.service.js';
import { ParentLinksService } from './parent-links.service.js';

/** Asked by commerce before a parent buys a course for a child: is the child linked, and who is it. */
@Controller('internal/parents')
export class InternalParentsController {
  constructor(
    private readonly links: ParentLinksService,
    private readonly users: UsersService,
  ) {}

  @Internal()
  @Get(':parentId/children/:childId')
  async link(
    @Param('parentId', new ZodValidationPipe(childIdSchema)) parentId: string,
    @Param('childId', new ZodValidationPipe(childIdSchema)) childId: string,
  ): Promise<ParentChildLinkAnswer> {
    const [linked, chosenParentRole] = await Promise.all([this.links.isLinked(parentId, childId), this.users.isParent(parentId)]);
    return { success: true, chosenParentRole, linked, child: linked ? await this.links.childProfile(childId) : null };
  }
}
