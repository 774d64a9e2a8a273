import { Inject, Injectable, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { CORE_CONFIG, jwksUrlOf, type CoreConfig } from '../config/config.js';
import { authUserFromClaims, type AuthUser } from './auth-user.js';

/** Verifies bearer access tokens against the issuer's JWKS (fetched once, cached and refreshed by jose). */
@Injectable()
export class TokenVerifier {
  private readonly keySet: ReturnType<typeof createRemoteJWKSet>;

  constructor(@Inject(CORE_CONFIG) private readonly config: CoreConfig) {
    this.keySet = createRemoteJWKSet(new URL(jwksUrlOf(config)), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  }

  async verify(token: string): Promise<AuthUser> {
    try {
      const { payload } = await jwtVerify(token, this.keySet, {
        algorithms: ['RS256'],
        issuer: this.config.AUTH_ISSUER,
        audience: this.config.AUTH_AUDIENCE,
        // A token without exp would never expire: refuse it.
        requiredClaims: ['exp'],
      });
      return authUserFromClaims(payload, this.config.AUTH_CLAIMS_NAMESPACE);
    } catch (error) {
      throw this.toHttpError(error);
    }
  }

  private toHttpError(error: unknown): Error {
    if (error instanceof errors.JWTExpired) return new UnauthorizedException('Access token has expired');
    if (error instanceof errors.JWTClaimValidationFailed) {
      if (error.claim === 'aud') return new UnauthorizedException('Access token is for another audience');
      if (error.claim === 'iss') return new UnauthorizedException('Access token is from an unknown issuer');
      if (error.claim === 'exp') return new UnauthorizedException('Access token has no expiry');
      return new UnauthorizedException(`Access token claim "${error.claim}" is invalid`);
    }
    // The sign-in provider being unreachable is our outage, not the caller's bad token.
    if (error instanceof errors.JWKSTimeout || (error instanceof TypeError && /fetch/i.test(error.message))) {
      return new ServiceUnavailableException('Sign-in keys are unavailable, try again shortly');
    }
    if (error instanceof errors.JOSEError) return new UnauthorizedException('Access token is invalid');
    if (error instanceof Error && /subject/.test(error.message)) return new UnauthorizedException('Access token has no subject');
    return error instanceof Error ? error : new Error(String(error));
  }
}
