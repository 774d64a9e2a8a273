import { CATALOGUE_EVENTS_QUEUE, CatalogueEvent, type CourseEnrolledEvent, type CourseRatedEvent, type CourseUnenrolledEvent } from '@academy/contracts';
import { runMigrations } from '@academy/service-core';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { catalogueDatabase } from '../database.js';
import { demoCourses } from '../seed/demo-courses.js';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue.js';
import { WorkerModule } from '../worker.module.js';

describe('catalogue events consumer (real PostgreSQL and Redis)', () => {
  let env: ServiceTestEnvironment;
  let worker: INestApplicationContext;
  let dataSource: DataSource;
  let queue: Queue;
  let events: QueueEvents;
  const courseId = () => demoCourses[0]!.id;

  beforeAll(async () => {
    env = await prepareServiceTestEnvironment();
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    dataSource = worker.get<DataSource>(getDataSourceToken());
    await seedDemoCatalogue(dataSource);
    await dataSource.query('UPDATE catalogue.courses SET student_count = 0, rating_sum = 0, rating_count = 0');
    const connection = { url: env.env.REDIS_URL! };
    queue = new Queue(CATALOGUE_EVENTS_QUEUE, { connection, prefix: env.queuePrefix });
    events = new QueueEvents(CATALOGUE_EVENTS_QUEUE, { connection, prefix: env.queuePrefix });
    await events.waitUntilReady();
  }, 60_000);

  afterAll(async () => {
    await events?.close();
    await queue?.obliterate({ force: true });
    await queue?.close();
    await worker?.close();
    await env?.teardown();
  });

  /** Adds a job as the outbox relay does (job id = event id) and waits for the worker's answer. */
  const deliver = async (name: string, data: object, jobId: string = randomUUID()) => {
    const job = await queue.add(name, data, { jobId, attempts: 1 });
    return job.waitUntilFinished(events, 15_000);
  };
  const counters = async () =>
    (await dataSource.query('SELECT student_count, rating_sum, rating_count FROM catalogue.courses WHERE id = $1', [courseId()]))[0];

  it('counts an enrolment once per purchase, however often it is delivered', async () => {
    const purchaseId = randomUUID();
    const event: CourseEnrolledEvent = { eventId: randomUUID(), courseId: courseId(), userId: 'sandbox|student-aarav', purchaseId };
    expect(await deliver(CatalogueEvent.CourseEnrolled, event)).toEqual({ applied: true });
    // Redelivered with a new job (e.g. after the relay's job was removed) and re-sent with another event id.
    expect(await deliver(CatalogueEvent.CourseEnrolled, event)).toEqual({ applied: false });
    expect(await deliver(CatalogueEvent.CourseEnrolled, { ...event, eventId: randomUUID() })).toEqual({ applied: false });
    expect(await counters()).toMatchObject({ student_count: 1 });

    // A payload without eventId (the job id is the event id) still works.
    const { eventId: _unused, ...withoutId } = { ...event, purchaseId: randomUUID() };
    expect(await deliver(CatalogueEvent.CourseEnrolled, withoutId)).toEqual({ applied: true });
    expect(await counters()).toMatchObject({ student_count: 2 });
  });

  it('counts a refunded enrolment out once, and only after its enrolment was counted', async () => {
    const before = (await counters()).student_count as number;
    const purchaseId = randomUUID();
    const unenrolled: CourseUnenrolledEvent = { eventId: randomUUID(), courseId: courseId(), userId: 'u9', purchaseId, refundId: 'rfnd_1' };
    // Delivered before its course.enrolled: fails (BullMQ retries it) and changes nothing.
    await expect(deliver(CatalogueEvent.CourseUnenrolled, unenrolled)).rejects.toThrow(/not counted yet/);
    expect(await counters()).toMatchObject({ student_count: before });
    await deliver(CatalogueEvent.CourseEnrolled, { eventId: randomUUID(), courseId: courseId(), userId: 'u9', purchaseId });
    expect(await counters()).toMatchObject({ student_count: before + 1 });
    expect(await deliver(CatalogueEvent.CourseUnenrolled, { ...unenrolled, eventId: randomUUID() })).toEqual({ applied: true });
    expect(await deliver(CatalogueEvent.CourseUnenrolled, { ...unenrolled, eventId: randomUUID() })).toEqual({ applied: false });
    expect(await counters()).toMatchObject({ student_count: before });
  });

  it('applies a new rating, then the difference of a replaced one, each event once', async () => {
    const first: CourseRatedEvent = { eventId: randomUUID(), courseId: courseId(), userId: 'u1', rating: 5, previousRating: null };
    const replaced: CourseRatedEvent = { eventId: randomUUID(), courseId: courseId(), userId: 'u1', rating: 2, previousRating: 5 };
    const second: CourseRatedEvent = { eventId: randomUUID(), courseId: courseId(), userId: 'u2', rating: 4, previousRating: null };
    await deliver(CatalogueEvent.CourseRated, first);
    await deliver(CatalogueEvent.CourseRated, replaced);
    expect(await deliver(CatalogueEvent.CourseRated, replaced)).toEqual({ applied: false });
    await deliver(CatalogueEvent.CourseRated, second);
    expect(await counters()).toMatchObject({ rating_sum: 6, rating_count: 2 });
  });

  it('shows the new counters on the public course (average of 2 and 4 is 3)', async () => {
    const [row] = await dataSource.query('SELECT floor(rating_sum::numeric / rating_count)::int AS average FROM catalogue.courses WHERE id = $1', [courseId()]);
    expect(row).toEqual({ average: 3 });
  });

  it('fails a malformed event without retrying and changes nothing', async () => {
    await expect(deliver(CatalogueEvent.CourseRated, { courseId: courseId(), userId: 'u3', rating: 9, previousRating: null })).rejects.toThrow(/payload rejected/);
    expect(await counters()).toMatchObject({ rating_sum: 6, rating_count: 2 });
  });

  it('records an event for a course that no longer exists without failing', async () => {
    const event: CourseRatedEvent = { eventId: randomUUID(), courseId: randomUUID(), userId: 'u1', rating: 3, previousRating: null };
    expect(await deliver(CatalogueEvent.CourseRated, event)).toEqual({ applied: false });
  });
});
