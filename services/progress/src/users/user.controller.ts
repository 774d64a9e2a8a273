import { Body, Controller, Get, Put } from '@nestjs/common';
import { chooseLanguageRequestSchema, chooseRoleRequestSchema, type ChooseLanguageRequest, learnerProfileSchema, type ChooseRoleRequest, type LearnerProfile, type UserData } from '@academy/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { UsersService } from './users.service.js';

@Controller('api/user')
export class UserController {
  constructor(private readonly users: UsersService) {}

  @Get('data')
  async data(@CurrentUser() user: AuthUser): Promise<{ success: true; user: UserData }> {
    return { success: true, user: await this.users.userData(user) };
  }

  /** The learner's class and board (null and null: skipped); asked once after the first sign-in, editable later. */
  @Put('data/profile')
  async profile(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(learnerProfileSchema)) profile: LearnerProfile,
  ): Promise<{ success: true; user: UserData }> {
    return { success: true, user: await this.users.saveProfile(user, profile) };
  }

  /** "I'm a parent", chosen at sign-up on the portal: recorded here, so no one assigns the role by hand. */
  @Put('data/role')
  async role(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(chooseRoleRequestSchema)) body: ChooseRoleRequest,
  ): Promise<{ success: true; user: UserData }> {
    return { success: true, user: await this.users.chooseRole(user, body.role) };
  }

  /** The interface language chosen in the language switch, remembered for the next visit, emails and certificates. */
  @Put('data/language')
  async language(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(chooseLanguageRequestSchema)) body: ChooseLanguageRequest,
  ): Promise<{ success: true; user: UserData }> {
    return { success: true, user: await this.users.chooseLanguage(user, body.language) };
  }
}
