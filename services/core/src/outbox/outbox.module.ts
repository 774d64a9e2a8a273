import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { DynamicModule, Inject, Injectable, Module, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { DeadLetterStore } from '../queue/dead-letters.js';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxWriter, type OutboxRoutes } from './outbox-writer.js';

export interface OutboxModuleOptions {
  /** The service's schema, which holds the `outbox` table (`createOutboxTableSql(schema)` in a migration). */
  schema: string;
  /** Topic → BullMQ queue: `{ 'course.enrolled': 'catalogue' }`. */
  routes: OutboxRoutes;
}

export interface OutboxRelayModuleOptions extends OutboxModuleOptions {
  pollIntervalMs?: number;
  batchSize?: number;
  /** Failed enqueue attempts before a row becomes a dead letter (default 10). */
  maxAttempts?: number;
  /** `false` to drive the relay by hand (`flush()`) in tests; default `true`. */
  autoStart?: boolean;
}

const RELAY_OPTIONS = Symbol('OUTBOX_RELAY_OPTIONS');

/** Starts the relay when the worker starts, stops it (waiting for the batch in flight) on shutdown. */
@Injectable()
class OutboxRelayLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly relay: OutboxRelay,
    @Inject(RELAY_OPTIONS) private readonly options: OutboxRelayModuleOptions,
  ) {}

  onApplicationBootstrap(): void {
    if (this.options.autoStart !== false) this.relay.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.relay.stop();
  }
}

/**
 * Transactional outbox. `forRoot` (HTTP app and worker) provides `OutboxWriter`; `forRelay` (worker only) also
 * runs the relay that moves rows to their queues. Both need `CoreModule.forRoot` (TypeORM + BullMQ connection).
 */
@Module({})
export class OutboxModule {
  static forRoot(options: OutboxModuleOptions): DynamicModule {
    return {
      module: OutboxModule,
      providers: [{ provide: OutboxWriter, useValue: new OutboxWriter(options.schema, options.routes) }],
      exports: [OutboxWriter],
    };
  }

  static forRelay(options: OutboxRelayModuleOptions): DynamicModule {
    const queueNames = [...new Set(Object.values(options.routes))];
    const queues = queueNames.map((name) => BullModule.registerQueue({ name }));
    return {
      module: OutboxModule,
      imports: queues,
      providers: [
        { provide: OutboxWriter, useValue: new OutboxWriter(options.schema, options.routes) },
        { provide: RELAY_OPTIONS, useValue: options },
        {
          provide: OutboxRelay,
          inject: [DataSource, DeadLetterStore, ...queueNames.map((name) => getQueueToken(name))],
          useFactory: (dataSource: DataSource, deadLetters: DeadLetterStore, ...resolved: Queue[]) =>
            new OutboxRelay(dataSource, new Map(queueNames.map((name, index) => [name, resolved[index]!])), options, deadLetters),
        },
        OutboxRelayLifecycle,
      ],
      exports: [OutboxWriter, OutboxRelay],
    };
  }
}
