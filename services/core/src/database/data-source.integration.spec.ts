import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { isDependencyUnavailable } from '../http/envelope.filter.js';
import { serviceDataSourceOptions } from './data-source.js';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The pool's two waits (real PostgreSQL): a busy pool queues the caller, a server that does not answer fails it. */
describe('service data source pool', () => {
  let dataSource: DataSource;
  let silentServer: Server;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // One connection, so a second query must wait for the first (as 50 requests in flight wait for 10).
    dataSource = new DataSource(serviceDataSourceOptions({ url: databaseUrl, schema: 'public', entities: [], migrations: [], poolMax: 1 }));
    await dataSource.initialize();
    // Accepts TCP connections and never answers: PostgreSQL stalled.
    silentServer = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await dataSource?.destroy();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silentServer?.close(resolve));
  });

  it('makes a query wait for a busy pool longer than a connection may take to open, instead of failing it', async () => {
    const holder = dataSource.query('SELECT pg_sleep(2.5)'); // holds the only connection past the 1.5 s open limit
    await expect(dataSource.query('SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
    await holder;
  });

  it('still gives up opening a connection to a server that does not answer, as a dependency outage', async () => {
    const { port } = silentServer.address() as AddressInfo;
    const stalled = new DataSource(serviceDataSourceOptions({ url: `postgres://postgres@127.0.0.1:${port}/postgres`, schema: 'public', entities: [], migrations: [] }));
    const error = await stalled.initialize().then(() => undefined, (caught: unknown) => caught);
    expect(isDependencyUnavailable(error)).toBe(true);
  });
});
