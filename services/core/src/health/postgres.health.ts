import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { DataSource } from 'typeorm';

@Injectable()
export class PostgresHealthIndicator {
  constructor(
    private readonly health: HealthIndicatorService,
    private readonly dataSource: DataSource,
  ) {}

  check(key = 'postgres') {
    return this.health
      .check(key)
      .attempt(async () => {
        await this.dataSource.query('SELECT 1');
      })
      .withTimeout(2000);
  }
}
