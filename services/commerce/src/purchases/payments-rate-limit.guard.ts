import { CORE_CONFIG, PRODUCER_COMMAND_TIMEOUT_MS } from '@academy/service-core';
import { CanActivate, ExecutionContext, HttpException, HttpStatus, Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { CommerceConfig } from '../config/commerce-config.js';

const WINDOW_SECONDS = 60;

/**
 * A one-minute budget of payment calls per signed-in learner (else per address), kept in Redis so every commerce
 * instance shares it. (@nestjs/throttler 6 is CommonJS and cannot load the ESM-only Nest 12 under jest's ESM mode,
 * so the counting is left to rate-limiter-flexible.)
 */
@Injectable()
export class PaymentsRateLimitGuard implements CanActivate, OnModuleDestroy {
  private readonly redis: Redis;
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(CORE_CONFIG) config: CommerceConfig) {
    // A stalled Redis fails the call with 503 after the command timeout instead of hanging it.
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS });
    this.redis.on('error', () => undefined); // a failed command says so to its caller (503); no unhandled 'error' noise
    this.limiter = new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix: `${config.QUEUE_PREFIX}:ratelimit:payments`,
      points: config.PAYMENT_RATE_LIMIT_PER_MINUTE,
      duration: WINDOW_SECONDS,
    });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<{ user?: { id?: string }; ip?: string }>();
    const who = request.user?.id ? `user:${request.user.id}` : `ip:${request.ip ?? 'unknown'}`;
    try {
      await this.limiter.consume(who);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const seconds = Math.ceil(rejection.msBeforeNext / 1000);
      throw new HttpException(`Too many payment requests: please wait ${seconds} s and try again`, HttpStatus.TOO_MANY_REQUESTS);
    }
    return true;
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
