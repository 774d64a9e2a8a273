import { InjectQueue } from '@nestjs/bullmq';
import { Controller, Injectable, INestApplication, Module, Post, Inject } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { QueueEvents, type Job, type Queue } from 'bullmq';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import request from 'supertest';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { Public } from '../auth/decorators.js';
import { CoreModule } from '../core.module.js';
import { runMigrations } from '../database/data-source.js';
import { InternalClient } from '../internal/internal-client.js';
import { loggerParams } from '../logging/logging.js';
import { currentRequestId, jobRequestId, runWithRequestId } from '../logging/request-context.js';
import { createOutboxTableSql } from '../outbox/outbox-table.js';
import { startMetricsServer } from './http-metrics.js';
import { JobHandler, type JobProcessor } from '../queue/job-registry.js';
import { QueueModule } from '../queue/queue.module.js';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment } from '../testing/service-env.js';

// Queue depth and outbox backlog on /metrics, job durations and failures, and the request id carried from an HTTP
// request into internal calls, enqueued jobs and the job's own context, against real PostgreSQL and Redis.

class CreateObservedOutbox1700000000001 implements MigrationInterface {
  name = 'CreateObservedOutbox1700000000001';
  async up(runner: QueryRunner): Promise<void> {
    for (const sql of createOutboxTableSql('observed')) await runner.query(sql);
  }
  async down(): Promise<void> {}
}
const database = { schema: 'observed', entities: [], migrations: [CreateObservedOutbox1700000000001] };
const QUEUE = 'observed';
const seen: { requestId: string | undefined; data: unknown }[] = [];

@Injectable()
@JobHandler('record')
class RecordJob implements JobProcessor<{ fail?: boolean }, string | undefined> {
  async handle(job: Job<{ fail?: boolean }>) {
    seen.push({ requestId: currentRequestId(), data: job.data });
    if (job.data.fail) throw new Error('asked to fail');
    return currentRequestId();
  }
}

const INTERNAL = Symbol('internal client');

@Controller('probe')
class ProbeController {
  constructor(
    @InjectQueue(QUEUE) private readonly queue: Queue,
    @Inject(INTERNAL) private readonly internal: InternalClient,
  ) {}

  @Post()
  @Public()
  async enqueue() {
    await this.internal.get('/internal/anything');
    const job = await this.queue.add('record', { fail: false }, { removeOnComplete: false });
    return { success: true, jobId: job.id, requestId: currentRequestId() };
  }
}

describe('observability: queue and outbox metrics, request id through calls and jobs', () => {
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;
  let worker: INestApplication;
  let echo: Server;
  const echoed: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment();
    await runMigrations({ url: testEnv.database.url, ...database });
    echo = createServer((req, res) => {
      echoed.push(req.headers);
      res.setHeader('content-type', 'application/json').end('{"success":true}');
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const internal = new InternalClient({ baseUrl: `http://127.0.0.1:${(echo.address() as AddressInfo).port}`, token: 'test-internal-token-0123456789' });

    @Module({
      imports: [CoreModule.forRoot({ service: 'observed', database }), QueueModule.forProducer(QUEUE)],
      controllers: [ProbeController],
      providers: [{ provide: INTERNAL, useValue: internal }],
    })
    class HttpModule {}
    app = (await Test.createTestingModule({ imports: [HttpModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await new Promise((resolve) => echo?.close(resolve));
    await testEnv?.teardown();
  });

  it('reports waiting jobs per queue and the outbox backlog of the schema on /metrics', async () => {
    const client = new pg.Client({ connectionString: testEnv.database.url });
    await client.connect();
    try {
      await client.query(`INSERT INTO observed.outbox (queue, name, payload, created_at) VALUES ('x', 'a', '{}', now() - interval '90 seconds'), ('x', 'b', '{}', now())`);
      await client.query(`INSERT INTO observed.outbox (queue, name, payload, dispatched_at) VALUES ('x', 'c', '{}', now())`);
    } finally {
      await client.end();
    }
    const sent = await request(app.getHttpServer()).post('/probe').set('X-Request-Id', 'trace-metrics-1').expect(201);
    expect(sent.body.requestId).toBe('trace-metrics-1');

    const metrics = (await request(app.getHttpServer()).get('/metrics').expect(200)).text;
    expect(metrics).toContain(`queue_jobs{queue="${QUEUE}",state="waiting"} 1`);
    expect(metrics).toContain(`queue_jobs{queue="${QUEUE}",state="active"} 0`);
    expect(metrics).toContain(`queue_jobs{queue="${QUEUE}",state="failed"} 0`);
    expect(metrics).toContain('outbox_backlog{schema="observed"} 2');
    const age = Number(/outbox_oldest_pending_seconds\{schema="observed"\} ([\d.]+)/.exec(metrics)?.[1]);
    expect(age).toBeGreaterThanOrEqual(89);
  });

  it('passes the request id to internal calls and into the jobs the request enqueued', async () => {
    const sent = await request(app.getHttpServer()).post('/probe').set('X-Request-Id', 'trace-42').expect(201);
    expect(sent.headers['x-request-id']).toBe('trace-42');
    expect(echoed.at(-1)?.['x-request-id']).toBe('trace-42');
    const job = await app.get<Queue>(`BullQueue_${QUEUE}`).getJob(sent.body.jobId);
    expect(job?.data).toEqual({ fail: false, requestId: 'trace-42' });
    // Without a sane incoming id, pino-http makes one: it is the one passed on.
    const fresh = await request(app.getHttpServer()).post('/probe').expect(201);
    expect(fresh.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(echoed.at(-1)?.['x-request-id']).toBe(fresh.body.requestId);
  });

  it('runs each job under the enqueuing request id, times it and counts failures on the worker', async () => {
    @Module({
      imports: [CoreModule.forRoot({ service: 'observed', database, http: false }), QueueModule.forWorker({ queue: QUEUE, jobNames: ['record'], handlers: [RecordJob] })],
    })
    class WorkerModule {}
    worker = (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).createNestApplication({ logger: false });
    await worker.init();
    const queue = app.get<Queue>(`BullQueue_${QUEUE}`);
    const events = new QueueEvents(QUEUE, { connection: { url: testEnv.env.REDIS_URL }, prefix: testEnv.queuePrefix });
    try {
      await events.waitUntilReady();
      const traced = await runWithRequestId('trace-job-7', () => queue.add('record', { fail: false }));
      await expect(traced.waitUntilFinished(events, 10_000)).resolves.toBe('trace-job-7');
      const failing = await queue.add('record', { fail: true }, { attempts: 1 });
      await expect(failing.waitUntilFinished(events, 10_000)).rejects.toThrow('asked to fail');
      expect(seen.at(-1)?.requestId).toBe(`${QUEUE}:${failing.id}`);
    } finally {
      await events.close();
    }
    const metrics = (await request(app.getHttpServer()).get('/metrics').expect(200)).text;
    expect(metrics).toMatch(new RegExp(`queue_job_duration_seconds_count\\{queue="${QUEUE}",job="record",outcome="completed"\\} [1-9]`));
    expect(metrics).toContain(`queue_job_failures_total{queue="${QUEUE}",job="record"} 1`);
    expect(metrics).toContain(`queue_jobs{queue="${QUEUE}",state="failed"} 1`);
  });

  it('serves the same metrics from a worker process on METRICS_PORT (no HTTP app there)', async () => {
    const server = await startMetricsServer(0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const scrape = await fetch(`${base}/metrics`);
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toContain(`queue_job_failures_total{queue="${QUEUE}",job="record"} 1`);
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('writes the request id into every log line written meanwhile (pino mixin), and only then', () => {
    const mixin = (loggerParams('info', 'observed').pinoHttp as { mixin: () => object }).mixin;
    expect(mixin()).toEqual({});
    expect(runWithRequestId('trace-log', () => mixin())).toEqual({ requestId: 'trace-log' });
    expect(jobRequestId('q', { id: '5', data: { requestId: 'bad id <x>' } })).toBe('q:5');
  });
});
