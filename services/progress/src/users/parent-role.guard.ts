import { PARENT_ROLE } from '@academy/contracts';
import type { AuthUser } from '@academy/service-core';
import { applyDecorators, CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException, UseGuards } from '@nestjs/common';
import { UsersService } from './users.service.js';

/**
 * Parent-only routes: the token's `parent` role, or the role chosen at sign-up and recorded by progress (the user
 * is then given the role on `request.user` for the handler). Runs after the global AuthGuard has read the token.
 */
@Injectable()
export class ParentRoleGuard implements CanActivate {
  constructor(private readonly users: UsersService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<{ user?: AuthUser }>();
    const user = request.user;
    if (!user) throw new UnauthorizedException('Sign in to continue');
    const roles = await this.users.effectiveRoles(user);
    if (!roles.includes(PARENT_ROLE)) throw new ForbiddenException('Only parent accounts can do this');
    request.user = { ...user, roles };
    return true;
  }
}

/** Only a parent (by token or by the role chosen at sign-up) may call the route: 403 otherwise. */
export const ParentOnly = () => applyDecorators(UseGuards(ParentRoleGuard));
