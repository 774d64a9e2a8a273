import type { CourseDetail, CourseSummary, EducatorCourseListing, EducatorCourseDetail } from '@academy/contracts';
import { runMigrations } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { catalogueDatabase } from '../database.js';

const OTHER_EDUCATOR = { sub: 'sandbox|educator-ravi', name: 'Ravi Kumar', email: 'ravi@demo.academy', roles: ['educator'] };

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082',
  'hex',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]);
const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

const courseData = {
  courseTitle: 'Class 11 Chemistry: Mole Concept',
  courseDescription: '<p>Count atoms <strong>by the mole</strong></p>',
  coursePrice: 500,
  discount: 10,
  courseContent: [
    {
      chapterTitle: 'Basics',
      chapterContent: [
        { lectureTitle: 'What is a mole?', lectureDuration: 10, lectureUrl: 'https://youtu.be/abcdefghijk', isPreviewFree: true },
        { lectureTitle: 'Avogadro', lectureDuration: 12, lectureUrl: 'https://www.youtube.com/watch?v=bcdefghijkl', notesUrl: 'https://example.org/n.pdf' },
      ],
    },
    { chapterTitle: 'Practice', chapterContent: [{ lectureTitle: 'Problems', lectureDuration: 20, lectureUrl: 'https://youtu.be/cdefghijklm' }] },
  ],
};

describe('educator authoring routes (real PostgreSQL)', () => {
  let env: ServiceTestEnvironment;
  let app: INestApplication;
  let studentToken: string;
  let educatorToken: string;
  let otherToken: string;

  const http = () => request(app.getHttpServer());
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function addCourse(token = educatorToken, data: object = courseData, image = png): Promise<string> {
    const { body } = await http().post('/api/educator/add-course').set(auth(token))
      .field('courseData', JSON.stringify(data)).attach('image', image, 'thumb.png').expect(201);
    return body.courseId as string;
  }
  async function getOwn(id: string, token = educatorToken): Promise<EducatorCourseDetail> {
    return (await http().get(`/api/educator/courses/${id}`).set(auth(token)).expect(200)).body.course;
  }

  beforeAll(async () => {
    env = await prepareServiceTestEnvironment();
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    app = moduleRef.createNestApplication();
    await app.init();
    studentToken = await env.issuer.sign(demoUsers.student);
    educatorToken = await env.issuer.sign(demoUsers.educator);
    otherToken = await env.issuer.sign(OTHER_EDUCATOR);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await env?.teardown();
  });

  describe('access', () => {
    const id = '10000000-0000-4000-8000-000100000000';
    it.each([
      ['get', `/api/educator/courses/${id}`],
      ['put', `/api/educator/courses/${id}`],
      ['post', `/api/educator/courses/${id}/publish`],
      ['post', `/api/educator/courses/${id}/unpublish`],
    ] as const)('%s %s: 401 anonymous, 403 student', async (method, url) => {
      await http()[method](url).expect(401);
      const { body } = await http()[method](url).set(auth(studentToken)).expect(403);
      expect(body).toEqual({ success: false, message: expect.stringContaining('educator') });
    });

    it("answers 404 for someone else's course, an unknown one and a malformed id, and changes nothing", async () => {
      const id = await addCourse();
      for (const [method, url] of [
        ['get', `/api/educator/courses/${id}`],
        ['post', `/api/educator/courses/${id}/publish`],
        ['post', `/api/educator/courses/${id}/unpublish`],
      ] as const) {
        const { body } = await http()[method](url).set(auth(otherToken)).expect(404);
        expect(body).toEqual({ success: false, message: 'Course not found' });
      }
      const hijack = await http().put(`/api/educator/courses/${id}`).set(auth(otherToken))
        .field('courseData', JSON.stringify({ ...courseData, courseTitle: 'Taken over' })).expect(404);
      expect(hijack.body.message).toBe('Course not found');
      expect((await getOwn(id)).courseTitle).toBe(courseData.courseTitle);
      expect((await getOwn(id)).isPublished).toBe(true);

      await http().get('/api/educator/courses/10000000-0000-4000-8000-000000000999').set(auth(educatorToken)).expect(404);
      await http().get('/api/educator/courses/not-a-uuid').set(auth(educatorToken)).expect(404);
      await http().post("/api/educator/courses/1'%20OR%201=1/publish").set(auth(educatorToken)).expect(404);
    });
  });

  describe('upload checks on POST /api/educator/add-course', () => {
    it.each([
      ['an SVG with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/png'],
      ['a GIF', gif, 'image/gif'],
      ['an HTML page named .jpg', Buffer.from('<html><script>alert(1)</script></html>'), 'image/jpeg'],
      ['an empty file', Buffer.alloc(0), 'image/png'],
    ])('rejects %s with 415 by its bytes', async (_name, bytes, contentType) => {
      const { body } = await http().post('/api/educator/add-course').set(auth(educatorToken))
        .field('courseData', JSON.stringify(courseData)).attach('image', bytes, { filename: 'thumb.jpg', contentType }).expect(415);
      expect(body).toEqual({ success: false, message: 'Thumbnail must be a PNG, JPEG or WebP image' });
    });

    it('rejects a thumbnail just over 5 MB with 413 and accepts one just under', async () => {
      const over = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length + 1)]);
      const tooBig = await http().post('/api/educator/add-course').set(auth(educatorToken))
        .field('courseData', JSON.stringify(courseData)).attach('image', over, 'thumb.png').expect(413);
      expect(tooBig.body.success).toBe(false);
      const under = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length)]);
      await addCourse(educatorToken, courseData, under);
    });

    it.each([
      ['JPEG', jpeg, 'image/jpeg', /\.jpg$/],
      ['WebP', webp, 'image/webp', /\.webp$/],
    ])('stores a %s thumbnail whatever the declared type, and serves it with its real content type', async (_name, bytes, served, extension) => {
      const { body } = await http().post('/api/educator/add-course').set(auth(educatorToken))
        .field('courseData', JSON.stringify(courseData)).attach('image', bytes, { filename: 'x.gif', contentType: 'image/gif' }).expect(201);
      const course = await getOwn(body.courseId);
      expect(course.courseThumbnail).toMatch(extension);
      const file = await http().get(course.courseThumbnail).buffer(true).expect(200);
      expect(file.headers['content-type']).toBe(served);
    });
  });

  it.each([
    [{ coursePrice: 0.5, discount: 0 }, 'coursePrice: The price after discount must be ₹0 (free) or at least ₹1'],
    [{ coursePrice: 500_000.01, discount: 0 }, 'coursePrice: The price after discount may not exceed ₹5,00,000'],
  ])('add-course refuses a price learners could not pay with 400 and stores nothing (%#)', async (price, message) => {
    const title = `Unpayable ${Math.random()}`;
    const { body } = await http().post('/api/educator/add-course').set(auth(educatorToken))
      .field('courseData', JSON.stringify({ ...courseData, ...price, courseTitle: title })).attach('image', png, 'thumb.png').expect(400);
    expect(body).toEqual({ success: false, message });
    expect(await app.get(DataSource).query('SELECT id FROM catalogue.courses WHERE title = $1', [title])).toEqual([]);
  });

  describe('YouTube-only lecture links', () => {
    const withLecture = (lectureUrl: string) => ({ ...courseData, courseContent: [{ chapterTitle: 'A', chapterContent: [{ lectureTitle: 'L', lectureDuration: 5, lectureUrl }] }] });

    it.each([['https://vimeo.com/1'], ['/media/lectures/test-pattern.mp4'], ['https://example.org/video.mp4']])('add-course rejects %s with 400', async (link) => {
      const { body } = await http().post('/api/educator/add-course').set(auth(educatorToken))
        .field('courseData', JSON.stringify(withLecture(link))).attach('image', png, 'thumb.png').expect(400);
      expect(body.message).toBe('courseContent.0.chapterContent.0.lectureUrl: Lecture URL must be a YouTube link or a video uploaded here');
    });

    it('an edit may keep an existing non-YouTube link unchanged but not add one', async () => {
      const id = await addCourse();
      const course = await getOwn(id);
      const lectureId = course.courseContent[0]!.chapterContent[0]!.lectureId;
      await app.get(DataSource).query(`UPDATE catalogue.lectures SET url = '/media/lectures/test-pattern.mp4' WHERE id = $1`, [lectureId]);
      const keep = { ...courseData, courseContent: [{ chapterTitle: 'A', chapterContent: [{ lectureId, lectureTitle: 'Seeded', lectureDuration: 5, lectureUrl: '/media/lectures/test-pattern.mp4' }] }] };
      await http().put(`/api/educator/courses/${id}`).set(auth(educatorToken)).field('courseData', JSON.stringify(keep)).expect(200);
      const addMp4 = { ...keep, courseContent: [{ ...keep.courseContent[0]!, chapterContent: [...keep.courseContent[0]!.chapterContent, { lectureTitle: 'New', lectureDuration: 5, lectureUrl: '/media/lectures/test-pattern.mp4' }] }] };
      const { body } = await http().put(`/api/educator/courses/${id}`).set(auth(educatorToken)).field('courseData', JSON.stringify(addMp4)).expect(400);
      expect(body.message).toBe('courseContent.0.chapterContent.1.lectureUrl: Lecture URL must be a YouTube link or a video uploaded here');
    });
  });

  describe('GET /api/educator/courses/:id', () => {
    it('returns the whole course to its owner, paid lecture links included', async () => {
      const id = await addCourse();
      const course = await getOwn(id);
      expect(course).toMatchObject({ _id: id, courseTitle: courseData.courseTitle, coursePrice: 500, discount: 10, isPublished: true });
      expect(course.courseDescription).toBe('<p>Count atoms <strong>by the mole</strong></p>');
      expect(course.courseContent.flatMap((ch) => ch.chapterContent.map((l) => l.lectureUrl))).toEqual([
        'https://youtu.be/abcdefghijk', 'https://www.youtube.com/watch?v=bcdefghijkl', 'https://youtu.be/cdefghijklm',
      ]);
      expect(course.courseContent[0]!.chapterContent[1]!.notesUrl).toBe('https://example.org/n.pdf');
    });
  });

  describe('PUT /api/educator/courses/:id', () => {
    it.each([
      [{ ...courseData, courseTitle: '  ' }, 'courseTitle: Course Title is required'],
      [{ ...courseData, coursePrice: -1 }, 'coursePrice: Course Price cannot be negative'],
      [{ ...courseData, discount: 101 }, 'discount: Discount must be between 0 and 100'],
      [{ ...courseData, discount: 12.5 }, 'discount: Discount must be a whole number'],
      [{ ...courseData, coursePrice: 1.5, discount: 50 }, 'coursePrice: The price after discount must be ₹0 (free) or at least ₹1 (₹0.75 after the 50% discount)'],
      [{ ...courseData, coursePrice: 600_000, discount: 0 }, 'coursePrice: The price after discount may not exceed ₹5,00,000'],
      [{ ...courseData, courseTitle: 'x'.repeat(201) }, 'courseTitle'],
      [{ ...courseData, courseContent: [{ chapterTitle: 'A', chapterContent: [{ lectureTitle: 'L', lectureDuration: 5, lectureUrl: 'https://vimeo.com/1' }] }] }, 'courseContent.0.chapterContent.0.lectureUrl'],
      [{ ...courseData, courseContent: [{ chapterTitle: 'A', chapterContent: [{ lectureTitle: 'L', lectureDuration: 5, lectureUrl: 'https://youtu.be/abcdefghijk', notesUrl: 'javascript:alert(1)' }] }] }, 'courseContent.0.chapterContent.0.notesUrl'],
      [{ ...courseData, courseContent: [{ chapterTitle: '', chapterContent: [] }] }, 'courseContent.0.chapterTitle: Chapter title is required'],
    ])('rejects invalid courseData with 400 and keeps the course (%#)', async (data, message) => {
      const id = await addCourse();
      const { body } = await http().put(`/api/educator/courses/${id}`).set(auth(educatorToken)).field('courseData', JSON.stringify(data)).expect(400);
      expect(body.success).toBe(false);
      expect(body.message).toContain(message);
      expect((await getOwn(id)).courseContent).toHaveLength(2);
    });

    it('answers 400 without courseData and 415 for a bad new thumbnail', async () => {
      const id = await addCourse();
      expect((await http().put(`/api/educator/courses/${id}`).set(auth(educatorToken)).expect(400)).body.message).toBe('courseData is required');
      await http().put(`/api/educator/courses/${id}`).set(auth(educatorToken))
        .field('courseData', JSON.stringify(courseData)).attach('image', gif, 'x.png').expect(415);
    });

    it('replaces the content, keeping the ids of chapters and lectures sent back and renumbering the orders', async () => {
      const id = await addCourse();
      const before = await getOwn(id);
      const [basics, practice] = before.courseContent;
      const kept = basics!.chapterContent[1]!;
      const update = {
        courseTitle: 'Class 11 Chemistry: Moles, revised',
        courseDescription: '<p onclick="x()">New <em>text</em></p><img src=x onerror=alert(1)>',
        coursePrice: '650.50',
        discount: 0,
        // Unknown fields are never stored.
        studentCount: 9999,
        enrolledStudents: ['sandbox|student-aarav'],
        educatorId: OTHER_EDUCATOR.sub,
        isPublished: false,
        courseContent: [
          { chapterTitle: 'Practice, first now', chapterId: practice!.chapterId, chapterContent: [] },
          {
            chapterTitle: 'Basics',
            chapterId: basics!.chapterId,
            chapterContent: [
              { lectureId: kept.lectureId, lectureTitle: 'Avogadro (new cut)', lectureDuration: 15, lectureUrl: kept.lectureUrl, isPreviewFree: true },
              { lectureId: 'client-key-1', lectureTitle: 'Brand new', lectureDuration: 7, lectureUrl: 'https://youtu.be/zzzzzzzzzzz' },
            ],
          },
          { chapterTitle: 'Extra', chapterId: 'new-chapter', chapterContent: [] },
        ],
      };
      const { body } = await http().put(`/api/educator/courses/${id}`).set(auth(educatorToken)).field('courseData', JSON.stringify(update)).expect(200);
      expect(body).toMatchObject({ success: true, message: 'Course Updated' });
      const after = await getOwn(id);
      expect(body.course).toEqual(after);
      expect(after).toMatchObject({ courseTitle: update.courseTitle, coursePrice: 650.5, discount: 0, isPublished: true, courseThumbnail: before.courseThumbnail });
      expect(after.courseDescription).toBe('<p>New <em>text</em></p>');
      expect(after.courseContent.map((ch) => [ch.chapterOrder, ch.chapterTitle])).toEqual([[1, 'Practice, first now'], [2, 'Basics'], [3, 'Extra']]);
      expect(after.courseContent[0]!.chapterId).toBe(practice!.chapterId);
      expect(after.courseContent[1]!.chapterId).toBe(basics!.chapterId);
      expect(after.courseContent[2]!.chapterId).toMatch(/^[0-9a-f-]{36}$/);
      const lectures = after.courseContent[1]!.chapterContent;
      expect(lectures.map((l) => [l.lectureOrder, l.lectureTitle, l.isPreviewFree])).toEqual([[1, 'Avogadro (new cut)', true], [2, 'Brand new', false]]);
      expect(lectures[0]!.lectureId).toBe(kept.lectureId);
      expect(lectures[1]!.lectureId).not.toBe('client-key-1');
      const allIds = after.courseContent.flatMap((ch) => ch.chapterContent.map((l) => l.lectureId));
      expect(allIds).not.toContain(basics!.chapterContent[0]!.lectureId);

      const listed = (await http().get('/api/educator/courses').set(auth(educatorToken)).expect(200)).body.courses as EducatorCourseListing[];
      expect(listed.find((c) => c._id === id)).toMatchObject({ studentCount: 0, courseTitle: update.courseTitle });
    });

    it('never reuses an id of another course', async () => {
      const mine = await addCourse();
      const theirs = await getOwn(await addCourse(otherToken), otherToken);
      const data = { ...courseData, courseContent: [{ chapterTitle: 'Stolen id', chapterId: theirs.courseContent[0]!.chapterId, chapterContent: [] }] };
      await http().put(`/api/educator/courses/${mine}`).set(auth(educatorToken)).field('courseData', JSON.stringify(data)).expect(200);
      expect((await getOwn(mine)).courseContent[0]!.chapterId).not.toBe(theirs.courseContent[0]!.chapterId);
      expect((await getOwn(theirs._id, otherToken)).courseContent).toHaveLength(2);
    });

    it('replaces the thumbnail when a new image comes with the update', async () => {
      const id = await addCourse();
      const before = await getOwn(id);
      await http().put(`/api/educator/courses/${id}`).set(auth(educatorToken))
        .field('courseData', JSON.stringify(courseData)).attach('image', jpeg, 'new.jpg').expect(200);
      const after = await getOwn(id);
      expect(after.courseThumbnail).not.toBe(before.courseThumbnail);
      expect(after.courseThumbnail).toMatch(/\.jpg$/);
    });
  });

  describe('publish and unpublish', () => {
    it('hides an unpublished course from the catalogue and shows it again when republished', async () => {
      const id = await addCourse(educatorToken, { ...courseData, courseTitle: 'Publish toggle course' });
      const publicIds = async () => ((await http().get('/api/course/all').expect(200)).body.courses as CourseSummary[]).map((c) => c._id);
      expect(await publicIds()).toContain(id);

      const off = await http().post(`/api/educator/courses/${id}/unpublish`).set(auth(educatorToken)).expect(200);
      expect(off.body).toEqual({ success: true, message: 'Course Unpublished', isPublished: false });
      expect(await publicIds()).not.toContain(id);
      expect((await http().get('/api/course/all').query({ search: 'Publish toggle' }).expect(200)).body.courses).toEqual([]);
      await http().get(`/api/course/${id}`).expect(404);
      const mine = (await http().get('/api/educator/courses').set(auth(educatorToken)).expect(200)).body.courses as EducatorCourseListing[];
      expect(mine.find((c) => c._id === id)!.isPublished).toBe(false);
      expect((await getOwn(id)).isPublished).toBe(false);

      const on = await http().post(`/api/educator/courses/${id}/publish`).set(auth(educatorToken)).expect(200);
      expect(on.body).toEqual({ success: true, message: 'Course Published', isPublished: true });
      expect(await publicIds()).toContain(id);
      expect(((await http().get(`/api/course/${id}`).expect(200)).body.courseData as CourseDetail).courseTitle).toBe('Publish toggle course');
    });

    it('keeps an unpublished course unpublished when it is edited', async () => {
      const id = await addCourse();
      await http().post(`/api/educator/courses/${id}/unpublish`).set(auth(educatorToken)).expect(200);
      await http().put(`/api/educator/courses/${id}`).set(auth(educatorToken)).field('courseData', JSON.stringify({ ...courseData, isPublished: true })).expect(200);
      expect((await getOwn(id)).isPublished).toBe(false);
    });
  });

  describe('the language a course is taught in', () => {
    it('is English when add-course does not say, the one chosen otherwise, kept by an edit without it and changed by one with it', async () => {
      const english = await addCourse();
      expect((await getOwn(english)).language).toBe('en');

      const hindi = await addCourse(educatorToken, { ...courseData, courseTitle: 'कक्षा 11 रसायन: मोल की अवधारणा', language: 'hi' });
      expect(await getOwn(hindi)).toMatchObject({ language: 'hi', courseTitle: 'कक्षा 11 रसायन: मोल की अवधारणा' });
      expect(((await http().get(`/api/course/${hindi}`).expect(200)).body.courseData as CourseDetail).language).toBe('hi');

      await http().put(`/api/educator/courses/${hindi}`).set(auth(educatorToken)).field('courseData', JSON.stringify(courseData)).expect(200);
      expect((await getOwn(hindi)).language).toBe('hi');
      await http().put(`/api/educator/courses/${hindi}`).set(auth(educatorToken)).field('courseData', JSON.stringify({ ...courseData, language: 'hinglish' })).expect(200);
      expect((await getOwn(hindi)).language).toBe('hinglish');
    });

    it('refuses a language outside Hindi, English and Hinglish with 400, on add and on edit', async () => {
      const added = await http().post('/api/educator/add-course').set(auth(educatorToken))
        .field('courseData', JSON.stringify({ ...courseData, language: 'fr' })).attach('image', png, 'thumb.png').expect(400);
      expect(added.body.message).toContain('Choose Hindi, English or Hinglish');
      const id = await addCourse();
      const edited = await http().put(`/api/educator/courses/${id}`).set(auth(educatorToken)).field('courseData', JSON.stringify({ ...courseData, language: 'Hindi' })).expect(400);
      expect(edited.body.message).toContain('Choose Hindi, English or Hinglish');
      expect((await getOwn(id)).language).toBe('en');
    });
  });

  describe('description sanitising', () => {
    const corpus = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<p onmouseover="alert(1)">hover</p>',
      '<a href="javascript:alert(1)">click</a>',
      '<a href="JaVaScRiPt:alert(1)">click</a>',
      '<a href="java&#x09;script:alert(1)">tab</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
      '<a href="vbscript:msgbox(1)">vb</a>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<svg><script>alert(1)</script></svg>',
      '<svg onload=alert(1)>',
      '<math><mtext><img src=x onerror=alert(1)></mtext></math>',
      '<style>body{background:url(javascript:alert(1))}</style>',
      '<p style="background:url(javascript:alert(1))">styled</p>',
      '<object data="javascript:alert(1)"></object>',
      '<embed src="javascript:alert(1)">',
      '<form action="javascript:alert(1)"><button>go</button></form>',
      '<body onload=alert(1)>',
      '<div><p>nested <strong onclick=alert(1)>bold</strong></p></div>',
      '"><script>alert(1)</script>',
      '<<script>script>alert(1)<</script>/script>',
      '<a href="https://example.org" onclick="alert(1)">ok link</a>',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      '<base href="javascript:alert(1)//">',
      '<details open ontoggle=alert(1)>',
    ];

    it.each(corpus.map((payload) => [payload]))('stores %j harmless', async (payload) => {
      const id = await addCourse(educatorToken, { ...courseData, courseDescription: `<p>before</p>${payload}` });
      const { body } = await http().get(`/api/course/${id}`).expect(200);
      const html = (body.courseData as CourseDetail).courseDescription;
      expect(html).toMatch(/^<p>before<\/p>/);
      expect(html).not.toMatch(/<script|<iframe|<svg|<math|<object|<embed|<form|<style|<meta|<base|<img|<details|<body/i);
      expect(html).not.toMatch(/\son\w+\s*=/i);
      expect(html).not.toMatch(/javascript:|vbscript:|data:/i);
      expect(html).not.toMatch(/style=|alert\(1\)<\/script/i);
    });

    it('keeps allowed markup and safe links', async () => {
      const id = await addCourse(educatorToken, {
        ...courseData,
        courseDescription: '<h2>About</h2><p><a href="https://example.org" onclick="alert(1)">ok link</a> <strong onclick=alert(1)>bold</strong></p><ul><li>one</li></ul><p><a href="mailto:a@b.org">mail</a></p>',
      });
      const html = ((await http().get(`/api/course/${id}`).expect(200)).body.courseData as CourseDetail).courseDescription;
      expect(html).toBe('<h2>About</h2><p><a href="https://example.org" target="_blank" rel="noopener noreferrer">ok link</a> <strong>bold</strong></p><ul><li>one</li></ul><p><a href="mailto:a@b.org" target="_blank" rel="noopener noreferrer">mail</a></p>');
    });
  });
});
