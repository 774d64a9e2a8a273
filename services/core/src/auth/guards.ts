import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { timingSafeEqual } from 'node:crypto';
import { CORE_CONFIG, type CoreConfig } from '../config/config.js';
import { IS_INTERNAL, IS_OPTIONAL_AUTH, IS_PUBLIC, REQUIRED_ROLES, type RequestWithUser } from './decorators.js';
import { TokenVerifier } from './token-verifier.js';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

function flag(reflector: Reflector, key: string, context: ExecutionContext): boolean {
  return reflector.getAllAndOverride<boolean | undefined>(key, [context.getHandler(), context.getClass()]) === true;
}

function bearerToken(request: RequestWithUser): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.length === 0) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new UnauthorizedException('Authorization header must be "Bearer <token>"');
  return match[1];
}

/**
 * Global guard: every route needs a valid user token unless marked @Public() or @Internal();
 * @OptionalAuth() routes accept anonymous callers. Then @Roles(...) is enforced (403).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: TokenVerifier,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (flag(this.reflector, IS_INTERNAL, context)) return true; // InternalTokenGuard decides
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const isPublic = flag(this.reflector, IS_PUBLIC, context);
    const optional = flag(this.reflector, IS_OPTIONAL_AUTH, context);
    const token = isPublic ? undefined : bearerToken(request);
    if (token) request.user = await this.verifier.verify(token);
    else if (!isPublic && !optional) throw new UnauthorizedException('Sign in to continue: no access token was sent');

    const roles = this.reflector.getAllAndOverride<string[] | undefined>(REQUIRED_ROLES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (roles && roles.length > 0) {
      if (!request.user) throw new UnauthorizedException('Sign in to continue');
      if (!roles.some((role) => request.user!.roles.includes(role))) {
        throw new ForbiddenException(`Only ${roles.join(' or ')} accounts can do this`);
      }
    }
    return true;
  }
}

/** Global guard for @Internal() routes: the `X-Internal-Token` header must equal INTERNAL_TOKEN. */
@Injectable()
export class InternalTokenGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(
    private readonly reflector: Reflector,
    @Inject(CORE_CONFIG) config: CoreConfig,
  ) {
    this.expected = Buffer.from(config.INTERNAL_TOKEN);
  }

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http' || !flag(this.reflector, IS_INTERNAL, context)) return true;
    const sent = context.switchToHttp().getRequest<RequestWithUser>().headers[INTERNAL_TOKEN_HEADER];
    const given = Buffer.from(typeof sent === 'string' ? sent : '');
    if (given.length !== this.expected.length || !timingSafeEqual(given, this.expected)) {
      throw new UnauthorizedException('Internal route: a valid X-Internal-Token is required');
    }
    return true;
  }
}
