import { CATALOGUE_EVENTS_QUEUE, CatalogueEvent, type CourseDetail, type CourseRatedEvent, type CourseSummary } from '@academy/contracts';
import { runMigrations } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { catalogueDatabase } from '../database.js';
import { WorkerModule } from '../worker.module.js';

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082',
  'hex',
);
const courseData = {
  courseTitle: 'Class 9 Physics: Motion',
  courseDescription: '<p>Speed and velocity</p>',
  coursePrice: 300,
  discount: 0,
  courseContent: [
    { chapterTitle: 'Basics', chapterContent: [{ lectureTitle: 'Speed', lectureDuration: 9, lectureUrl: 'https://youtu.be/abcdefghijk', isPreviewFree: true }] },
  ],
};

/**
 * The catalogue's answer cache seen from two API replicas and the worker sharing one Redis: every write on one
 * process shows at once on the other replica, whose cache was warm.
 */
describe('course answer cache (two API replicas and the worker, real PostgreSQL and Redis)', () => {
  let env: ServiceTestEnvironment;
  let writer: INestApplication; // replica A: takes the educator's writes
  let reader: INestApplication; // replica B: answers the learners, its cache warm
  let worker: INestApplicationContext;
  let dataSource: DataSource;
  let queue: Queue;
  let events: QueueEvents;
  let educatorToken: string;
  let courseId: string;

  const auth = () => ({ Authorization: `Bearer ${educatorToken}` });
  const list = async (): Promise<CourseSummary[]> =>
    (await request(reader.getHttpServer()).get('/api/course/all?limit=12').expect(200)).body.courses;
  const detail = async (): Promise<CourseDetail> =>
    (await request(reader.getHttpServer()).get(`/api/course/${courseId}`).expect(200)).body.courseData;

  beforeAll(async () => {
    env = await prepareServiceTestEnvironment();
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    const startApp = async () => {
      const app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication();
      return app.init();
    };
    writer = await startApp();
    reader = await startApp();
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    dataSource = reader.get<DataSource>(getDataSourceToken());
    const connection = { url: env.env.REDIS_URL! };
    queue = new Queue(CATALOGUE_EVENTS_QUEUE, { connection, prefix: env.queuePrefix });
    events = new QueueEvents(CATALOGUE_EVENTS_QUEUE, { connection, prefix: env.queuePrefix });
    await events.waitUntilReady();
    educatorToken = await env.issuer.sign(demoUsers.educator);
  }, 60_000);

  afterAll(async () => {
    await events?.close();
    await queue?.obliterate({ force: true });
    await queue?.close();
    await Promise.all([writer?.close(), reader?.close(), worker?.close()]);
    await env?.teardown();
  });

  it('shows a new course on the other replica at once', async () => {
    expect(await list()).toEqual([]); // warms the reader's list entry
    const { body } = await request(writer.getHttpServer()).post('/api/educator/add-course').set(auth())
      .field('courseData', JSON.stringify(courseData)).attach('image', png, 'thumb.png').expect(201);
    courseId = body.courseId as string;
    expect((await list()).map((c) => c.courseTitle)).toEqual([courseData.courseTitle]);
    expect((await detail()).courseTitle).toBe(courseData.courseTitle);
  });

  it('answers from the cache: a change made behind the service’s back is not seen', async () => {
    // Proves the entries are really served from memory (so the tests below prove invalidation, not a miss).
    await dataSource.query(`UPDATE catalogue.courses SET title = 'Changed behind the back' WHERE id = $1`, [courseId]);
    expect((await detail()).courseTitle).toBe(courseData.courseTitle);
    expect((await list())[0]!.courseTitle).toBe(courseData.courseTitle);
  });

  it('shows an edited course on the other replica at once', async () => {
    await request(writer.getHttpServer()).put(`/api/educator/courses/${courseId}`).set(auth())
      .field('courseData', JSON.stringify({ ...courseData, courseTitle: 'Class 9 Physics: Motion and Force' })).expect(200);
    expect((await detail()).courseTitle).toBe('Class 9 Physics: Motion and Force');
    expect((await list())[0]!.courseTitle).toBe('Class 9 Physics: Motion and Force');
  });

  it('shows a re-rating applied by the worker at once', async () => {
    expect((await detail()).ratingCount).toBe(0);
    const event: CourseRatedEvent = { eventId: randomUUID(), courseId, userId: 'sandbox|student-aarav', rating: 4, previousRating: null };
    const job = await queue.add(CatalogueEvent.CourseRated, event, { jobId: event.eventId, attempts: 1 });
    expect(await job.waitUntilFinished(events, 15_000)).toEqual({ applied: true });
    expect(await detail()).toMatchObject({ ratingCount: 1, averageRating: 4 });
    expect((await list())[0]).toMatchObject({ averageRating: 4 });
  });

  it('hides an unpublished course on the other replica at once, and shows it again when republished', async () => {
    await request(writer.getHttpServer()).post(`/api/educator/courses/${courseId}/unpublish`).set(auth()).expect(200);
    expect(await list()).toEqual([]);
    await request(reader.getHttpServer()).get(`/api/course/${courseId}`).expect(404);
    await request(writer.getHttpServer()).post(`/api/educator/courses/${courseId}/publish`).set(auth()).expect(200);
    expect(await list()).toHaveLength(1);
    expect((await detail()).courseTitle).toBe('Class 9 Physics: Motion and Force');
  });
});
