import { CATALOGUE_EVENTS_QUEUE, CatalogueEvent, type CourseRatedEvent, type InternalCourse } from '@academy/contracts';
import { startTestCatalogue, type TestCatalogue } from '@academy/catalogue/testing';
import { MediaLinks, OutboxRelay, publicUserId, runMigrations } from '@academy/service-core';
import {
  demoUsers,
  pdfText,
  prepareServiceTestEnvironment,
  TEST_INTERNAL_TOKEN,
  TEST_MEDIA_LINK_SECRET,
  type ServiceTestEnvironment,
} from '@academy/service-core/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { progressDatabase } from '../database.js';
import { WorkerModule } from '../worker.module.js';

const lecture = (id: string, order: number, title: string, url: string, extra: Partial<InternalCourse['courseContent'][0]['chapterContent'][0]> = {}) => ({
  lectureId: id, lectureOrder: order, lectureTitle: title, lectureDuration: 10, lectureUrl: url, isPreviewFree: false, notesUrl: null, testUrl: null, ...extra,
});

/** A paid lecture's uploaded video (encrypted HLS): the only kind of paid video link there is. */
const SETUP_VIDEO = '/api/videos/5e7a1c2b-3d4f-4a5b-8c6d-7e8f9a0b1c2d/master.m3u8';

function sampleCourse(id: string, title: string, lectureIds: [string, string, string]): InternalCourse {
  return {
    _id: id,
    courseTitle: title,
    courseThumbnail: 'https://example.test/thumb.png',
    coursePrice: 0,
    discount: 0,
    educatorId: 'sandbox|educator-meera',
    educatorName: 'Meera Iyer',
    isPublished: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    courseContent: [
      {
        chapterId: `${id.slice(0, -1)}a`, chapterOrder: 1, chapterTitle: 'Basics',
        chapterContent: [
          lecture(lectureIds[0], 1, 'Welcome', 'https://media.example.test/welcome.mp4', { notesUrl: 'https://example.test/notes.pdf' }),
          lecture(lectureIds[1], 2, 'Setup', SETUP_VIDEO, { notesUrl: '/api/files/notes/setup.pdf', testUrl: '/api/files/notes/setup-test.pdf' }),
        ],
      },
      { chapterId: `${id.slice(0, -1)}b`, chapterOrder: 2, chapterTitle: 'Next', chapterContent: [lecture(lectureIds[2], 1, 'Deeper', 'https://media.example.test/deeper.mp4')] },
    ],
  };
}

const COURSE = '11111111-1111-4111-8111-111111111110';
const OTHER_COURSE = '22222222-2222-4222-8222-222222222220';
const GONE_COURSE = '33333333-3333-4333-8333-333333333330';
const L = ['11111111-1111-4111-8111-111111111111', '11111111-1111-4111-8111-111111111112', '11111111-1111-4111-8111-111111111113'] as const;
const OTHER_L = ['22222222-2222-4222-8222-222222222221', '22222222-2222-4222-8222-222222222222', '22222222-2222-4222-8222-222222222223'] as const;

describe('learning routes (real PostgreSQL, Redis and catalogue)', () => {
  let catalogue: TestCatalogue;
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;
  let student: Record<string, string>;
  let other: Record<string, string>;

  const http = () => request(app.getHttpServer());
  const db = () => app.get(DataSource);
  /** Enrolments are created only by commerce's internal call: the tests use that route too. */
  const enrol = async (userId: string, courseId: string, at: string) => {
    await http()
      .post('/internal/enrolments')
      .set('X-Internal-Token', TEST_INTERNAL_TOKEN)
      .send({ purchaseId: randomUUID(), userId, courseId, name: 'Aarav Sharma', email: 'aarav@demo.academy' })
      .expect(200);
    // Fixed enrolment dates so "newest last" is deterministic.
    await db().query('UPDATE progress.enrolments SET created_at = $3 WHERE user_id = $1 AND course_id = $2', [userId, courseId, at]);
  };
  const ratingEvents = async (): Promise<CourseRatedEvent[]> =>
    (await db().query(`SELECT payload FROM progress.outbox WHERE name = $1 ORDER BY created_at, id`, [CatalogueEvent.CourseRated])).map(
      (row: { payload: CourseRatedEvent }) => row.payload,
    );

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment({ CATALOGUE_CACHE_MS: '0', PORTAL_URL: 'http://portal.test' });
    catalogue = await startTestCatalogue(testEnv);
    await catalogue.putCourses([sampleCourse(COURSE, 'Testing Basics', [...L]), sampleCourse(OTHER_COURSE, 'Other Course', [...OTHER_L])]);
    await runMigrations({ url: testEnv.database.url, ...progressDatabase });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    student = { Authorization: `Bearer ${await testEnv.issuer.sign(demoUsers.student)}` };
    other = { Authorization: `Bearer ${await testEnv.issuer.sign(demoUsers.otherStudent)}` };
    await enrol(demoUsers.student.sub, OTHER_COURSE, '2026-01-01T00:00:00Z');
    await enrol(demoUsers.student.sub, COURSE, '2026-02-01T00:00:00Z');
    await enrol(demoUsers.student.sub, GONE_COURSE, '2026-03-01T00:00:00Z');
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await catalogue?.close();
    await testEnv?.teardown();
  });

  const routes: [string, 'get' | 'post', object | undefined][] = [
    ['/api/user/enrolled-courses', 'get', undefined],
    ['/api/user/get-course-progress', 'post', { courseId: COURSE }],
    ['/api/user/update-course-progress', 'post', { courseId: COURSE, lectureId: L[0] }],
    ['/api/user/update-course-progress/playback', 'post', { courseId: COURSE, lectureId: L[0], positionSeconds: 5 }],
    ['/api/user/add-rating', 'post', { courseId: COURSE, rating: 4 }],
    [`/api/certificates/course/${COURSE}`, 'get', undefined],
  ];

  it.each(routes)('%s answers 401 to anonymous callers', async (path, method, body) => {
    const response = await (method === 'get' ? http().get(path) : http().post(path).send(body)).expect(401);
    expect(response.body).toEqual({ success: false, message: expect.stringMatching(/^Sign in/) });
  });

  it.each(routes.slice(1))('%s answers 403 to a learner who is not enrolled', async (path, method, body) => {
    const response = await (method === 'get' ? http().get(path) : http().post(path).send(body)).set(other).expect(403);
    expect(response.body).toEqual({ success: false, message: 'You are not enrolled in this course' });
  });

  it('lists enrolled courses oldest first with every lecture URL, leaving out courses catalogue no longer has', async () => {
    const { body } = await http().get('/api/user/enrolled-courses').set(student).expect(200);
    expect(body.success).toBe(true);
    expect(body.enrolledCourses.map((course: { courseTitle: string }) => course.courseTitle)).toEqual(['Other Course', 'Testing Basics']);
    expect(body.enrolledCourses[1]).toMatchObject({
      _id: COURSE,
      educator: { _id: publicUserId('sandbox|educator-meera'), name: 'Meera Iyer' },
      enrolledAt: '2026-02-01T00:00:00.000Z',
      myRating: null,
      lastLectureId: null,
    });
    expect(body.enrolledCourses[1].courseContent[0].chapterContent[0].lectureUrl).toBe('https://media.example.test/welcome.mp4');
    const none = await http().get('/api/user/enrolled-courses').set(other).expect(200);
    expect(none.body).toEqual({ success: true, enrolledCourses: [] });
  });

  it('reads at most the newest 200 enrolments (the list is capped), still shown oldest first', async () => {
    const sub = 'sandbox|bulk-learner';
    await db().query(`INSERT INTO progress.users (id) VALUES ($1)`, [sub]);
    await db().query(
      `INSERT INTO progress.enrolments (user_id, course_id, purchase_id, created_at) VALUES ($1, $2, gen_random_uuid(), '2020-01-01T00:00:00Z')`,
      [sub, OTHER_COURSE],
    );
    await db().query(
      `INSERT INTO progress.enrolments (user_id, course_id, purchase_id, created_at)
       SELECT $1, gen_random_uuid(), gen_random_uuid(), timestamptz '2021-01-01T00:00:00Z' + (i || ' minutes')::interval FROM generate_series(1, 203) AS i`,
      [sub],
    );
    await db().query(
      `INSERT INTO progress.enrolments (user_id, course_id, purchase_id, created_at) VALUES ($1, $2, gen_random_uuid(), '2026-03-01T00:00:00Z')`,
      [sub, COURSE],
    );
    const requestsBefore = catalogue.requests.length;
    const bulk = { Authorization: `Bearer ${await testEnv.issuer.sign({ ...demoUsers.student, sub })}` };
    const { body } = await http().get('/api/user/enrolled-courses').set(bulk).expect(200);
    // 205 enrolments: the newest 200 looked up, all in one internal call (as catalogue's request log shows).
    const calls = catalogue.requests.slice(requestsBefore);
    expect(calls.map((call) => `${call.method} ${call.path} ${call.status}`)).toEqual(['POST /internal/courses/batch 200']);
    const { ids } = calls[0]!.body as { ids: string[] };
    expect(ids).toHaveLength(200);
    expect(ids).toContain(COURSE);
    expect(ids).not.toContain(OTHER_COURSE);
    expect(body.enrolledCourses.map((course: { courseTitle: string }) => course.courseTitle)).toEqual(['Testing Basics']);
  });

  it("signs the enrolled learner's paid files for them alone; outside links come as stored", async () => {
    const { body } = await http().get('/api/user/enrolled-courses').set(student).expect(200);
    const setup = body.enrolledCourses[1].courseContent[0].chapterContent[1];
    const links = new MediaLinks(TEST_MEDIA_LINK_SECRET, 600);
    for (const [signed, file] of [[setup.lectureUrl, SETUP_VIDEO], [setup.notesUrl, '/api/files/notes/setup.pdf'], [setup.testUrl, '/api/files/notes/setup-test.pdf']]) {
      const url = new URL(signed, 'http://portal.test');
      expect(url.pathname).toBe(file);
      // Exactly what catalogue checks before it sends the file.
      expect(links.verify(url.pathname, Object.fromEntries(url.searchParams))).toEqual({ valid: true, userId: demoUsers.student.sub, filePath: file });
      const expires = Number(url.searchParams.get('expires')) * 1000;
      expect(expires).toBeGreaterThan(Date.now() + 500_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 600_000);
      expect(links.verify(url.pathname, { ...Object.fromEntries(url.searchParams), user: demoUsers.otherStudent.sub }).valid).toBe(false);
    }
    expect(body.enrolledCourses[1].courseContent[0].chapterContent[0].notesUrl).toBe('https://example.test/notes.pdf');
  });

  it('answers an empty progress list before anything is done', async () => {
    const { body } = await http().post('/api/user/get-course-progress').set(student).send({ courseId: COURSE }).expect(200);
    expect(body).toEqual({ success: true, progressData: { lectureCompleted: [], lastLectureId: null, positions: {}, quizzes: [], assignments: [] } });
  });

  it('refuses a lecture of another course (400) and a malformed body (400)', async () => {
    const wrong = await http().post('/api/user/update-course-progress').set(student).send({ courseId: COURSE, lectureId: OTHER_L[0] }).expect(400);
    expect(wrong.body).toEqual({ success: false, message: 'This lecture is not part of the course' });
    const bad = await http().post('/api/user/update-course-progress').set(student).send({ courseId: COURSE }).expect(400);
    expect(bad.body.message).toMatch(/lectureId/);
    await http().post('/api/user/update-course-progress/playback').set(student).send({ courseId: COURSE, lectureId: OTHER_L[0], positionSeconds: 3 }).expect(400);
  });

  it('marks a lecture complete once, however often it is sent', async () => {
    const first = await http().post('/api/user/update-course-progress').set(student).send({ courseId: COURSE, lectureId: L[0] }).expect(200);
    expect(first.body).toEqual({ success: true, message: 'Progress Updated' });
    const again = await Promise.all([1, 2, 3].map(() => http().post('/api/user/update-course-progress').set(student).send({ courseId: COURSE, lectureId: L[0] })));
    expect(again.map((response) => response.body)).toEqual(Array(3).fill({ success: true, message: 'Lecture Already Completed' }));
    const { body } = await http().post('/api/user/get-course-progress').set(student).send({ courseId: COURSE }).expect(200);
    expect(body.progressData.lectureCompleted).toEqual([L[0]]);
  });

  it('saves playback positions and remembers the last lecture watched', async () => {
    const save = (lectureId: string, positionSeconds: number) =>
      http().post('/api/user/update-course-progress/playback').set(student).send({ courseId: COURSE, lectureId, positionSeconds }).expect(200);
    await save(L[0], 42.7);
    await save(L[2], 7);
    await save(L[0], 61.2);
    const { body } = await http().post('/api/user/get-course-progress').set(student).send({ courseId: COURSE }).expect(200);
    expect(body.progressData).toMatchObject({ lastLectureId: L[0], positions: { [L[0]]: 61, [L[2]]: 7 } });
    const courses = await http().get('/api/user/enrolled-courses').set(student).expect(200);
    expect(courses.body.enrolledCourses[1].lastLectureId).toBe(L[0]);
    const negative = await http().post('/api/user/update-course-progress/playback').set(student).send({ courseId: COURSE, lectureId: L[0], positionSeconds: -1 }).expect(400);
    expect(negative.body.message).toMatch(/positionSeconds/);
  });

  it.each([0, 6, 3.5, '4', null])('refuses the rating %p with 400', async (rating) => {
    const { body } = await http().post('/api/user/add-rating').set(student).send({ courseId: COURSE, rating }).expect(400);
    expect(body).toEqual({ success: false, message: expect.stringMatching(/rating/) });
  });

  it('stores a rating, replaces it later, and writes the event catalogue applies', async () => {
    expect(await ratingEvents()).toEqual([]);
    const first = await http().post('/api/user/add-rating').set(student).send({ courseId: COURSE, rating: 5 }).expect(200);
    expect(first.body).toEqual({ success: true, message: 'Rating added' });
    const second = await http().post('/api/user/add-rating').set(student).send({ courseId: COURSE, rating: 4 }).expect(200);
    expect(second.body).toEqual({ success: true, message: 'Rating updated' });
    await http().post('/api/user/add-rating').set(student).send({ courseId: COURSE, rating: 4 }).expect(200); // no change, no event

    const rows = await db().query('SELECT user_id, course_id, rating FROM progress.course_ratings');
    expect(rows).toEqual([{ user_id: demoUsers.student.sub, course_id: COURSE, rating: 4 }]);
    const events = await ratingEvents();
    expect(events).toEqual([
      { eventId: expect.any(String), courseId: COURSE, userId: demoUsers.student.sub, rating: 5, previousRating: null },
      { eventId: expect.any(String), courseId: COURSE, userId: demoUsers.student.sub, rating: 4, previousRating: 5 },
    ]);
    const { body } = await http().get('/api/user/enrolled-courses').set(student).expect(200);
    expect(body.enrolledCourses[1].myRating).toBe(4);
  });

  it('relays rating events to catalogue-events from the worker', async () => {
    const worker: INestApplicationContext = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    const queue = new Queue(CATALOGUE_EVENTS_QUEUE, { connection: { url: testEnv.env.REDIS_URL! }, prefix: testEnv.queuePrefix });
    try {
      await worker.get(OutboxRelay).flush();
      const ids: { id: string }[] = await db().query(`SELECT id FROM progress.outbox WHERE name = $1`, [CatalogueEvent.CourseRated]);
      const jobs = await Promise.all(ids.map((row) => queue.getJob(row.id)));
      expect(jobs.map((job) => [job?.name, job?.data.rating])).toEqual(expect.arrayContaining([['course.rated', 5], ['course.rated', 4]]));
      const enrolled: { name: string }[] = await db().query(`SELECT name FROM progress.outbox WHERE name = 'course.enrolled'`);
    expect(enrolled).toHaveLength(3); // the enrolments' events went with them
    const pending = await db().query('SELECT count(*)::int AS n FROM progress.outbox WHERE dispatched_at IS NULL');
      expect(pending).toEqual([{ n: 0 }]);
    } finally {
      await queue.close();
      await worker.close();
    }
  }, 20_000);

  it('gives a certificate only when every lecture is complete, and verifies its code publicly', async () => {
    const early = await http().get(`/api/certificates/course/${COURSE}`).set(student).expect(409);
    expect(early.body).toEqual({ success: false, message: 'Complete every lecture of the course to get its certificate' });
    await http().get('/api/user/data').set(student).expect(200); // the profile (name) is known from the token

    for (const lectureId of L.slice(1)) {
      await http().post('/api/user/update-course-progress').set(student).send({ courseId: COURSE, lectureId }).expect(200);
    }
    const pdf = await http().get(`/api/certificates/course/${COURSE}`).set(student).buffer(true)
      .parse((res, done) => { const parts: Buffer[] = []; res.on('data', (c: Buffer) => parts.push(c)); res.on('end', () => done(null, Buffer.concat(parts))); })
      .expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const code = /filename="certificate-(AC-[A-Z0-9-]+)\.pdf"/.exec(pdf.headers['content-disposition'] ?? '')?.[1];
    expect(code).toMatch(/^AC-\w{4}-\w{4}-\w{4}$/);
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    const again = await http().get(`/api/certificates/course/${COURSE}`).set(student).expect(200);
    expect(again.headers['content-disposition']).toContain(code!); // one certificate per learner and course

    // In the holder's language: English until they choose, then their choice, and `lang` over both.
    const download = (query = '') =>
      http().get(`/api/certificates/course/${COURSE}${query}`).set(student).buffer(true)
        .parse((res, done) => { const parts: Buffer[] = []; res.on('data', (c: Buffer) => parts.push(c)); res.on('end', () => done(null, Buffer.concat(parts))); });
    expect(await pdfText((pdf.body as Buffer))).toContain('CERTIFICATE OF COMPLETION');
    await http().put('/api/user/data/language').set(student).send({ language: 'hi' }).expect(200);
    const hindi = await pdfText((await download().expect(200)).body as Buffer);
    expect(hindi).toContain(`सत्यापन कोड: ${code}`);
    expect(hindi).not.toContain('CERTIFICATE OF COMPLETION');
    expect(await pdfText((await download('?lang=en').expect(200)).body as Buffer)).toContain(`Verification code: ${code}`);
    await http().put('/api/user/data/language').set(student).send({ language: 'en' }).expect(200);
    expect(await pdfText((await download('?lang=hi').expect(200)).body as Buffer)).toContain(`सत्यापन कोड: ${code}`);
    const refused = await http().get(`/api/certificates/course/${COURSE}?lang=fr`).set(student).expect(400);
    expect(refused.body.message).toContain('Choose English (en) or Hindi (hi)');

    const verified = await http().get(`/api/certificates/verify/${code!.toLowerCase()}`).expect(200); // no token needed
    expect(verified.body).toEqual({
      success: true,
      certificate: { code, studentName: 'Aarav Sharma', courseTitle: 'Testing Basics', courseId: COURSE, issuedAt: expect.any(String) },
    });
    const unknown = await http().get('/api/certificates/verify/AC-0000-0000-0000').expect(404);
    expect(unknown.body).toEqual({ success: false, message: 'No certificate has this code' });
    await http().get('/api/certificates/verify/not-a-code').expect(400);
  });

  it('answers 404 for a course catalogue does not have and 503 when catalogue is down', async () => {
    const gone = await http().post('/api/user/update-course-progress').set(student).send({ courseId: GONE_COURSE, lectureId: L[0] }).expect(404);
    expect(gone.body).toEqual({ success: false, message: 'Course not found' });
    await catalogue.close(); // afterAll's close() then does nothing
    const down = await http().post('/api/user/update-course-progress').set(student).send({ courseId: COURSE, lectureId: L[0] }).expect(503);
    expect(down.body.message).toMatch(/unavailable/);
  });
});
