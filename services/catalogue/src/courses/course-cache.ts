import { CORE_CONFIG, PRODUCER_COMMAND_TIMEOUT_MS, type CoreConfig } from '@academy/service-core';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';

/** Entries kept per process; a list page or a course answer is a few KB. */
const MAX_ENTRIES = 2_000;

/**
 * An in-process cache of public catalogue answers (list pages, course details as the mapper produced them), shared
 * correctly by every API replica: entries carry the Redis version they were read under, and every catalogue write
 * (the API's course writes, the worker's enrolment and rating events) bumps that version after it commits. A
 * reader therefore sees a change at once on every replica; it costs one Redis GET instead of the database queries.
 */
@Injectable()
export class CourseCache implements OnModuleDestroy {
  private readonly logger = new Logger(CourseCache.name);
  private readonly redis: Redis;
  private readonly versionKey: string;
  private readonly entries = new Map<string, { version: string; value: unknown }>();

  constructor(@Inject(CORE_CONFIG) config: Pick<CoreConfig, 'REDIS_URL' | 'QUEUE_PREFIX'>) {
    this.versionKey = `${config.QUEUE_PREFIX}:catalogue:course-cache-version`;
    // A stalled Redis costs at most the command timeout: the read then goes to the database.
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true, commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS });
    this.redis.on('error', () => undefined); // a failed command says so to its caller (503); no unhandled 'error' noise
  }

  /** The cached answer for `key` if no write happened since it was read, else `load()`'s (then cached). */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    let version: string;
    try {
      version = (await this.redis.get(this.versionKey)) ?? '0';
    } catch (error) {
      // Without the version we cannot know the entry is fresh: answer from the database.
      this.logger.warn(`cache version unavailable, reading through: ${(error as Error).message}`);
      return load();
    }
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.value as T;
    const value = await load();
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { version, value });
    return value;
  }

  /** Call after a catalogue write has committed: every replica's entries become stale. */
  async invalidate(): Promise<void> {
    await this.redis.incr(this.versionKey);
  }

  async onModuleDestroy(): Promise<void> {
    this.redis.disconnect();
  }
}
