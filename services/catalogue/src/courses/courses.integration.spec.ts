import type { CourseDetail, CourseSummary, EducatorCourseListing, InternalCourse } from '@academy/contracts';
import { MEDIA_LINK_EXPIRED_MESSAGE, MEDIA_LINK_INVALID_MESSAGE, MediaLinks, OBJECT_STORAGE, PROTECTED_FILE_PREFIX, publicUserId, runMigrations, type ObjectStorage } from '@academy/service-core';
import {
  demoUsers,
  prepareServiceTestEnvironment,
  TEST_INTERNAL_TOKEN,
  TEST_MEDIA_LINK_SECRET,
  type ServiceTestEnvironment,
} from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { catalogueDatabase } from '../database.js';
import { CourseCache } from './course-cache.js';
import { seedDemoMedia } from '../media/seed-demo-media.js';
import { seedDemoVideo } from '../media/seed-demo-video.js';
import { demoCourses, demoUuid, type DemoCourse } from '../seed/demo-courses.js';
import { seedDemoCatalogue } from '../seed/seed-demo-catalogue.js';

const OTHER_EDUCATOR = { sub: 'sandbox|educator-ravi', name: 'Ravi Kumar', email: 'ravi@demo.academy', roles: ['educator'] };

function extraCourse(n: number, title: string, overrides: Partial<DemoCourse> = {}): DemoCourse {
  return {
    ...demoCourses[0]!,
    id: demoUuid(1, 900 + n),
    slug: `extra-${n}`,
    title,
    chapters: [],
    createdAt: demoCourses[3]!.createdAt, // same instant as a demo course: pages must break ties by id
    ...overrides,
  };
}

const extras = [
  extraCourse(1, '100% Attendance Habits'),
  extraCourse(2, 'snake_case Naming in Python'),
  extraCourse(3, 'Hidden Draft: Maths Olympiad', { isPublished: false }),
  extraCourse(4, "Quotes ' and Backslashes \\ in Writing", { educatorId: OTHER_EDUCATOR.sub, educatorName: OTHER_EDUCATOR.name }),
];
const publishedTitles = [...demoCourses, ...extras].filter((c) => c.isPublished).map((c) => c.title);
const paidYouTubeLinks = demoCourses.flatMap((c) => c.chapters.flatMap((ch) => ch.lectures))
  .filter((l) => !l.isPreviewFree && l.url.includes('youtube')).map((l) => l.url);

describe('catalogue HTTP API (real PostgreSQL)', () => {
  let env: ServiceTestEnvironment;
  let app: INestApplication;
  let dataSource: DataSource;
  let studentToken: string;
  let educatorToken: string;
  let otherEducatorToken: string;

  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    env = await prepareServiceTestEnvironment();
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication();
    await app.init();
    dataSource = app.get<DataSource>(getDataSourceToken());
    // The demo media, in this run's bucket, as `npm run seed` puts it there.
    await seedDemoMedia(app.get<ObjectStorage>(OBJECT_STORAGE));
    await seedDemoVideo(app.get<ObjectStorage>(OBJECT_STORAGE), dataSource);
    await seedDemoCatalogue(dataSource, [...demoCourses, ...extras]);
    studentToken = await env.issuer.sign(demoUsers.student);
    educatorToken = await env.issuer.sign(demoUsers.educator);
    otherEducatorToken = await env.issuer.sign(OTHER_EDUCATOR);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await env?.teardown();
  });

  describe('GET /api/course/all', () => {
    it('lists every published course, newest first, with card fields only', async () => {
      const response = await http().get('/api/course/all').expect(200);
      expect(response.body.success).toBe(true);
      expect(response.body.nextCursor).toBeNull();
      const courses = response.body.courses as CourseSummary[];
      expect(courses.map((c) => c.courseTitle).sort()).toEqual([...publishedTitles].sort());
      for (const course of courses) {
        expect(Object.keys(course).sort()).toEqual(
          ['_id', 'averageRating', 'board', 'classFrom', 'classTo', 'courseThumbnail', 'coursePrice', 'courseTitle', 'createdAt', 'discount', 'educator', 'language', 'ratingCount', 'studentCount', 'subject'].sort(),
        );
        expect(course.educator).toEqual({ _id: expect.any(String), name: expect.any(String) });
      }
      const times = courses.map((c) => Date.parse(c.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(JSON.stringify(response.body)).not.toContain('sandbox|');
    });

    it('sends rating average (rounded down) and counts from the counters', async () => {
      // The counters as enrolment and rating events leave them (the seed starts every course at zero).
      await dataSource.query('UPDATE catalogue.courses SET rating_sum = 178, rating_count = 42, student_count = 310 WHERE id = $1', [demoCourses[0]!.id]);
      await app.get(CourseCache).invalidate(); // as the worker does after applying those events
      const { body } = await http().get('/api/course/all').expect(200);
      const fractions = (body.courses as CourseSummary[]).find((c) => c._id === demoCourses[0]!.id)!;
      expect(fractions).toMatchObject({ averageRating: Math.floor(178 / 42), ratingCount: 42, studentCount: 310, coursePrice: 499.5, discount: 20 });
    });

    it.each([
      ['maths'], ['MATHS'], ['mAtHs'], ['class 11'], ['CLASS 7 SCIENCE'],
    ])('search %j matches titles case-insensitively', async (search) => {
      const { body } = await http().get('/api/course/all').query({ search }).expect(200);
      const expected = publishedTitles.filter((t) => t.toLowerCase().includes(search.toLowerCase()));
      expect(expected.length).toBeGreaterThan(0);
      expect((body.courses as CourseSummary[]).map((c) => c.courseTitle).sort()).toEqual(expected.sort());
    });

    it.each([
      ['%', ['100% Attendance Habits']],
      ['_', ['snake_case Naming in Python']],
      ["' OR 1=1 --", []],
      ["'", ["Quotes ' and Backslashes \\ in Writing"]],
      ['\\', ["Quotes ' and Backslashes \\ in Writing"]],
      ['%maths%', []],
      ['no such course', []],
    ])('search %j is taken literally', async (search, titles) => {
      const { body } = await http().get('/api/course/all').query({ search }).expect(200);
      expect((body.courses as CourseSummary[]).map((c) => c.courseTitle)).toEqual(titles);
    });

    it('never lists unpublished courses, even when the search matches them', async () => {
      const { body } = await http().get('/api/course/all').query({ search: 'Olympiad' }).expect(200);
      expect(body.courses).toEqual([]);
    });

    it('pages with limit and cursor through the same order as the plain list, ties included', async () => {
      const all = (await http().get('/api/course/all').expect(200)).body.courses as CourseSummary[];
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const { body } = await http().get('/api/course/all').query({ limit: 5, ...(cursor ? { cursor } : {}) }).expect(200);
        expect(body.courses.length).toBeLessThanOrEqual(5);
        seen.push(...(body.courses as CourseSummary[]).map((c) => c._id));
        cursor = body.nextCursor ?? undefined;
        pages += 1;
      } while (cursor && pages < 20);
      expect(seen).toEqual(all.map((c) => c._id));
      expect(pages).toBe(Math.ceil(all.length / 5));
    });

    it('pages a search result', async () => {
      const first = (await http().get('/api/course/all').query({ search: 'class 8', limit: 2 }).expect(200)).body;
      const second = (await http().get('/api/course/all').query({ search: 'class 8', limit: 2, cursor: first.nextCursor }).expect(200)).body;
      expect(first.courses).toHaveLength(2);
      expect(second.courses).toHaveLength(2);
      const ids = [...first.courses, ...second.courses].map((c: CourseSummary) => c._id);
      expect(new Set(ids).size).toBe(4);
      for (const c of [...first.courses, ...second.courses]) expect(c.courseTitle).toMatch(/^Class 8/);
    });

    it.each([
      [{ limit: 0 }, 'limit must be at least 1'],
      [{ limit: 101 }, 'limit must be at most 100'],
      [{ limit: 'abc' }, 'limit'],
      [{ limit: 5, cursor: 'garbage' }, 'cursor is not valid'],
      [{ limit: 5, cursor: Buffer.from('["2025-02-30T09:00:00.123456Z","10000000-0000-4000-8000-000100000000"]').toString('base64url') }, 'cursor is not valid'],
      [{ limit: '' }, 'limit'],
      [{ limit: 'null' }, 'limit'],
      [{ search: 'x'.repeat(101) }, 'search must be at most 100 characters'],
    ])('rejects %j with 400 and a message', async (query, message) => {
      const { body } = await http().get('/api/course/all').query(query).expect(400);
      expect(body.success).toBe(false);
      expect(body.message).toContain(message);
    });

    it('answers 304 to a matching If-None-Match and a new ETag once a counter changes', async () => {
      const first = await http().get('/api/course/all').expect(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const notModified = await http().get('/api/course/all').set('If-None-Match', etag).expect(304);
      expect(notModified.text).toBe('');
      await http().get('/api/course/all').set('If-None-Match', `W/${etag}`).expect(304);

      await dataSource.query(`UPDATE catalogue.courses SET student_count = student_count + 1 WHERE id = $1`, [demoCourses[1]!.id]);
      await app.get(CourseCache).invalidate(); // as the worker does after applying an enrolment event
      const changed = await http().get('/api/course/all').set('If-None-Match', etag).expect(200);
      expect(changed.headers.etag).not.toBe(etag);
      await dataSource.query(`UPDATE catalogue.courses SET student_count = student_count - 1 WHERE id = $1`, [demoCourses[1]!.id]);
    });
  });

  describe('GET /api/course/by-educator/:educatorId', () => {
    it("lists an educator's published courses for their public page, newest first, and nobody else's", async () => {
      const meera = publicUserId(demoUsers.educator.sub);
      const { body } = await http().get(`/api/course/by-educator/${meera}`).expect(200);
      const courses = body.courses as CourseSummary[];
      expect(courses.length).toBeGreaterThan(0);
      expect(courses.every((course) => course.educator._id === meera && course.educator.name === 'Meera Iyer')).toBe(true);
      const created = courses.map((course) => Date.parse(course.createdAt));
      expect(created).toEqual([...created].sort((a, b) => b - a));
      const published = ((await http().get('/api/course/all').expect(200)).body.courses as CourseSummary[]).filter((course) => course.educator._id === meera);
      expect(courses.map((course) => course._id).sort()).toEqual(published.map((course) => course._id).sort());
      expect((await http().get(`/api/course/by-educator/${publicUserId('sandbox|nobody')}`).expect(200)).body).toEqual({ success: true, courses: [] });
      expect((await http().get('/api/course/by-educator/sandbox%7Ceducator-meera').expect(400)).body.message).toContain('educatorId must be an educator id');
    });
  });

  describe('GET /api/course/:id', () => {
    it('returns the course with chapters and lectures in order', async () => {
      const seed = demoCourses[4]!;
      const { body } = await http().get(`/api/course/${seed.id}`).expect(200);
      const course = body.courseData as CourseDetail;
      expect(course).toMatchObject({ _id: seed.id, courseTitle: seed.title, educator: { name: 'Meera Iyer' } });
      expect(course.courseDescription).toBe(seed.descriptionHtml);
      expect(course.courseContent.map((ch) => ch.chapterTitle)).toEqual(seed.chapters.map((ch) => ch.title));
      expect(course.courseContent.map((ch) => ch.chapterOrder)).toEqual([1, 2, 3]);
      course.courseContent.forEach((chapter, i) => {
        expect(chapter.chapterContent.map((l) => l.lectureTitle)).toEqual(seed.chapters[i]!.lectures.map((l) => l.title));
        expect(chapter.chapterContent.map((l) => l.lectureOrder)).toEqual(seed.chapters[i]!.lectures.map((_l, j) => j + 1));
      });
    });

    it.each(demoCourses.map((c) => [c.title, c] as const))('%s: only free-preview lectures carry a URL', async (_title, seed) => {
      const response = await http().get(`/api/course/${seed.id}`).set('Authorization', `Bearer ${studentToken}`).expect(200);
      const lectures = (response.body.courseData as CourseDetail).courseContent.flatMap((ch) => ch.chapterContent);
      const seeded = seed.chapters.flatMap((ch) => ch.lectures);
      expect(lectures).toHaveLength(seeded.length);
      for (const lecture of lectures) {
        const original = seeded.find((l) => l.id === lecture.lectureId)!;
        expect(lecture.isPreviewFree).toBe(original.isPreviewFree);
        expect(lecture.lectureUrl).toBe(original.isPreviewFree ? original.url : null);
        expect(lecture.notesUrl).toBe(original.isPreviewFree ? original.notesUrl : null);
        expect(lecture.testUrl).toBe(original.isPreviewFree ? original.testUrl : null);
      }
      for (const link of paidYouTubeLinks) expect(response.text).not.toContain(link.split('v=')[1]);
      expect(response.text).not.toContain(PROTECTED_FILE_PREFIX);
    });

    it('sends no paid file of "Class 11 Computer Science: Python Programming" to a signed-out visitor, in any public answer', async () => {
      const python = demoCourses.find((c) => c.title.startsWith('Class 11 Computer Science: Python'))!;
      const paidFiles = python.chapters.flatMap((ch) => ch.lectures).filter((l) => !l.isPreviewFree)
        .flatMap((l) => [l.notesUrl, l.testUrl, l.url]).filter((url): url is string => url !== null);
      expect(paidFiles.some((url) => url.endsWith('.pdf'))).toBe(true);
      const answers = [
        await http().get(`/api/course/${python.id}`).expect(200),
        await http().get('/api/course/all').expect(200),
        await http().get('/api/course/all').query({ search: 'python', limit: 5 }).expect(200),
      ];
      for (const answer of answers) {
        // A paid PDF's name, or a paid YouTube id, under any path; the demo clip's path (previews share its name).
        for (const file of paidFiles) expect(answer.text).not.toContain(file.endsWith('.pdf') ? file.split('/').pop()! : file.split('v=').pop()!);
        expect(answer.text).not.toContain(PROTECTED_FILE_PREFIX);
      }
    });

    it.each([['not-a-uuid'], ['1 OR 1=1'], ['10000000-0000-4000-8000-00010000000']])('answers 400 for the malformed id %j', async (id) => {
      const { body } = await http().get(`/api/course/${encodeURIComponent(id)}`).expect(400);
      expect(body).toEqual({ success: false, message: expect.stringContaining('valid course id') });
    });

    it('answers 404 for an unknown and for an unpublished course', async () => {
      for (const id of [demoUuid(1, 999), extras[2]!.id]) {
        const { body } = await http().get(`/api/course/${id}`).expect(404);
        expect(body).toEqual({ success: false, message: 'Course not found' });
      }
    });

    it('answers 401 for an invalid token instead of silently treating the caller as anonymous', async () => {
      await http().get(`/api/course/${demoCourses[0]!.id}`).set('Authorization', 'Bearer not-a-token').expect(401);
    });

    it('supports ETag/304 and marks signed-in answers private', async () => {
      const id = demoCourses[2]!.id;
      const anonymous = await http().get(`/api/course/${id}`).expect(200);
      expect(anonymous.headers['cache-control']).toBe('public, no-cache');
      await http().get(`/api/course/${id}`).set('If-None-Match', anonymous.headers.etag as string).expect(304);
      const signedIn = await http().get(`/api/course/${id}`).set('Authorization', `Bearer ${studentToken}`).expect(200);
      expect(signedIn.headers['cache-control']).toBe('private, no-cache');
      expect(signedIn.headers.vary).toContain('Authorization');

      await dataSource.query(`UPDATE catalogue.courses SET rating_sum = rating_sum + 5, rating_count = rating_count + 1 WHERE id = $1`, [id]);
      await app.get(CourseCache).invalidate(); // as the worker does after applying a rating event
      const after = await http().get(`/api/course/${id}`).set('If-None-Match', anonymous.headers.etag as string).expect(200);
      expect(after.body.courseData.ratingCount).toBe(1);
    });
  });

  describe('GET /internal/courses/:id', () => {
    it('needs the internal token', async () => {
      await http().get(`/internal/courses/${demoCourses[0]!.id}`).expect(401);
      await http().get(`/internal/courses/${demoCourses[0]!.id}`).set('X-Internal-Token', 'wrong-token-value').expect(401);
      await http().get(`/internal/courses/${demoCourses[0]!.id}`).set('Authorization', `Bearer ${educatorToken}`).expect(401);
    });

    it('returns every lecture URL, the price and the educator id, also for unpublished courses', async () => {
      const seed = demoCourses[10]!;
      const { body } = await http().get(`/internal/courses/${seed.id}`).set('X-Internal-Token', TEST_INTERNAL_TOKEN).expect(200);
      const course = body.course as InternalCourse;
      expect(course).toMatchObject({ _id: seed.id, coursePrice: seed.price, discount: seed.discount, educatorId: 'sandbox|educator-meera', isPublished: true });
      expect(course.courseContent.flatMap((ch) => ch.chapterContent.map((l) => l.lectureUrl))).toEqual(
        seed.chapters.flatMap((ch) => ch.lectures.map((l) => l.url)),
      );
      const hidden = await http().get(`/internal/courses/${extras[2]!.id}`).set('X-Internal-Token', TEST_INTERNAL_TOKEN).expect(200);
      expect(hidden.body.course.isPublished).toBe(false);
      await http().get(`/internal/courses/${demoUuid(1, 999)}`).set('X-Internal-Token', TEST_INTERNAL_TOKEN).expect(404);
    });
  });

  describe('educator routes', () => {
    it.each([['get', '/api/educator/courses'], ['post', '/api/educator/add-course']] as const)('%s %s: 401 anonymous, 403 student', async (method, url) => {
      const anonymous = await http()[method](url).expect(401);
      expect(anonymous.body.success).toBe(false);
      const student = await http()[method](url).set('Authorization', `Bearer ${studentToken}`).expect(403);
      expect(student.body).toEqual({ success: false, message: expect.stringContaining('educator') });
    });

    it("lists only the caller's own courses, unpublished included (earnings come from commerce, in the browser)", async () => {
      const { body } = await http().get('/api/educator/courses').set('Authorization', `Bearer ${educatorToken}`).expect(200);
      const courses = body.courses as EducatorCourseListing[];
      const own = [...demoCourses, ...extras].filter((c) => c.educatorId === 'sandbox|educator-meera');
      expect(courses.map((c) => c._id).sort()).toEqual(own.map((c) => c.id).sort());
      const physics = courses.find((c) => c._id === demoCourses[10]!.id)!;
      expect(physics).not.toHaveProperty('earnings');
      expect(courses.find((c) => c._id === extras[2]!.id)!.isPublished).toBe(false);

      const other = await http().get('/api/educator/courses').set('Authorization', `Bearer ${otherEducatorToken}`).expect(200);
      expect(other.body.courses.map((c: EducatorCourseListing) => c.courseTitle)).toEqual([extras[3]!.title]);
    });
  });

  describe('POST /api/educator/add-course', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082', 'hex');
    const courseData = {
      courseTitle: 'Class 7 Maths: Integers Workshop',
      courseDescription: '<p>Negative numbers <strong>made easy</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
      coursePrice: '349.50',
      discount: '10',
      courseContent: [
        { chapterTitle: 'Integers', chapterContent: [
          { lectureTitle: 'The number line', lectureDuration: 12, lectureUrl: 'https://youtu.be/abcdefghijk', isPreviewFree: true },
          { lectureTitle: 'Adding negatives', lectureDuration: 15, lectureUrl: 'https://www.youtube.com/watch?v=bcdefghijkl', notesUrl: '' },
        ] },
        { chapterTitle: 'Practice', chapterContent: [] },
      ],
    };

    it('creates a published course with a sanitised description and a stored thumbnail', async () => {
      const response = await http().post('/api/educator/add-course').set('Authorization', `Bearer ${otherEducatorToken}`)
        .field('courseData', JSON.stringify(courseData)).attach('image', png, { filename: 'thumb.png', contentType: 'image/png' }).expect(201);
      expect(response.body).toMatchObject({ success: true, message: 'Course Added' });

      const { body } = await http().get(`/api/course/${response.body.courseId}`).expect(200);
      const course = body.courseData as CourseDetail;
      expect(course).toMatchObject({ courseTitle: courseData.courseTitle, coursePrice: 349.5, discount: 10, educator: { name: 'Ravi Kumar' }, studentCount: 0, ratingCount: 0 });
      expect(course.courseDescription).toBe('<p>Negative numbers <strong>made easy</strong></p><a target="_blank" rel="noopener noreferrer">x</a>');
      expect(course.courseContent.map((ch) => [ch.chapterOrder, ch.chapterTitle])).toEqual([[1, 'Integers'], [2, 'Practice']]);
      expect(course.courseContent[0]!.chapterContent.map((l) => [l.lectureOrder, l.lectureUrl])).toEqual([[1, 'https://youtu.be/abcdefghijk'], [2, null]]);
      expect(course.courseThumbnail).toMatch(/^\/media\/thumbnails\/uploads\/[0-9a-f-]+\.png$/);

      const thumbnail = await http().get(course.courseThumbnail).expect(200);
      expect(thumbnail.headers['content-type']).toBe('image/png');
    });

    it.each([
      ['no thumbnail', (r: request.Test) => r.field('courseData', JSON.stringify(courseData)), 'Thumbnail Not Selected'],
      ['no courseData', (r: request.Test) => r.attach('image', png, 'thumb.png'), 'courseData is required'],
      ['courseData that is not JSON', (r: request.Test) => r.field('courseData', '{oops').attach('image', png, 'thumb.png'), 'courseData must be JSON'],
      ['a discount above 100', (r: request.Test) => r.field('courseData', JSON.stringify({ ...courseData, discount: 150 })).attach('image', png, 'thumb.png'), 'discount: Discount must be between 0 and 100'],
    ])('rejects %s with 400', async (_name, build, message) => {
      const { body } = await build(http().post('/api/educator/add-course').set('Authorization', `Bearer ${educatorToken}`)).expect(400);
      expect(body).toEqual({ success: false, message });
    });

    it('rejects a thumbnail over 5 MB with 413', async () => {
      const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
      const { body } = await http().post('/api/educator/add-course').set('Authorization', `Bearer ${educatorToken}`)
        .field('courseData', JSON.stringify(courseData)).attach('image', big, 'thumb.png').expect(413);
      expect(body.success).toBe(false);
    });
  });

  describe('/media/', () => {
    it('serves thumbnails, preview notes and the preview video with ranges, but no paid notes', async () => {
      const svg = await http().get(demoCourses[0]!.thumbnailUrl).expect(200);
      expect(svg.headers['content-type']).toContain('image/svg+xml');
      const lectures = demoCourses.flatMap((c) => c.chapters.flatMap((ch) => ch.lectures));
      const previewNotes = lectures.find((l) => l.isPreviewFree && l.notesUrl)!.notesUrl!;
      expect(previewNotes.startsWith('/media/')).toBe(true);
      const pdf = await http().get(previewNotes).buffer(true).expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      // The paid note was public under this guessable name before; now it is not there.
      const paidNotes = lectures.find((l) => !l.isPreviewFree && l.notesUrl)!.notesUrl!;
      expect(paidNotes.startsWith(PROTECTED_FILE_PREFIX)).toBe(true);
      const { body } = await http().get(paidNotes.replace(PROTECTED_FILE_PREFIX, '/media/')).expect(404);
      expect(body.success).toBe(false);
      const video = await http().get('/media/lectures/test-pattern.mp4').set('Range', 'bytes=0-99').expect(206);
      expect(video.headers['content-type']).toBe('video/mp4');
      expect(video.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    });

    it.each([['/media/missing.svg'], ['/media/..%2F..%2Fpackage.json'], ['/media/%2e%2e/%2e%2e/package.json'], ['/media/.hidden']])('answers 404 for %s', async (url) => {
      const { body } = await http().get(url).expect(404);
      expect(body.success).toBe(false);
    });
  });

  describe('/api/files/ (paid lectures, signed links only)', () => {
    const python = demoCourses.find((c) => c.title.startsWith('Class 11 Computer Science: Python'))!;
    const paidLecture = python.chapters.flatMap((ch) => ch.lectures).find((l) => !l.isPreviewFree && l.testUrl)!;
    const links = new MediaLinks(TEST_MEDIA_LINK_SECRET, 600);

    it('answers 401 with a message, never the file, without a signed link', async () => {
      const response = await http().get(paidLecture.testUrl!).set('Authorization', `Bearer ${studentToken}`).expect(401);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.body).toEqual({ success: false, message: expect.stringContaining('Sign in') });
    });

    it('serves the test PDF to a signed link, and refuses it tampered, for another file or expired (403)', async () => {
      const signed = links.sign(paidLecture.testUrl!, demoUsers.student.sub);
      const pdf = await http().get(signed).buffer(true).expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['cache-control']).toBe('private, no-store');
      const query = signed.slice(signed.indexOf('?'));
      const otherFile = `${paidLecture.notesUrl!}${query}`;
      const otherUser = signed.replace(encodeURIComponent(demoUsers.student.sub), 'sandbox%7Cstudent-diya');
      expect(otherUser).not.toBe(signed);
      const expired = new MediaLinks(TEST_MEDIA_LINK_SECRET, 600, () => Date.now() - 601_000).sign(paidLecture.testUrl!, demoUsers.student.sub);
      for (const [link, message] of [[otherFile, MEDIA_LINK_INVALID_MESSAGE], [otherUser, MEDIA_LINK_INVALID_MESSAGE], [`${signed}x`, MEDIA_LINK_INVALID_MESSAGE], [expired, MEDIA_LINK_EXPIRED_MESSAGE]] as const) {
        const response = await http().get(link).expect(403);
        expect(response.body).toEqual({ success: false, message });
      }
      const forged = new MediaLinks(`${TEST_MEDIA_LINK_SECRET}-guess`, 600).sign(paidLecture.testUrl!, demoUsers.student.sub);
      await http().get(forged).expect(403);
    });

    it('lets a paid PDF be read in ranges through the signed route (206 with Content-Range)', async () => {
      const signed = links.sign(paidLecture.notesUrl!, demoUsers.student.sub);
      const whole = await http().get(signed).buffer(true).expect(200);
      const size = Number(whole.headers['content-length']);
      expect(size).toBeGreaterThan(200);
      const middle = await http().get(signed).set('Range', `bytes=100-199`).buffer(true).expect(206);
      expect(middle.headers['content-type']).toBe('application/pdf');
      expect(middle.headers['content-range']).toBe(`bytes 100-199/${size}`);
      expect(middle.headers['accept-ranges']).toBe('bytes');
      expect(Number(middle.headers['content-length'])).toBe(100);
    });

    it('never answers a paid video as a plain file, even signed (404)', async () => {
      const { body } = await http().get(links.sign(`${PROTECTED_FILE_PREFIX}lectures/test-pattern.mp4`, demoUsers.student.sub)).expect(404);
      expect(body.success).toBe(false);
    });

    it.each([['missing.pdf'], ['..%2F..%2Fpackage.json'], ['.hidden']])('answers 404 for a signed link to %s', async (name) => {
      const { body } = await http().get(links.sign(`${PROTECTED_FILE_PREFIX}${name}`, demoUsers.student.sub)).expect(404);
      expect(body.success).toBe(false);
    });

    it("gives the course's educator signed links in the edit form, and another educator nothing", async () => {
      const { body } = await http().get(`/api/educator/courses/${python.id}`).set('Authorization', `Bearer ${educatorToken}`).expect(200);
      const lecture = (body.course.courseContent as CourseDetail['courseContent']).flatMap((ch) => ch.chapterContent).find((l) => l.lectureId === paidLecture.id)!;
      expect(lecture.testUrl).toMatch(new RegExp(`^${paidLecture.testUrl!}\\?user=.+&expires=\\d+&signature=`));
      await http().get(lecture.testUrl!).expect(200);
      await http().get(`/api/educator/courses/${python.id}`).set('Authorization', `Bearer ${otherEducatorToken}`).expect(404);
    });

    it('stores the signed links the edit form sends back bare, and refuses a paid file taken from another course', async () => {
      const { body } = await http().get(`/api/educator/courses/${python.id}`).set('Authorization', `Bearer ${educatorToken}`).expect(200);
      await http().put(`/api/educator/courses/${python.id}`).set('Authorization', `Bearer ${educatorToken}`)
        .field('courseData', JSON.stringify(body.course, (_key, value: unknown) => (value === null ? undefined : value))).expect(200); // the form leaves empty links out
      const stored = await dataSource.query('SELECT test_url FROM catalogue.lectures WHERE id = $1', [paidLecture.id]);
      expect(stored).toEqual([{ test_url: paidLecture.testUrl }]);

      const theirs = extras[3]!;
      const stolen = {
        courseTitle: theirs.title, courseDescription: '<p>x</p>', coursePrice: 10, discount: 0,
        courseContent: [{ chapterTitle: 'A', chapterContent: [{ lectureTitle: 'L', lectureDuration: 5, lectureUrl: 'https://youtu.be/abcdefghijk', notesUrl: paidLecture.testUrl }] }],
      };
      const refused = await http().put(`/api/educator/courses/${theirs.id}`).set('Authorization', `Bearer ${otherEducatorToken}`)
        .field('courseData', JSON.stringify(stolen)).expect(400);
      expect(refused.body).toEqual({ success: false, message: expect.stringContaining('paid lecture file can only stay on the lecture') });
    });
  });

  it('caps every list: the plain course list at 100 (with nextCursor to the rest), an educator\'s own courses at 500', async () => {
    const bulkEducator = { ...OTHER_EDUCATOR, sub: 'sandbox|educator-bulk' };
    await dataSource.query(
      `INSERT INTO catalogue.courses (title, thumbnail_url, price, discount, educator_id, educator_name, is_published, created_at)
       SELECT 'Bulk cap course ' || i, '', 100, 0, 'sandbox|educator-bulk', 'Bulk', true, now() - (i || ' seconds')::interval
         FROM generate_series(1, 505) AS i`,
    );
    const plain = (await http().get('/api/course/all').query({ search: 'bulk cap' }).expect(200)).body;
    expect(plain.courses).toHaveLength(100);
    expect(plain.courses[0].courseTitle).toBe('Bulk cap course 1');
    expect(typeof plain.nextCursor).toBe('string');
    const next = (await http().get('/api/course/all').query({ search: 'bulk cap', limit: 100, cursor: plain.nextCursor }).expect(200)).body;
    expect(next.courses[0].courseTitle).toBe('Bulk cap course 101');

    const mine = await http().get('/api/educator/courses').set('Authorization', `Bearer ${await env.issuer.sign(bulkEducator)}`).expect(200);
    expect(mine.body.courses).toHaveLength(500);
    expect(mine.body.courses[0].courseTitle).toBe('Bulk cap course 1');
    expect(mine.body.courses[499].courseTitle).toBe('Bulk cap course 500');
  });

  it('uses the trigram index for title search', async () => {
    const plan = await dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return (await manager.query(`EXPLAIN SELECT id FROM catalogue.courses WHERE lower(title) LIKE $1 ESCAPE '\\'`, ['%maths%'])) as Array<{ 'QUERY PLAN': string }>;
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('courses_title_trgm_idx');
  });
});
