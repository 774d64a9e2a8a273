import type { NotificationItem } from '@academy/contracts';
import { CORE_CONFIG, PRODUCER_COMMAND_TIMEOUT_MS, type CoreConfig } from '@academy/service-core';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';

/** One message on the bus: a user's new unread count, with the new notification when there is one. */
export interface NotificationBusMessage {
  userId: string;
  unreadCount: number;
  notification?: NotificationItem;
}

type Listener = (message: NotificationBusMessage) => void;

/**
 * Tells every progress HTTP instance that a user's notifications changed (Redis pub/sub, one channel per run
 * prefix): the worker publishes a new notification, an instance publishes "marked read"; each instance passes it to
 * the streams it holds open for that user. Pub/sub keeps nothing: a browser that was not connected reads the list
 * when it connects again.
 */
@Injectable()
export class NotificationBus implements OnModuleDestroy {
  private readonly logger = new Logger(NotificationBus.name);
  private readonly channel: string;
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(@Inject(CORE_CONFIG) private readonly config: CoreConfig) {
    this.channel = `${config.QUEUE_PREFIX}:notifications`;
  }

  /** Best effort: a lost message only delays the bell until its next reconnect or list read. */
  async publish(message: NotificationBusMessage): Promise<void> {
    this.publisher ??= this.connection();
    try {
      await this.publisher.publish(this.channel, JSON.stringify(message));
    } catch (error) {
      this.logger.warn(`notification for ${message.userId} not published: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Calls `listener` with each message for `userId` until the returned function is called. */
  listen(userId: string, listener: Listener): () => void {
    this.ensureSubscribed();
    const set = this.listeners.get(userId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(userId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  /** Open streams on this instance (for tests and logs). */
  get listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  private ensureSubscribed(): void {
    if (this.subscriber) return;
    const subscriber = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    subscriber.on('error', (error: Error) => this.logger.warn(`notification subscriber: ${error.message}`));
    subscriber.on('message', (_channel: string, raw: string) => {
      let message: NotificationBusMessage;
      try {
        message = JSON.parse(raw) as NotificationBusMessage;
      } catch {
        return;
      }
      for (const listener of this.listeners.get(message.userId) ?? []) listener(message);
    });
    void subscriber.subscribe(this.channel).catch((error: unknown) => this.logger.warn(`cannot subscribe: ${String(error)}`));
    this.subscriber = subscriber;
  }

  private connection(): Redis {
    const redis = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: 2, commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS });
    redis.on('error', () => undefined); // publish() logs its own failures
    return redis;
  }

  onModuleDestroy(): void {
    this.publisher?.disconnect();
    this.subscriber?.disconnect();
  }
}
