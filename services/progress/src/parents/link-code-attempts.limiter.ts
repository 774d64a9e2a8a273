import {
  LINK_CODE_MAX_ATTEMPTS_PER_ADDRESS_PER_HOUR,
  LINK_CODE_MAX_ATTEMPTS_PER_HOUR,
  TOO_MANY_LINK_ATTEMPTS_MESSAGE,
} from '@academy/contracts';
import { CORE_CONFIG, PRODUCER_COMMAND_TIMEOUT_MS, type CoreConfig } from '@academy/service-core';
import { HttpException, HttpStatus, Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

const WINDOW_SECONDS = 3600;

/** What one redemption holds until it is known whether the code was right. */
export interface LinkCodeAttempt {
  parentId: string;
  address: string;
}

/**
 * The hourly budget of wrong link codes, per parent account and per network address, counted in Redis with
 * rate-limiter-flexible (the limiter commerce uses for payments): `take` spends one point of each atomically BEFORE
 * the code is looked at, so parallel guesses cannot all read "under the limit" and all pass; a right code (or the
 * parent's own code) gives its points back. Every instance of progress shares the counts.
 */
@Injectable()
export class LinkCodeAttemptLimiter implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly perParent: RateLimiterRedis;
  private readonly perAddress: RateLimiterRedis;

  constructor(@Inject(CORE_CONFIG) config: CoreConfig) {
    // A stalled Redis fails the call with 503 after the command timeout instead of hanging it.
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS });
    this.redis.on('error', () => undefined); // a failed command says so to its caller (503)
    const keyPrefix = `${config.QUEUE_PREFIX}:ratelimit:link-codes`;
    this.perParent = new RateLimiterRedis({ storeClient: this.redis, keyPrefix: `${keyPrefix}:parent`, points: LINK_CODE_MAX_ATTEMPTS_PER_HOUR, duration: WINDOW_SECONDS });
    this.perAddress = new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix: `${keyPrefix}:address`,
      points: LINK_CODE_MAX_ATTEMPTS_PER_ADDRESS_PER_HOUR,
      duration: WINDOW_SECONDS,
    });
  }

  /** Spends one attempt of the parent and one of the address, or answers 429 (spending nothing). */
  async take(parentId: string, address: string): Promise<LinkCodeAttempt> {
    await this.consume(this.perParent, parentId);
    try {
      await this.consume(this.perAddress, address);
    } catch (error) {
      await this.perParent.reward(parentId, 1);
      throw error;
    }
    return { parentId, address };
  }

  /** The code was right: the attempt does not count. */
  async giveBack(attempt: LinkCodeAttempt): Promise<void> {
    await Promise.all([this.perParent.reward(attempt.parentId, 1), this.perAddress.reward(attempt.address, 1)]);
  }

  private async consume(limiter: RateLimiterRedis, key: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw new HttpException(TOO_MANY_LINK_ATTEMPTS_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
