import { CATALOGUE_EVENTS_QUEUE } from '@academy/contracts';
import { HEALTH_PING_JOB, runMigrations, type HealthPingResult } from '@academy/service-core';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Queue, QueueEvents } from 'bullmq';
import type { DataSource } from 'typeorm';
import { catalogueDatabase } from './database.js';
import { demoCourses } from './seed/demo-courses.js';
import { seedDemoCatalogue } from './seed/seed-demo-catalogue.js';
import { WorkerModule } from './worker.module.js';

describe('catalogue worker and seed (real PostgreSQL and Redis)', () => {
  let env: ServiceTestEnvironment;
  let worker: INestApplicationContext;
  let dataSource: DataSource;

  beforeAll(async () => {
    env = await prepareServiceTestEnvironment();
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    const moduleRef = await Test.createTestingModule({ imports: [WorkerModule] }).compile();
    worker = await moduleRef.init();
    dataSource = worker.get<DataSource>(getDataSourceToken());
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await env?.teardown();
  });

  it('seeds idempotently and leaves counters fed by events alone', async () => {
    const first = await seedDemoCatalogue(dataSource);
    const count = async () => (await dataSource.query(
      `SELECT (SELECT count(*) FROM catalogue.courses)::int AS courses, (SELECT count(*) FROM catalogue.chapters)::int AS chapters,
              (SELECT count(*) FROM catalogue.lectures)::int AS lectures, (SELECT max(updated_at) FROM catalogue.courses) AS updated`,
    ))[0] as { courses: number; chapters: number; lectures: number; updated: Date };
    const before = await count();
    expect(before).toMatchObject({ courses: first.courses, chapters: first.chapters, lectures: first.lectures });
    expect(first.courses).toBe(demoCourses.length);

    await dataSource.query(`UPDATE catalogue.courses SET student_count = 9999 WHERE id = $1`, [demoCourses[0]!.id]);
    await seedDemoCatalogue(dataSource);
    const after = await count();
    expect(after).toEqual(before); // same rows, and unchanged courses keep their updated_at
    const [{ student_count }] = await dataSource.query(`SELECT student_count FROM catalogue.courses WHERE id = $1`, [demoCourses[0]!.id]);
    expect(student_count).toBe(9999);
  });

  it('answers the shared health ping taken from its events queue', async () => {
    const connection = { url: env.env.REDIS_URL! };
    const queue = new Queue(CATALOGUE_EVENTS_QUEUE, { connection, prefix: env.queuePrefix });
    const events = new QueueEvents(CATALOGUE_EVENTS_QUEUE, { connection, prefix: env.queuePrefix });
    try {
      await events.waitUntilReady();
      const job = await queue.add(HEALTH_PING_JOB, { sentAt: Date.now() });
      const result = (await job.waitUntilFinished(events, 15_000)) as HealthPingResult;
      expect(result).toMatchObject({ pong: true, worker: process.pid });
    } finally {
      await events.close();
      await queue.close();
    }
  });
});
