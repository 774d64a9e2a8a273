import { CORE_CONFIG, PRODUCER_COMMAND_TIMEOUT_MS, type CoreConfig } from '@academy/service-core';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { serializedAnswer, type SerializedAnswer } from './http-cache.js';

/** Entries kept per process; a list page or a course answer is a few KB. */
const MAX_ENTRIES = 2_000;

/**
 * An in-process cache of public catalogue answers (list pages, course details), kept serialized with their ETag so
 * a hit costs no JSON work, and shared correctly by every API replica: entries carry the Redis version they were
 * read under, and every catalogue write (the API's course writes, the worker's enrolment and rating events) bumps
 * that version after it commits. A reader therefore sees a change at once on every replica; it costs a share of
 * one Redis GET instead of the database queries.
 */
@Injectable()
export class CourseCache implements OnModuleDestroy {
  private readonly logger = new Logger(CourseCache.name);
  private readonly redis: Redis;
  private readonly versionKey: string;
  /** Least recently used first (a hit moves its entry to the end). */
  private readonly entries = new Map<string, { version: string; answer: SerializedAnswer }>();
  /** The version GET on the wire, and the one queued behind it for the requests that arrived meanwhile. */
  private versionInFlight: Promise<string> | undefined;
  private versionQueued: Promise<string> | undefined;

  constructor(@Inject(CORE_CONFIG) config: Pick<CoreConfig, 'REDIS_URL' | 'QUEUE_PREFIX'>) {
    this.versionKey = `${config.QUEUE_PREFIX}:catalogue:course-cache-version`;
    // A stalled Redis costs at most the command timeout: the read then goes to the database.
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true, commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS });
    this.redis.on('error', () => undefined); // a failed command says so to its caller (503); no unhandled 'error' noise
  }

  /** The cached answer for `key` if no write happened since it was read, else `load()`'s, serialized (then cached). */
  async answer(key: string, load: () => Promise<object>): Promise<SerializedAnswer> {
    let version: string;
    try {
      version = await this.version();
    } catch (error) {
      // Without the version we cannot know the entry is fresh: answer from the database.
      this.logger.warn(`cache version unavailable, reading through: ${(error as Error).message}`);
      return serializedAnswer(await load());
    }
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.answer;
    }
    const answer = serializedAnswer(await load());
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { version, answer });
    return answer;
  }

  /**
   * The version as of a moment after this call: a GET already on the wire may have been answered before a write
   * the caller must see, so a caller waits for the next GET, which every caller arriving meanwhile shares. Under
   * load that is one Redis round trip per batch of requests instead of one per request, and never a stale answer.
   */
  private version(): Promise<string> {
    if (!this.versionInFlight) return (this.versionInFlight = this.readVersion());
    this.versionQueued ??= this.versionInFlight.catch(() => undefined).then(() => {
      this.versionInFlight = this.versionQueued;
      this.versionQueued = undefined;
      return this.readVersion();
    });
    return this.versionQueued;
  }

  private async readVersion(): Promise<string> {
    try {
      return (await this.redis.get(this.versionKey)) ?? '0';
    } finally {
      // Synchronously after the answer: the next caller either finds the queued read or starts a new one.
      if (!this.versionQueued) this.versionInFlight = undefined;
    }
  }

  /** Call after a catalogue write has committed: every replica's entries become stale. */
  async invalidate(): Promise<void> {
    await this.redis.incr(this.versionKey);
  }

  async onModuleDestroy(): Promise<void> {
    this.redis.disconnect();
  }
}
