import { INTERNAL_COURSES_BATCH_MAX, type InternalCourse } from '@academy/contracts';
import { runMigrations } from '@academy/service-core';
import { prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { catalogueDatabase } from '../database.js';
import { demoCourses, demoUuid } from '../seed/demo-courses.js';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue.js';

describe('POST /internal/courses/batch (real PostgreSQL)', () => {
  let env: ServiceTestEnvironment;
  let app: INestApplication;
  const batch = (body: unknown) => request(app.getHttpServer()).post('/internal/courses/batch').set('X-Internal-Token', TEST_INTERNAL_TOKEN).send(body as object);

  beforeAll(async () => {
    env = await prepareServiceTestEnvironment();
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    await seedDemoCatalogue(app.get(DataSource), demoCourses);
  });

  afterAll(async () => {
    await app?.close();
    await env?.teardown();
  });

  it('needs the internal token', async () => {
    await request(app.getHttpServer()).post('/internal/courses/batch').send({ ids: [demoCourses[0]!.id] }).expect(401);
    await request(app.getHttpServer()).post('/internal/courses/batch').set('X-Internal-Token', 'wrong-token-value').send({ ids: [demoCourses[0]!.id] }).expect(401);
  });

  it('answers each known course (unpublished too) exactly as GET /internal/courses/:id does, once, leaving unknown ids out', async () => {
    const asked = [demoCourses[10]!.id, demoCourses[2]!.id, demoCourses[5]!.id];
    await app.get(DataSource).query(`UPDATE catalogue.courses SET is_published = false WHERE id = $1`, [demoCourses[5]!.id]);
    const { body } = await batch({ ids: [...asked, demoUuid(1, 999), demoCourses[2]!.id] }).expect(200);
    const courses = body.courses as InternalCourse[];
    expect(courses.map((course) => course._id).sort()).toEqual([...asked].sort());
    for (const id of asked) {
      const single = await request(app.getHttpServer()).get(`/internal/courses/${id}`).set('X-Internal-Token', TEST_INTERNAL_TOKEN).expect(200);
      expect(courses.find((course) => course._id === id)).toEqual(single.body.course);
    }
    expect(courses.find((course) => course._id === demoCourses[5]!.id)!.isPublished).toBe(false);
    // Lectures keep the course's order (chapters, then lectures within each).
    const physics = courses.find((course) => course._id === demoCourses[10]!.id)!;
    expect(physics.courseContent.flatMap((chapter) => chapter.chapterContent.map((lecture) => lecture.lectureUrl))).toEqual(
      demoCourses[10]!.chapters.flatMap((chapter) => chapter.lectures.map((lecture) => lecture.url)),
    );
  });

  it(`refuses no ids, more than ${INTERNAL_COURSES_BATCH_MAX}, and malformed ones with 400`, async () => {
    expect((await batch({ ids: [] }).expect(400)).body).toEqual({ success: false, message: expect.stringContaining('at least one') });
    const tooMany = Array.from({ length: INTERNAL_COURSES_BATCH_MAX + 1 }, (_, index) => demoUuid(2, index));
    expect((await batch({ ids: tooMany }).expect(400)).body.message).toContain(`at most ${INTERNAL_COURSES_BATCH_MAX}`);
    await batch({ ids: ['not-a-uuid'] }).expect(400);
    await batch({}).expect(400);
  });
});
