import { LIVE_CLASS_RECORDED_EVENT, PROGRESS_EVENTS_QUEUE } from '@academy/contracts';
import { runMigrations } from '@academy/service-core';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { progressDatabase } from '../database.js';
import { WorkerModule } from '../worker.module.js';

describe('live_class.recorded from catalogue (real PostgreSQL, Redis and the progress worker)', () => {
  let testEnv: ServiceTestEnvironment;
  let worker: INestApplicationContext;
  let queue: Queue;
  let events: QueueEvents;
  const courseId = randomUUID();

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment({ CATALOGUE_URL: 'http://127.0.0.1:1' });
    await runMigrations({ url: testEnv.database.url, ...progressDatabase });
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    const connection = { url: testEnv.env.REDIS_URL! };
    queue = new Queue(PROGRESS_EVENTS_QUEUE, { connection, prefix: testEnv.queuePrefix });
    events = new QueueEvents(PROGRESS_EVENTS_QUEUE, { connection, prefix: testEnv.queuePrefix });
    await events.waitUntilReady();
  }, 60_000);

  afterAll(async () => {
    await events?.close();
    await queue?.obliterate({ force: true });
    await queue?.close();
    await worker?.close();
    await testEnv?.teardown();
  });

  /** As catalogue's outbox relay adds it: the job id is the event id. */
  const deliver = async (data: object, jobId: string = randomUUID()) =>
    (await queue.add(LIVE_CLASS_RECORDED_EVENT, data, { jobId, attempts: 1 })).waitUntilFinished(events, 15_000);
  const askInClass = (classId: string, atSecond: number, lectureId: string | null = null) =>
    worker.get(DataSource).query(
      `INSERT INTO progress.doubts (course_id, lecture_id, live_class_id, educator_id, user_id, author_name, at_second, body_text, body_html, client_id)
       VALUES ($1, $2, $3, 'test|educator', 'test|learner', 'Learner', $4, 'Why?', '<p>Why?</p>', $5) RETURNING id`,
      [courseId, lectureId, classId, atSecond, randomUUID()],
    ).then((rows: { id: string }[]) => rows[0]!.id);
  const lectureOf = async (doubtId: string): Promise<string | null> =>
    (await worker.get(DataSource).query('SELECT lecture_id FROM progress.doubts WHERE id = $1', [doubtId]))[0].lecture_id;

  it("moves the class's doubts under the recording's lecture once, however often the event is delivered", async () => {
    const classId = randomUUID();
    const lectureId = randomUUID();
    const asked = [await askInClass(classId, 95), await askInClass(classId, 300)];
    const otherClass = await askInClass(randomUUID(), 10);
    const event = { classId, lectureId };
    expect(await deliver(event)).toEqual({ linkedDoubts: 2 });
    expect(await Promise.all(asked.map(lectureOf))).toEqual([lectureId, lectureId]);
    expect(await lectureOf(otherClass)).toBeNull();
    // Redelivered (at least once) or sent again with another event id: nothing moves twice.
    expect(await deliver(event)).toEqual({ linkedDoubts: 0 });
    expect(await deliver({ ...event, eventId: randomUUID() })).toEqual({ linkedDoubts: 0 });
    expect(await Promise.all(asked.map(lectureOf))).toEqual([lectureId, lectureId]);
  });

  it('fails a malformed event without retrying and moves nothing', async () => {
    const classId = randomUUID();
    const doubt = await askInClass(classId, 5);
    await expect(deliver({ classId, lectureId: 'not-a-lecture' })).rejects.toThrow(/payload rejected/);
    expect(await lectureOf(doubt)).toBeNull();
  });
});
