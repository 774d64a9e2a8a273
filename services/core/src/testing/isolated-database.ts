import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface IsolatedDatabase {
  /** URL of the fresh database (same server and credentials as DATABASE_URL). */
  url: string;
  name: string;
  drop(): Promise<void>;
}

function serverUrl(): URL {
  const base = process.env.DATABASE_URL;
  if (!base) {
    throw new Error(
      'DATABASE_URL is not set: integration tests need PostgreSQL. Run them through `npm test` at the root, or set ' +
        'DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres',
    );
  }
  return new URL(base);
}

async function withAdminClient<T>(url: URL, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates `academy_test_<random>` on DATABASE_URL's server; `drop()` removes it (closing stray connections). */
export async function createIsolatedDatabase(): Promise<IsolatedDatabase> {
  const admin = serverUrl();
  const name = `academy_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(admin, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => withAdminClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** A BullMQ prefix no other run uses (keys never collide between parallel test runs). */
export function uniqueQueuePrefix(): string {
  return `academy-test-${randomBytes(6).toString('hex')}`;
}
