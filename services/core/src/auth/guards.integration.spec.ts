import { Controller, Get, INestApplication, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { CORE_CONFIG, coreConfigShape, loadConfig } from '../config/config.js';
import { EnvelopeExceptionFilter } from '../http/envelope.filter.js';
import { demoUsers, TestIssuer } from '../testing/test-issuer.js';
import type { AuthUser } from './auth-user.js';
import { CurrentUser, Internal, OptionalAuth, Public, Roles } from './decorators.js';
import { AuthGuard, InternalTokenGuard } from './guards.js';
import { TokenVerifier } from './token-verifier.js';

const INTERNAL_TOKEN = 'internal-secret-for-tests';

@Controller()
class ProbeController {
  @Get('me')
  me(@CurrentUser() user: AuthUser) {
    return { success: true, user };
  }

  @Get('open')
  @Public()
  open() {
    return { success: true };
  }

  @Get('maybe')
  @OptionalAuth()
  maybe(@CurrentUser({ optional: true }) user: AuthUser | undefined) {
    return { success: true, signedIn: Boolean(user) };
  }

  @Get('educator-only')
  @Roles('educator')
  educatorOnly(@CurrentUser() user: AuthUser) {
    return { success: true, name: user.name };
  }

  @Get('internal/ping')
  @Internal()
  internalPing() {
    return { success: true };
  }
}

describe('AuthGuard and InternalTokenGuard against a real JWKS server', () => {
  let issuer: TestIssuer;
  let app: INestApplication;

  beforeAll(async () => {
    issuer = await TestIssuer.start();
    const config = loadConfig(coreConfigShape, {
      DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
      REDIS_URL: 'redis://127.0.0.1:6379',
      INTERNAL_TOKEN,
      ...issuer.env(),
    });
    @Module({
      controllers: [ProbeController],
      providers: [
        { provide: CORE_CONFIG, useValue: config },
        TokenVerifier,
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: InternalTokenGuard },
        { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
      ],
    })
    class ProbeModule {}
    const moduleRef = await Test.createTestingModule({ imports: [ProbeModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await issuer.stop();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('accepts a valid token and exposes the user from namespaced claims', async () => {
    const token = await issuer.sign(demoUsers.educator);
    const response = await request(app.getHttpServer()).get('/me').set(bearer(token)).expect(200);
    expect(response.body.user).toEqual({
      id: 'sandbox|educator-meera',
      name: 'Meera Iyer',
      email: 'meera@demo.academy',
      imageUrl: 'https://example.test/meera.png',
      roles: ['educator'],
    });
  });

  it('reads standard profile claims when namespaced ones are absent', async () => {
    const token = await issuer.sign(demoUsers.student, { standardClaims: true });
    const response = await request(app.getHttpServer()).get('/me').set(bearer(token)).expect(200);
    expect(response.body.user).toMatchObject({ name: 'Aarav Sharma', email: 'aarav@demo.academy', roles: [] });
  });

  it('caches the JWKS instead of fetching it for every request', async () => {
    const before = issuer.jwksRequests;
    for (let i = 0; i < 3; i += 1) {
      await request(app.getHttpServer()).get('/me').set(bearer(await issuer.sign(demoUsers.student))).expect(200);
    }
    expect(issuer.jwksRequests - before).toBe(0);
    expect(issuer.jwksRequests).toBe(1);
  });

  it.each([
    ['no token', async () => ({}), 'Sign in to continue: no access token was sent'],
    ['a malformed header', async () => ({ Authorization: 'Token abc' }), 'Authorization header must be "Bearer <token>"'],
    ['an expired token', async () => bearer(await issuer.sign(demoUsers.student, { expiresIn: -60 })), 'Access token has expired'],
    ['a token without exp', async () => bearer(await issuer.sign(demoUsers.student, { withoutExpiry: true })), 'Access token has no expiry'],
    [
      'a wrong audience',
      async () => bearer(await issuer.sign(demoUsers.student, { audience: 'https://other.api' })),
      'Access token is for another audience',
    ],
    [
      'a wrong issuer',
      async () => bearer(await issuer.sign(demoUsers.student, { issuer: 'https://evil.example/' })),
      'Access token is from an unknown issuer',
    ],
    [
      'a key the issuer does not publish',
      async () => bearer(await TestIssuer.signWithForeignKey(demoUsers.student, issuer.url, issuer.audience)),
      'Access token is invalid',
    ],
    ['garbage', async () => bearer('not.a.jwt'), 'Access token is invalid'],
  ])('answers 401 for %s', async (_label, headers, message) => {
    const response = await request(app.getHttpServer()).get('/me').set(await headers()).expect(401);
    expect(response.body).toEqual({ success: false, message });
  });

  it('answers 403 to a student on an educator route, 200 to an educator, 401 anonymous', async () => {
    const student = await issuer.sign(demoUsers.student);
    const educator = await issuer.sign(demoUsers.educator);
    const forbidden = await request(app.getHttpServer()).get('/educator-only').set(bearer(student)).expect(403);
    expect(forbidden.body).toEqual({ success: false, message: 'Only educator accounts can do this' });
    await request(app.getHttpServer()).get('/educator-only').set(bearer(educator)).expect(200, { success: true, name: 'Meera Iyer' });
    await request(app.getHttpServer()).get('/educator-only').expect(401);
  });

  it('lets anyone reach @Public routes, and @OptionalAuth routes read the user when present', async () => {
    await request(app.getHttpServer()).get('/open').expect(200);
    await request(app.getHttpServer()).get('/maybe').expect(200, { success: true, signedIn: false });
    const token = await issuer.sign(demoUsers.student);
    await request(app.getHttpServer()).get('/maybe').set(bearer(token)).expect(200, { success: true, signedIn: true });
    await request(app.getHttpServer()).get('/maybe').set(bearer('not.a.jwt')).expect(401);
  });

  it('guards @Internal routes with X-Internal-Token, not user tokens', async () => {
    const userToken = await issuer.sign(demoUsers.educator);
    await request(app.getHttpServer()).get('/internal/ping').set(bearer(userToken)).expect(401);
    await request(app.getHttpServer()).get('/internal/ping').set('X-Internal-Token', 'wrong').expect(401);
    await request(app.getHttpServer()).get('/internal/ping').set('X-Internal-Token', INTERNAL_TOKEN).expect(200);
  });

  it('answers unknown routes with the envelope', async () => {
    const response = await request(app.getHttpServer()).get('/nope').set(bearer(await issuer.sign(demoUsers.student))).expect(404);
    expect(response.body.success).toBe(false);
  });
});
