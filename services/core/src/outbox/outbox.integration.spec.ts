import { Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { QueueEvents, Queue, Worker, type Job } from 'bullmq';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { CoreModule } from '../core.module.js';
import { runMigrations } from '../database/data-source.js';
import { eventually } from '../testing/eventually.js';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment } from '../testing/service-env.js';
import { createDeadLetterTableSql, dropDeadLetterTableSql } from '../queue/dead-letters.js';
import { OutboxModule } from './outbox.module.js';
import { OutboxRelay } from './outbox-relay.js';
import { runWithRequestId } from '../logging/request-context.js';
import { addOutboxRequestIdSql, createOutboxTableSql, dropOutboxTableSql } from './outbox-table.js';
import { OutboxError, OutboxWriter } from './outbox-writer.js';

class CreateOutbox1700000000001 implements MigrationInterface {
  name = 'CreateOutbox1700000000001';
  async up(runner: QueryRunner) {
    for (const sql of [...createOutboxTableSql('outboxprobe'), ...addOutboxRequestIdSql('outboxprobe')]) await runner.query(sql);
    await runner.query('CREATE TABLE "outboxprobe"."things" ("id" serial PRIMARY KEY, "label" text NOT NULL)');
    for (const sql of createDeadLetterTableSql('outboxprobe', { withOutbox: true })) await runner.query(sql);
  }
  async down(runner: QueryRunner) {
    for (const sql of dropDeadLetterTableSql('outboxprobe', { withOutbox: true })) await runner.query(sql);
    for (const sql of dropOutboxTableSql('outboxprobe')) await runner.query(sql);
  }
}

const database = { schema: 'outboxprobe', entities: [], migrations: [CreateOutbox1700000000001] };
const routes = { 'thing.created': 'outbox-target' };

describe('transactional outbox (real PostgreSQL and Redis)', () => {
  let testEnv: ServiceTestEnvironment;
  let contexts: INestApplicationContext[];
  let target: Queue;
  let events: QueueEvents;

  const boot = async (autoStart: boolean) => {
    @Module({
      imports: [
        CoreModule.forRoot({ service: 'outbox-test', http: false, database }),
        OutboxModule.forRelay({ schema: 'outboxprobe', routes, autoStart, pollIntervalMs: 50 }),
      ],
    })
    class RelayModule {}
    const context = await (await Test.createTestingModule({ imports: [RelayModule] }).compile()).init();
    contexts.push(context);
    return context;
  };

  const writeThing = (context: INestApplicationContext, label: string, fail = false) =>
    context.get(DataSource).transaction(async (manager) => {
      await manager.query('INSERT INTO "outboxprobe"."things" ("label") VALUES ($1)', [label]);
      const id = await context.get(OutboxWriter).add(manager, { topic: 'thing.created', payload: { label }, key: label });
      if (fail) throw new Error('rolled back');
      return id;
    });

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment();
    await runMigrations({ url: testEnv.database.url, ...database });
    contexts = [];
    const connection = { url: testEnv.env.REDIS_URL! };
    target = new Queue('outbox-target', { connection, prefix: testEnv.queuePrefix });
    events = new QueueEvents('outbox-target', { connection, prefix: testEnv.queuePrefix });
    await events.waitUntilReady();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await events?.close();
    await target?.close();
    await testEnv?.teardown();
  });

  it('writes nothing when the transaction rolls back, and refuses to write outside a transaction', async () => {
    const context = await boot(false);
    await expect(writeThing(context, 'ghost', true)).rejects.toThrow('rolled back');
    const rows = await context.get(DataSource).query('SELECT * FROM "outboxprobe"."outbox"');
    expect(rows).toHaveLength(0);
    await expect(
      context.get(OutboxWriter).add(context.get(DataSource).manager, { topic: 'thing.created', payload: {} }),
    ).rejects.toThrow(OutboxError);
    await expect(
      context.get(DataSource).transaction((manager) => context.get(OutboxWriter).add(manager, { topic: 'nowhere', payload: {} })),
    ).rejects.toThrow(/no queue/);
  });

  it('sends a committed event once, as a job whose id is the event id, and marks it sent', async () => {
    const context = await boot(false);
    const id = await writeThing(context, 'first');
    const relay = context.get(OutboxRelay);
    expect(await relay.flush()).toBe(1);
    expect(await relay.flush()).toBe(0);
    const job = await target.getJob(id);
    expect(job).toMatchObject({ id, name: 'thing.created', data: { label: 'first', eventId: id } });
    const [row] = await context.get(DataSource).query('SELECT * FROM "outboxprobe"."outbox" WHERE "id" = $1', [id]);
    expect(row).toMatchObject({ key: 'first', attempts: 1, last_error: null });
    expect(row.dispatched_at).toBeInstanceOf(Date);
    await target.obliterate({ force: true });
  });

  it('keeps the request id an event was written under with the row, and hands it to the relayed job', async () => {
    const context = await boot(false);
    const requestId = 'f3c1d2e4a5b60718293a4b5c6d7e8f90';
    const traced = await runWithRequestId(requestId, () => writeThing(context, 'traced'));
    const untraced = await writeThing(context, 'untraced'); // e.g. a cron job's event: no request behind it
    const rows: { id: string; request_id: string | null }[] = await context.get(DataSource).query(
      'SELECT "id", "request_id" FROM "outboxprobe"."outbox" WHERE "id" = ANY($1) ORDER BY "created_at"',
      [[traced, untraced]],
    );
    expect(rows).toEqual([{ id: traced, request_id: requestId }, { id: untraced, request_id: null }]);
    expect(await context.get(OutboxRelay).flush()).toBe(2);
    expect((await target.getJob(traced))?.data).toEqual({ label: 'traced', eventId: traced, requestId });
    expect((await target.getJob(untraced))?.data).toEqual({ label: 'untraced', eventId: untraced });
    await target.obliterate({ force: true });
  });

  it('lets several relays share the backlog without sending any event twice', async () => {
    const writer = await boot(false);
    const ids: string[] = [];
    for (let index = 0; index < 120; index += 1) ids.push(await writeThing(writer, `bulk-${index}`));
    const relays = [writer, await boot(false), await boot(false)].map((context) => context.get(OutboxRelay));
    // Each relay counts only rows it locked and sent: a row sent twice would make the sum exceed 120.
    const counts = await Promise.all(relays.map((relay) => relay.flush()));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(120);
    const jobs = await target.getJobs(['waiting', 'delayed', 'active', 'completed']);
    expect(new Set(jobs.map((job) => job.id))).toEqual(new Set(ids));
    await target.obliterate({ force: true });
  });

  it('delivers to a real consumer when the relay runs on its own timer', async () => {
    const context = await boot(true);
    const received: Job[] = [];
    const consumer = new Worker('outbox-target', async (job) => { received.push(job); return job.data.label; }, {
      connection: { url: testEnv.env.REDIS_URL! },
      prefix: testEnv.queuePrefix,
    });
    try {
      const id = await writeThing(context, 'timed');
      const job = await eventually(() => target.getJob(id));
      expect(await job.waitUntilFinished(events, 5000)).toBe('timed');
      expect(received.map((entry) => entry.id)).toEqual([id]);
    } finally {
      await consumer.close();
    }
  });
});
