import { createParamDecorator, ExecutionContext, SetMetadata, UnauthorizedException } from '@nestjs/common';
import type { AuthUser } from './auth-user.js';

export const IS_PUBLIC = 'academy:isPublic';
export const IS_OPTIONAL_AUTH = 'academy:optionalAuth';
export const IS_INTERNAL = 'academy:internal';
export const REQUIRED_ROLES = 'academy:roles';

/** No token needed (health, public catalogue). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/** A token is read if present (and must then be valid); anonymous callers pass. */
export const OptionalAuth = () => SetMetadata(IS_OPTIONAL_AUTH, true);
/** Service-to-service route: needs `X-Internal-Token`, not a user token. */
export const Internal = () => SetMetadata(IS_INTERNAL, true);
/** The user must hold at least one of these roles, otherwise 403. */
export const Roles = (...roles: string[]) => SetMetadata(REQUIRED_ROLES, roles);

export interface RequestWithUser {
  user?: AuthUser;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The signed-in user. `@CurrentUser()` on a protected route always has one; on an `@OptionalAuth()` route use
 * `@CurrentUser({ optional: true })` and expect `undefined` for anonymous callers.
 */
export const CurrentUser = createParamDecorator(
  (options: { optional?: boolean } | undefined, context: ExecutionContext): AuthUser | undefined => {
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    if (!request.user && !options?.optional) throw new UnauthorizedException('Sign in to continue');
    return request.user;
  },
);
