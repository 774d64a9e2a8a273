import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { Redis } from 'ioredis';
import { CORE_CONFIG, type CoreConfig } from '../config/config.js';

/** Pings Redis with its own small connection (BullMQ's connections block on commands). */
@Injectable()
export class RedisHealthIndicator implements OnModuleDestroy {
  private readonly redis: Redis;

  constructor(
    private readonly health: HealthIndicatorService,
    @Inject(CORE_CONFIG) config: CoreConfig,
  ) {
    this.redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.redis.on('error', () => undefined); // reported by the check itself
  }

  check(key = 'redis') {
    return this.health
      .check(key)
      .attempt(async () => {
        if (this.redis.status === 'wait' || this.redis.status === 'end') await this.redis.connect();
        const reply = await this.redis.ping();
        if (reply !== 'PONG') throw new Error(`unexpected reply ${reply}`);
      })
      .withTimeout(2000);
  }

  async onModuleDestroy(): Promise<void> {
    this.redis.disconnect();
  }
}
