import { CatalogueEvent, type CourseEnrolledEvent } from '@academy/contracts';
import { runMigrations } from '@academy/service-core';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { catalogueDatabase } from '../database.js';
import { demoCourses } from '../seed/demo-courses.js';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue.js';
import { CatalogueEventFeed } from '../testing/catalogue-event-feed.js';
import { WorkerModule } from '../worker.module.js';
import { CourseAccessRepository } from './course-access.repository.js';

describe('course access projection from progress events (real PostgreSQL and Redis, no progress)', () => {
  let env: ServiceTestEnvironment;
  let worker: INestApplicationContext;
  let dataSource: DataSource;
  let feed: CatalogueEventFeed;
  let access: CourseAccessRepository;
  const [first, second] = demoCourses;
  const courseId = first!.id;
  const learner = () => `test|learner-${randomUUID()}`;
  const studentCount = async (): Promise<number> =>
    (await dataSource.query('SELECT student_count FROM catalogue.courses WHERE id = $1', [courseId]))[0].student_count;

  beforeAll(async () => {
    env = await prepareServiceTestEnvironment();
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    dataSource = worker.get<DataSource>(getDataSourceToken());
    await seedDemoCatalogue(dataSource);
    access = worker.get(CourseAccessRepository);
    feed = await CatalogueEventFeed.open(env);
  }, 60_000);

  afterAll(async () => {
    await feed?.close();
    await worker?.close();
    await env?.teardown();
  });

  it('gives access on course.enrolled and ends it on the refund (course.unenrolled), each once however often delivered', async () => {
    const userId = learner();
    expect(await access.isEnrolledInAny(userId, [courseId])).toBe(false);
    const purchaseId = await feed.enrol(userId, courseId);
    await feed.enrol(userId, courseId, purchaseId); // redelivered
    expect(await access.isEnrolledInAny(userId, [courseId])).toBe(true);
    expect(await access.isEnrolledInAny(userId, [second!.id, courseId])).toBe(true);
    expect(await access.isEnrolledInAny(userId, [second!.id])).toBe(false);
    expect(await access.isEnrolledOrParentOfEnrolled(userId, courseId)).toBe(true);
    expect(await access.enrolledCourseIds(userId)).toEqual([courseId]);
    await feed.unenrol(userId, courseId, purchaseId);
    await feed.unenrol(userId, courseId, purchaseId);
    expect(await access.isEnrolledInAny(userId, [courseId])).toBe(false);
    expect(await access.isEnrolledOrParentOfEnrolled(userId, courseId)).toBe(false);
    expect(await access.enrolledCourseIds(userId)).toEqual([]);
    // A new purchase of the same course gives access again.
    await feed.enrol(userId, courseId);
    expect(await access.enrolledCourseIds(userId)).toEqual([courseId]);
  });

  it('ends with no access when the refund arrives before its enrolment (the counter waits, the access does not)', async () => {
    const userId = learner();
    const purchaseId = randomUUID();
    const before = await studentCount();
    await expect(feed.unenrol(userId, courseId, purchaseId)).rejects.toThrow(/not counted yet/);
    await feed.enrol(userId, courseId, purchaseId);
    expect(await access.isEnrolledInAny(userId, [courseId])).toBe(false);
    expect(await studentCount()).toBe(before + 1);
    // BullMQ's retry of the early refund: counted now, access still ended.
    await feed.unenrol(userId, courseId, purchaseId);
    expect(await studentCount()).toBe(before);
    expect(await access.isEnrolledInAny(userId, [courseId])).toBe(false);
  });

  it("gives a linked parent the learner's courses (not videos' isEnrolledInAny), ends it on unlink, in any order", async () => {
    const child = learner();
    const parent = `test|parent-${randomUUID()}`;
    const purchaseId = await feed.enrol(child, courseId);
    const linkedAt = '2026-11-26T10:00:00.000001Z';
    expect(await access.isEnrolledOrParentOfEnrolled(parent, courseId)).toBe(false);
    await feed.link(parent, child, linkedAt);
    expect(await access.isEnrolledOrParentOfEnrolled(parent, courseId)).toBe(true);
    expect(await access.isEnrolledOrParentOfEnrolled(parent, second!.id)).toBe(false);
    expect(await access.isEnrolledInAny(parent, [courseId])).toBe(false);
    await feed.link(parent, child, linkedAt, true);
    expect(await access.isEnrolledOrParentOfEnrolled(parent, courseId)).toBe(false);
    // That link's parent.linked delivered again late changes nothing; a link made later gives access again.
    await feed.link(parent, child, linkedAt);
    expect(await access.isEnrolledOrParentOfEnrolled(parent, courseId)).toBe(false);
    const relinkedAt = '2026-11-26T10:05:00.000000Z';
    await feed.link(parent, child, relinkedAt);
    expect(await access.isEnrolledOrParentOfEnrolled(parent, courseId)).toBe(true);
    // The older link's removal arriving now does not end the newer link.
    await feed.link(parent, child, linkedAt, true);
    expect(await access.isEnrolledOrParentOfEnrolled(parent, courseId)).toBe(true);
    // The learner's refund ends the parent's access too.
    await feed.unenrol(child, courseId, purchaseId);
    expect(await access.isEnrolledOrParentOfEnrolled(parent, courseId)).toBe(false);
  });

  it('applies a link removal delivered before the link itself as removed', async () => {
    const child = learner();
    const parent = `test|parent-${randomUUID()}`;
    await feed.enrol(child, courseId);
    const linkedAt = '2026-11-26T11:00:00.000000Z';
    await feed.link(parent, child, linkedAt, true);
    await feed.link(parent, child, linkedAt);
    expect(await access.isEnrolledOrParentOfEnrolled(parent, courseId)).toBe(false);
  });

  it("backfill: an existing enrolment's snapshot gives access without counting a student, and never undoes a refund", async () => {
    const userId = learner();
    const before = await studentCount();
    const snapshot: Omit<CourseEnrolledEvent, 'eventId'> = { courseId, userId, purchaseId: randomUUID() };
    expect(await feed.deliver(CatalogueEvent.CourseEnrolmentSnapshot, snapshot)).toEqual({ applied: true });
    expect(await feed.deliver(CatalogueEvent.CourseEnrolmentSnapshot, snapshot)).toEqual({ applied: true });
    expect(await access.isEnrolledInAny(userId, [courseId])).toBe(true);
    expect(await studentCount()).toBe(before);
    // A snapshot relayed after that purchase's refund was applied leaves the access ended.
    const refunded = { courseId, userId: learner(), purchaseId: randomUUID() };
    await feed.enrol(refunded.userId, courseId, refunded.purchaseId);
    await feed.unenrol(refunded.userId, courseId, refunded.purchaseId);
    await feed.deliver(CatalogueEvent.CourseEnrolmentSnapshot, refunded);
    expect(await access.isEnrolledInAny(refunded.userId, [courseId])).toBe(false);
  });

  it('fails a malformed access event without retrying and changes nothing', async () => {
    await expect(feed.deliver(CatalogueEvent.ParentLinked, { parentId: 'p', childId: 'c', linkedAt: 'yesterday' })).rejects.toThrow(/payload rejected/);
    expect(await access.isEnrolledOrParentOfEnrolled('p', courseId)).toBe(false);
  });
});
