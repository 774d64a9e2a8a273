import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { Public } from '../auth/decorators.js';
import { PostgresHealthIndicator } from './postgres.health.js';
import { RedisHealthIndicator } from './redis.health.js';

@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly postgres: PostgresHealthIndicator,
    private readonly redis: RedisHealthIndicator,
  ) {}

  /** Liveness: the process answers. Shallow on purpose, so a database blip does not restart every pod. */
  @Get('live')
  @Public()
  live() {
    return { status: 'ok' };
  }

  /** Readiness: PostgreSQL and Redis answer. */
  @Get()
  @Public()
  @HealthCheck()
  check() {
    return this.health.check([() => this.postgres.check(), () => this.redis.check()]);
  }
}
