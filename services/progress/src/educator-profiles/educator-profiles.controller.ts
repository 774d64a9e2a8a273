import { educatorIdSchema, educatorProfileRequestSchema, type EducatorProfileAnswer, type PublicEducatorProfileAnswer } from '@academy/contracts';
import { CurrentUser, Public, Roles, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import type { z } from 'zod';
import { EducatorProfilesService } from './educator-profiles.service.js';

/** The educator's own profile, edited in Settings. */
@Controller('api/educator/profile')
@Roles('educator')
export class OwnEducatorProfileController {
  constructor(private readonly profiles: EducatorProfilesService) {}

  @Get()
  async own(@CurrentUser() educator: AuthUser): Promise<EducatorProfileAnswer> {
    return { success: true, profile: await this.profiles.own(educator) };
  }

  @Put()
  async save(
    @CurrentUser() educator: AuthUser,
    @Body(new ZodValidationPipe(educatorProfileRequestSchema)) body: z.output<typeof educatorProfileRequestSchema>,
  ): Promise<EducatorProfileAnswer> {
    return { success: true, profile: await this.profiles.save(educator, body) };
  }
}

/** An educator's public profile: name, picture, bio and qualifications (text only). */
@Controller('api/educators')
export class EducatorProfilesController {
  constructor(private readonly profiles: EducatorProfilesService) {}

  @Public()
  @Get(':educatorId')
  async published(@Param('educatorId', new ZodValidationPipe(educatorIdSchema)) educatorId: string): Promise<PublicEducatorProfileAnswer> {
    return { success: true, profile: await this.profiles.published(educatorId) };
  }
}
