import { jobOptionsFrom, PRODUCER_REDIS_OPTIONS, WORKER_REDIS_OPTIONS } from './queue/queue-defaults.js';
import { DeadLetterStore, SERVICE_SCHEMA } from './queue/dead-letters.js';
import { DeadLetterController, OperatorGuard } from './operator/operator.js';
import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { BullMQOtel } from 'bullmq-otel';
import { TracingInterceptor, TracingShutdown } from './telemetry/tracing.interceptor.js';
import { startTracing, tracingEnabled } from './telemetry/tracing.js';
import type { z } from 'zod';
import { AuthGuard, InternalTokenGuard } from './auth/guards.js';
import { TokenVerifier } from './auth/token-verifier.js';
import { CORE_CONFIG, coreConfigShape, loadConfig, type CoreConfig } from './config/config.js';
import { serviceDataSourceOptions, type ServiceDatabaseOptions } from './database/data-source.js';
import { HealthController } from './health/health.controller.js';
import { PostgresHealthIndicator } from './health/postgres.health.js';
import { RedisHealthIndicator } from './health/redis.health.js';
import { EnvelopeExceptionFilter } from './http/envelope.filter.js';
import { loggerParams } from './logging/logging.js';
import { HttpMetricsInterceptor, MetricsController } from './metrics/http-metrics.js';
import { RequestContextInterceptor } from './logging/request-context.js';
import { trackOutboxMetrics } from './metrics/queue-metrics.js';
import { DataSource } from 'typeorm';

const DEAD_LETTER_METRIC = Symbol('DEAD_LETTER_METRIC');

export interface CoreModuleOptions {
  /** Service name for logs (`progress`). */
  service: string;
  /** Extra environment variables this service needs, validated with the core ones. */
  configShape?: z.ZodRawShape;
  /** Database: the schema this service owns, its entities and migrations. */
  database: Omit<ServiceDatabaseOptions, 'url'>;
  /** `false` for an entry point with no HTTP (the worker): no guards, filter or /health controller. */
  http?: boolean;
}

/**
 * Everything a service shares: validated config (CORE_CONFIG), pino logs, TypeORM for its schema,
 * BullMQ on REDIS_URL with QUEUE_PREFIX, and for HTTP apps the global auth guards, the envelope filter and /health.
 */
@Global()
@Module({})
export class CoreModule {
  static forRoot(options: CoreModuleOptions): DynamicModule {
    startTracing(options.service);
    const shape = { ...coreConfigShape, ...options.configShape };
    let loaded: CoreConfig | undefined; // validated once, shared by every provider below
    const configProvider = { provide: CORE_CONFIG, useFactory: () => (loaded ??= loadConfig(shape)) };
    const http = options.http !== false;
    return {
      module: CoreModule,
      imports: [
        LoggerModule.forRootAsync({
          providers: [configProvider],
          inject: [CORE_CONFIG],
          useFactory: (config: CoreConfig) => loggerParams(config.LOG_LEVEL, options.service),
        }),
        TypeOrmModule.forRootAsync({
          extraProviders: [configProvider],
          inject: [CORE_CONFIG],
          useFactory: (config: CoreConfig) => serviceDataSourceOptions({ ...options.database, url: config.DATABASE_URL, poolMax: config.DB_POOL_MAX }),
        }),
        BullModule.forRootAsync({
          extraProviders: [configProvider],
          inject: [CORE_CONFIG],
          useFactory: (config: CoreConfig) => ({
            connection: http ? { url: config.REDIS_URL, ...PRODUCER_REDIS_OPTIONS } : { url: config.REDIS_URL, ...WORKER_REDIS_OPTIONS },
            prefix: config.QUEUE_PREFIX,
            defaultJobOptions: jobOptionsFrom(config),
            // Jobs carry the enqueuing span's context; the worker's span for the job continues that trace.
            ...(tracingEnabled() ? { telemetry: new BullMQOtel({ tracerName: 'academy-bullmq' }) } : {}),
          }),
        }),
        ...(http ? [TerminusModule] : []),
      ],
      controllers: http ? [HealthController, MetricsController, DeadLetterController] : [],
      providers: [
        configProvider,
        { provide: SERVICE_SCHEMA, useValue: options.database.schema },
        DeadLetterStore,
        TracingShutdown,
        ...(http
          ? [
              TokenVerifier,
              OperatorGuard,
              PostgresHealthIndicator,
              RedisHealthIndicator,
              { provide: APP_GUARD, useClass: AuthGuard },
              { provide: APP_GUARD, useClass: InternalTokenGuard },
              { provide: APP_FILTER, useClass: EnvelopeExceptionFilter },
              { provide: APP_INTERCEPTOR, useClass: HttpMetricsInterceptor },
              { provide: DEAD_LETTER_METRIC, inject: [DeadLetterStore], useFactory: (store: DeadLetterStore) => store.exposeMetric() },
              { provide: APP_INTERCEPTOR, useClass: RequestContextInterceptor },
              { provide: APP_INTERCEPTOR, useClass: TracingInterceptor },
              // The outbox backlog of this service's schema on /metrics (nothing when it has no outbox).
              { provide: 'academy:outboxMetrics', useFactory: (dataSource: DataSource) => trackOutboxMetrics(options.database.schema, dataSource), inject: [DataSource] },
            ]
          : []),
      ],
      exports: [CORE_CONFIG, SERVICE_SCHEMA, DeadLetterStore, ...(http ? [TokenVerifier, PostgresHealthIndicator, RedisHealthIndicator] : [])],
    };
  }
}
