import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, INestApplication, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Queue, QueueEvents, type Job } from 'bullmq';
import pg from 'pg';
import request from 'supertest';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CoreModule } from './core.module.js';
import { runMigrations } from './database/data-source.js';
import { JobHandler, JobRegistryError, type JobProcessor } from './queue/job-registry.js';
import { QueueModule } from './queue/queue.module.js';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment } from './testing/service-env.js';

class CreateProbeTable1700000000000 implements MigrationInterface {
  name = 'CreateProbeTable1700000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE SCHEMA IF NOT EXISTS "probe"');
    await runner.query('CREATE TABLE "probe"."things" ("id" serial PRIMARY KEY, "label" text NOT NULL)');
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "probe"."things"');
  }
}

const database = { schema: 'probe', entities: [], migrations: [CreateProbeTable1700000000000] };

enum ProbeJob {
  Echo = 'echo',
  Shout = 'shout',
}

@Injectable()
@JobHandler(ProbeJob.Echo)
class EchoJob implements JobProcessor<{ text: string }, string> {
  async handle(job: Job<{ text: string }, string>) {
    return job.data.text;
  }
}

@Injectable()
@JobHandler(ProbeJob.Shout)
class ShoutJob implements JobProcessor<{ text: string }, string> {
  async handle(job: Job<{ text: string }, string>) {
    return job.data.text.toUpperCase();
  }
}

@Injectable()
@JobHandler(ProbeJob.Echo)
class SecondEchoJob extends EchoJob {}

@Injectable()
class Producer {
  constructor(@InjectQueue('probe') readonly queue: Queue) {}
}

describe('CoreModule against real PostgreSQL and Redis', () => {
  let testEnv: ServiceTestEnvironment;

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment();
  });

  afterAll(async () => {
    await testEnv?.teardown();
  });

  it('runs migrations into the service schema once, keeping the migrations table inside it', async () => {
    expect(await runMigrations({ url: testEnv.database.url, ...database })).toEqual(['CreateProbeTable1700000000000']);
    expect(await runMigrations({ url: testEnv.database.url, ...database })).toEqual([]);
    const client = new pg.Client({ connectionString: testEnv.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_schema: string; table_name: string }>(
        "SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema = 'probe' ORDER BY table_name",
      );
      expect(rows).toEqual([
        { table_schema: 'probe', table_name: 'migrations' },
        { table_schema: 'probe', table_name: 'things' },
      ]);
    } finally {
      await client.end();
    }
  });

  describe('an HTTP app with a worker', () => {
    let app: INestApplication;

    beforeAll(async () => {
      if (!testEnv) throw new Error('test environment was not prepared (see the first failure)');
      @Module({
        imports: [
          CoreModule.forRoot({ service: 'probe', database }),
          QueueModule.forWorker({ queue: 'probe', jobNames: Object.values(ProbeJob), handlers: [EchoJob, ShoutJob] }),
        ],
        providers: [Producer],
      })
      class ProbeModule {}
      const moduleRef = await Test.createTestingModule({ imports: [ProbeModule] }).compile();
      app = moduleRef.createNestApplication({ logger: false });
      await app.init();
    });

    afterAll(async () => {
      await app?.close();
    });

    it('reports Postgres and Redis up on /health without a token', async () => {
      const response = await request(app.getHttpServer()).get('/health').expect(200);
      expect(response.body).toMatchObject({ status: 'ok', info: { postgres: { status: 'up' }, redis: { status: 'up' } } });
    });

    it('answers the shallow liveness probe on /health/live without a token', async () => {
      const response = await request(app.getHttpServer()).get('/health/live').expect(200);
      expect(response.body).toEqual({ status: 'ok' });
    });

    it('publishes Prometheus metrics with request latency by route pattern and status', async () => {
      await request(app.getHttpServer()).get('/health/live').expect(200);
      const response = await request(app.getHttpServer()).get('/metrics').expect(200);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/health\/live",status="200"\} [1-9]/);
      expect(response.text).toContain('process_cpu_seconds_total');
    });

    it('answers an unknown route with 404 in the envelope', async () => {
      const response = await request(app.getHttpServer()).get('/anything').expect(404);
      expect(response.body).toEqual({ success: false, message: 'Cannot GET /anything' });
    });

    it('processes each job with its own handler, under the configured queue prefix', async () => {
      const { queue } = app.get(Producer);
      expect(queue.opts.prefix).toBe(testEnv.queuePrefix);
      const events = new QueueEvents('probe', { connection: { url: testEnv.env.REDIS_URL }, prefix: testEnv.queuePrefix });
      try {
        await events.waitUntilReady();
        const echo = await queue.add(ProbeJob.Echo, { text: 'hello' });
        const shout = await queue.add(ProbeJob.Shout, { text: 'hello' });
        await expect(echo.waitUntilFinished(events, 10_000)).resolves.toBe('hello');
        await expect(shout.waitUntilFinished(events, 10_000)).resolves.toBe('HELLO');
      } finally {
        await events.close();
      }
    });
  });

  it.each([
    ['a job name with no handler', [EchoJob], 'Queue "probe" has no handler for job(s): shout'],
    ['two handlers for one name', [EchoJob, ShoutJob, SecondEchoJob], 'Job "echo" on queue "probe" has two handlers: EchoJob and SecondEchoJob'],
  ])('refuses to declare a worker with %s', (_label, handlers, message) => {
    const declare = () => QueueModule.forWorker({ queue: 'probe', jobNames: Object.values(ProbeJob), handlers });
    expect(declare).toThrow(JobRegistryError);
    expect(declare).toThrow(message);
  });
});
