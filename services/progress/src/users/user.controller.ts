import { Controller, Get } from '@nestjs/common';
import type { UserData } from '@academy/contracts';
import { CurrentUser, type AuthUser } from '@academy/service-core';
import { UsersService } from './users.service.js';

@Controller('api/user')
export class UserController {
  constructor(private readonly users: UsersService) {}

  @Get('data')
  async data(@CurrentUser() user: AuthUser): Promise<{ success: true; user: UserData }> {
    return { success: true, user: await this.users.userData(user) };
  }
}
