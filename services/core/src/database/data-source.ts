import pg from 'pg';
import { DataSource, type DataSourceOptions, type EntitySchema, type MixedList } from 'typeorm';

export interface ServiceDatabaseOptions {
  url: string;
  /** The Postgres schema this service owns (`catalogue`, `commerce`, `progress`). */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  /** Connections per process (DB_POOL_MAX); default 10. */
  poolMax?: number;
}

/** TypeORM options for one service: its own schema, migrations table inside it, never `synchronize`. */
export function serviceDataSourceOptions(options: ServiceDatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    uuidExtension: 'pgcrypto',
    synchronize: false,
    migrationsRun: false,
    extra: { max: options.poolMax ?? 10, application_name: `academy-${options.schema}`, ...POOL_TIMEOUTS },
  };
}

/**
 * A PostgreSQL client whose connection attempt gives up after `openTimeoutMillis`. pg-pool uses one setting,
 * `connectionTimeoutMillis`, both for opening a connection and for waiting for a pooled one; a pool of 10 with 50
 * requests in flight waited more than 1.5 s on a loaded machine and answered 503 while PostgreSQL was healthy. With
 * this client the pool's setting bounds only the wait for a busy pool, and opening stays short.
 */
class BoundedOpenClient extends pg.Client {
  constructor(config: pg.ClientConfig & { openTimeoutMillis?: number }) {
    super({ ...config, connectionTimeoutMillis: config.openTimeoutMillis ?? config.connectionTimeoutMillis });
  }
}

/**
 * An outage must be answered in seconds, not hang: opening a connection gives up after 1.5 s (PostgreSQL down or
 * stalled), waiting for a pooled connection while all are busy after 5 s (a burst queues rather than fails), a
 * statement is cancelled by the server after 10 s and abandoned by the client after 12 s (all then map to 503).
 * Migrations lift the statement limits (index builds may take longer).
 */
export const POOL_TIMEOUTS = {
  Client: BoundedOpenClient,
  openTimeoutMillis: 1_500,
  connectionTimeoutMillis: 5_000,
  statement_timeout: 10_000,
  query_timeout: 12_000,
  keepAlive: true,
} as const;

/**
 * Creates the schema if needed (TypeORM creates its migrations table inside it before the first migration
 * runs), then runs pending migrations. Returns the names of the migrations applied.
 */
export async function runMigrations(options: ServiceDatabaseOptions): Promise<string[]> {
  const base = serviceDataSourceOptions(options);
  const dataSource = new DataSource({
    ...base,
    extra: { ...(base.extra as object), openTimeoutMillis: 10_000, connectionTimeoutMillis: 10_000, statement_timeout: 0, query_timeout: undefined },
  } as DataSourceOptions);
  await dataSource.initialize();
  try {
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema.replace(/"/g, '""')}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}

/** Entry point body for each service's `src/migrate.ts`. */
export async function migrateCommand(options: Omit<ServiceDatabaseOptions, 'url'> & { url?: string }): Promise<void> {
  const url = options.url ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('Invalid configuration: DATABASE_URL is required');
    process.exit(1);
  }
  try {
    const applied = await runMigrations({ ...options, url });
    console.log(
      JSON.stringify({ msg: 'migrations done', schema: options.schema, applied: applied.length ? applied : 'none pending' }),
    );
  } catch (error) {
    console.error(`Migrations for schema "${options.schema}" failed:`, error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
