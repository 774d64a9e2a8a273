import { jest } from '@jest/globals';
import { Injectable, Logger, Module, type INestApplication, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Queue, type Job } from 'bullmq';
import request from 'supertest';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { CoreModule } from '../core.module.js';
import { runMigrations } from '../database/data-source.js';
import { OutboxModule } from '../outbox/outbox.module.js';
import { OutboxRelay } from '../outbox/outbox-relay.js';
import { addOutboxRequestIdSql, createOutboxTableSql } from '../outbox/outbox-table.js';
import { OutboxWriter } from '../outbox/outbox-writer.js';
import { eventually, untilWorkSettled } from '../testing/eventually.js';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment } from '../testing/service-env.js';
import { createDeadLetterTableSql, DeadLetterStore, type DeadLetter } from './dead-letters.js';
import { JobHandler, type JobProcessor } from './job-registry.js';
import { QueueModule } from './queue.module.js';

const SCHEMA = 'dlprobe';
const QUEUE = 'dl-target';

class CreateProbe1700000000001 implements MigrationInterface {
  name = 'CreateProbe1700000000001';
  async up(runner: QueryRunner) {
    for (const sql of [...createOutboxTableSql(SCHEMA), ...addOutboxRequestIdSql(SCHEMA)]) await runner.query(sql);
    await runner.query(`CREATE TABLE "${SCHEMA}"."applied" ("event_id" uuid PRIMARY KEY, "label" text NOT NULL)`);
    await runner.query(`CREATE TABLE "${SCHEMA}"."totals" ("id" int PRIMARY KEY, "things" int NOT NULL)`);
    await runner.query(`INSERT INTO "${SCHEMA}"."totals" VALUES (1, 0)`);
  }
  async down() {}
}

class AddDeadLetters1700000000002 implements MigrationInterface {
  name = 'AddDeadLetters1700000000002';
  async up(runner: QueryRunner) {
    for (const sql of createDeadLetterTableSql(SCHEMA, { withOutbox: true })) await runner.query(sql);
  }
  async down() {}
}

const database = { schema: SCHEMA, entities: [], migrations: [CreateProbe1700000000001, AddDeadLetters1700000000002] };

/** The fault the consumer injects, per label: throw on the first attempt only, or on every attempt. */
const faults = new Map<string, 'once' | 'always'>();
const attemptsSeen = new Map<string, number>();

/**
 * An idempotent consumer like the services' (processed-event guard and the effect in one transaction). The fault
 * is thrown AFTER the effect was written, so a failed attempt must roll back, as a deadlock or a crash would.
 */
@Injectable()
@JobHandler('thing.created')
class ApplyThing implements JobProcessor<{ label: string; eventId: string }, boolean> {
  constructor(private readonly dataSource: DataSource) {}

  async handle(job: Job<{ label: string; eventId: string }, boolean>): Promise<boolean> {
    const { label, eventId } = job.data;
    attemptsSeen.set(label, (attemptsSeen.get(label) ?? 0) + 1);
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO "${SCHEMA}"."applied" ("event_id", "label") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "event_id"`,
        [eventId, label],
      );
      if (inserted.length === 1) await manager.query(`UPDATE "${SCHEMA}"."totals" SET "things" = "things" + 1 WHERE "id" = 1`);
      const fault = faults.get(label);
      if (fault === 'always' || (fault === 'once' && attemptsSeen.get(label) === 1)) throw new Error(`injected fault for ${label}`);
      return inserted.length === 1;
    });
  }
}

describe('dead letters: retried consumers, dead-lettered events and replay (real PostgreSQL and Redis)', () => {
  let testEnv: ServiceTestEnvironment;
  let worker: INestApplicationContext;
  let http: INestApplication;
  let dataSource: DataSource;
  let store: DeadLetterStore;
  let target: Queue;
  const errorLog = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);

  beforeAll(async () => {
    // Three attempts 50 ms apart instead of ten over 17 minutes.
    testEnv = await prepareServiceTestEnvironment({ JOB_ATTEMPTS: '3', JOB_BACKOFF_MS: '50' });
    await runMigrations({ url: testEnv.database.url, ...database });
    target = new Queue(QUEUE, { connection: { url: testEnv.env.REDIS_URL! }, prefix: testEnv.queuePrefix });
    @Module({
      imports: [
        CoreModule.forRoot({ service: 'dl-worker', http: false, database }),
        OutboxModule.forRelay({ schema: SCHEMA, routes: { 'thing.created': QUEUE }, pollIntervalMs: 50, maxAttempts: 2 }),
        QueueModule.forWorker({ queue: QUEUE, jobNames: ['thing.created'], handlers: [ApplyThing] }),
      ],
    })
    class WorkerModule {}
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    dataSource = worker.get(DataSource);
    store = worker.get(DeadLetterStore);

    @Module({ imports: [CoreModule.forRoot({ service: 'dl-http', database })] })
    class HttpModule {}
    http = (await Test.createTestingModule({ imports: [HttpModule] }).compile()).createNestApplication({ logger: false });
    await http.init();
  });

  afterAll(async () => {
    await worker?.close();
    await http?.close();
    await target?.close();
    await testEnv?.teardown();
    errorLog.mockRestore();
  });

  const publish = (label: string) =>
    dataSource.transaction((manager) => worker.get(OutboxWriter).add(manager, { topic: 'thing.created', payload: { label }, key: label }));
  const applied = async (): Promise<{ event_id: string; label: string }[]> =>
    dataSource.query(`SELECT "event_id", "label" FROM "${SCHEMA}"."applied" ORDER BY "label"`);
  const total = async (): Promise<number> => (await dataSource.query(`SELECT "things" FROM "${SCHEMA}"."totals"`))[0].things;
  const letterOf = async (jobId: string): Promise<DeadLetter | undefined> =>
    (await store.list()).find((letter) => letter.jobId === jobId);

  it('applies exactly once an event whose consumer throws on its first attempt', async () => {
    faults.set('flaky', 'once');
    const eventId = await publish('flaky');
    await eventually(async () => (await applied()).some((row) => row.event_id === eventId));
    const job = await eventually(async () => {
      const found = await target.getJob(eventId);
      return found?.finishedOn ? found : undefined;
    });
    expect(await job.getState()).toBe('completed');
    expect(job.attemptsMade).toBe(2);
    expect(attemptsSeen.get('flaky')).toBe(2);
    expect(await applied()).toEqual([{ event_id: eventId, label: 'flaky' }]);
    expect(await total()).toBe(1);
    expect(await letterOf(eventId)).toBeUndefined();
  });

  it('dead-letters an event whose consumer always throws (table, log, metric), then replays it once the fault is fixed', async () => {
    faults.set('broken', 'always');
    const eventId = await publish('broken');
    const letter = await eventually(() => letterOf(eventId));
    expect(letter).toMatchObject({
      queue: QUEUE,
      name: 'thing.created',
      stage: 'consumer',
      status: 'dead',
      attempts: 3,
      error: 'injected fault for broken',
      data: { label: 'broken', eventId },
      replayCount: 0,
    });
    expect(attemptsSeen.get('broken')).toBe(3);
    expect(await total()).toBe(1); // every attempt rolled back
    expect(errorLog.mock.calls.map((call) => String(call[0]))).toContainEqual(
      expect.stringMatching(new RegExp(`DEAD LETTER consumer ${QUEUE}/thing.created job ${eventId} after 3 attempt\\(s\\): injected fault`)),
    );
    const metrics = await request(http.getHttpServer()).get('/metrics').expect(200);
    expect(metrics.text).toContain(`academy_dead_letters{schema="${SCHEMA}",queue="${QUEUE}",stage="consumer"} 1`);

    faults.delete('broken'); // the fault is fixed
    const replayed = await store.replay(letter.id);
    expect(replayed).toMatchObject({ status: 'replayed', replayCount: 1 });
    await eventually(async () => (await applied()).some((row) => row.event_id === eventId));
    expect(await total()).toBe(2);
    // A second replay of the same letter does nothing, and the event stays applied once.
    expect(await store.replay(letter.id)).toMatchObject({ status: 'replayed', replayCount: 1 });
    await untilWorkSettled({ redisUrl: testEnv.env.REDIS_URL!, prefix: testEnv.queuePrefix, queues: [QUEUE] });
    expect((await applied()).filter((row) => row.event_id === eventId)).toHaveLength(1);
    expect(await total()).toBe(2);
    const after = await request(http.getHttpServer()).get('/metrics').expect(200);
    expect(after.text).not.toContain(`academy_dead_letters{schema="${SCHEMA}",queue="${QUEUE}",stage="consumer"} 1`);
  });

  it('sets aside an outbox row the relay cannot send, without blocking the rows behind it, and replays it', async () => {
    // A row routed to a queue this relay does not serve (as after a bad deploy) fails on every attempt.
    const [{ id: stuckId }] = await dataSource.query(
      `INSERT INTO "${SCHEMA}"."outbox" ("queue", "name", "payload") VALUES ('dl-elsewhere', 'thing.created', '{"label":"stuck"}') RETURNING "id"`,
    );
    const behindId = await publish('behind');
    await eventually(async () => (await applied()).some((row) => row.event_id === behindId));
    const letter = await eventually(() => letterOf(stuckId), 8000);
    expect(letter).toMatchObject({ stage: 'relay', status: 'dead', attempts: 2, queue: 'dl-elsewhere', data: { label: 'stuck', eventId: stuckId } });
    expect(letter.error).toMatch(/no queue "dl-elsewhere"/);
    const [row] = await dataSource.query(`SELECT * FROM "${SCHEMA}"."outbox" WHERE "id" = $1`, [stuckId]);
    expect(row.dead_lettered_at).toBeInstanceOf(Date);
    expect(row.dispatched_at).toBeNull();
    expect(await worker.get(OutboxRelay).flush()).toBe(0); // set aside: the relay no longer picks it

    await store.replay(letter.id);
    const elsewhere = new Queue('dl-elsewhere', { connection: { url: testEnv.env.REDIS_URL! }, prefix: testEnv.queuePrefix });
    try {
      expect(await elsewhere.getJob(stuckId)).toMatchObject({ name: 'thing.created', data: { label: 'stuck', eventId: stuckId } });
    } finally {
      await elsewhere.close();
    }
    const [sent] = await dataSource.query(`SELECT * FROM "${SCHEMA}"."outbox" WHERE "id" = $1`, [stuckId]);
    expect(sent.dispatched_at).toBeInstanceOf(Date);
    expect(sent.dead_lettered_at).toBeNull();
  });
});
