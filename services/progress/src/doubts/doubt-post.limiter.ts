import { DOUBT_RATE_LIMIT_MESSAGE } from '@academy/contracts';
import { CORE_CONFIG, PRODUCER_COMMAND_TIMEOUT_MS, type CoreConfig } from '@academy/service-core';
import { HttpException, HttpStatus, Inject, Injectable, OnModuleDestroy, ServiceUnavailableException } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** Doubts and answers one person may post a minute, and reports an hour. */
export const DOUBT_POSTS_PER_MINUTE = 6;
export const DOUBT_REPORTS_PER_HOUR = 20;

export type DoubtLimit = 'post' | 'report';

/**
 * Posting budgets per person, counted in Redis with rate-limiter-flexible (as the CSP report route and the parents'
 * link codes are), so every instance of progress shares them. A point is spent before anything is written: parallel
 * posts cannot all read "under the limit".
 */
@Injectable()
export class DoubtPostLimiter implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly limiters: Record<DoubtLimit, RateLimiterRedis>;

  constructor(@Inject(CORE_CONFIG) config: CoreConfig) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS });
    this.redis.on('error', () => undefined); // a failed command says so to its caller (503)
    const keyPrefix = `${config.QUEUE_PREFIX}:ratelimit:doubts`;
    this.limiters = {
      post: new RateLimiterRedis({ storeClient: this.redis, keyPrefix: `${keyPrefix}:post`, points: DOUBT_POSTS_PER_MINUTE, duration: 60 }),
      report: new RateLimiterRedis({ storeClient: this.redis, keyPrefix: `${keyPrefix}:report`, points: DOUBT_REPORTS_PER_HOUR, duration: 3600 }),
    };
  }

  /** Spends one point of the person's budget, or answers 429 with the message the form shows. */
  async take(kind: DoubtLimit, userId: string): Promise<void> {
    try {
      await this.limiters[kind].consume(userId);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw new HttpException(DOUBT_RATE_LIMIT_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
      throw new ServiceUnavailableException('Posting is unavailable right now, please try again');
    }
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
