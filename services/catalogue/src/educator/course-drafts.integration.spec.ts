import {
  CHECKLIST_MESSAGES,
  COURSE_NOT_READY_MESSAGE,
  DRAFT_CONFLICT_MESSAGE,
  LECTURE_FILE_MAX_BYTES,
  LECTURE_FILE_NOT_PDF_MESSAGE,
  type CourseDraftContentInput,
  type CourseDraftDto,
  type EducatorCourseListing,
  type EducatorCourseDetail,
} from '@academy/contracts';
import { allowJsonBodiesUpTo, INTERNAL_TOKEN_HEADER, MEDIA_LINK_MISSING_MESSAGE, MEDIA_LINKS, OBJECT_STORAGE, runMigrations, type MediaLinks, type ObjectStorage } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { catalogueDatabase } from '../database.js';
import { CATALOGUE_JSON_BODY_LIMIT } from '../catalogue-config.js';
import { FILE_NOT_ENTITLED_MESSAGE } from '../media/paid-files.controller.js';
import { CatalogueEventFeed } from '../testing/catalogue-event-feed.js';
import { WorkerModule } from '../worker.module.js';

const OTHER_EDUCATOR = { sub: 'sandbox|educator-ravi', name: 'Ravi Kumar', email: 'ravi@demo.academy', roles: ['educator'] };
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082',
  'hex',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A Windows program (MZ header) named notes.pdf. */
const renamedProgram = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(0x3a), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(0x40), Buffer.from('PE\0\0'), Buffer.alloc(64)]);

const emptyFields = { courseTitle: '', courseDescription: '', coursePrice: '', discount: '', classFrom: '', classTo: '', subject: '', board: '' };
const completeDraft = (notesUrl?: string): CourseDraftContentInput => ({
  fields: {
    courseTitle: 'Class 9 Geometry: Triangles',
    courseDescription: '<p>Congruence and similarity</p>',
    coursePrice: '799',
    discount: '10',
    classFrom: '9',
    classTo: '9',
    subject: 'mathematics',
    board: 'cbse',
  },
  courseContent: [
    {
      chapterTitle: 'Congruence',
      chapterContent: [{ lectureTitle: 'SSS and SAS', lectureDuration: 12, lectureUrl: 'https://youtu.be/abcdefghijk', isPreviewFree: false, notesUrl: notesUrl ?? '', testUrl: '' }],
    },
  ],
});

describe('course drafts, the publish checklist and lecture files (real PostgreSQL, Redis, bucket)', () => {
  let env: ServiceTestEnvironment;
  let app: INestApplication;
  let eventWorker: INestApplicationContext;
  let feed: CatalogueEventFeed;
  let storage: ObjectStorage;
  let educatorToken: string;
  let otherToken: string;
  let studentToken: string;

  const http = () => request(app.getHttpServer());
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const save = (id: string, baseVersion: number, draft: CourseDraftContentInput, token = educatorToken) =>
    http().put(`/api/educator/courses/${id}/draft`).set(auth(token)).send({ baseVersion, draft });
  const getDraft = async (id: string): Promise<CourseDraftDto> => (await http().get(`/api/educator/courses/${id}/draft`).set(auth(educatorToken)).expect(200)).body;
  const uploadPdf = (id: string, bytes = pdf, name = 'notes.pdf') =>
    http().post(`/api/educator/courses/${id}/lecture-files`).set(auth(educatorToken)).attach('file', bytes, { filename: name, contentType: 'application/pdf' });
  const bucketFiles = async (id: string) => (await storage.list(`paid/lecture-files/${id}/`)).map((entry) => entry.key);

  /** A draft with a title only, as after the first keystrokes. */
  async function newDraft(title = 'Started'): Promise<string> {
    const id = randomUUID();
    await save(id, 0, { fields: { ...emptyFields, courseTitle: title }, courseContent: [] }).expect(200);
    return id;
  }

  beforeAll(async () => {
    env = await prepareServiceTestEnvironment();
    await runMigrations({ ...catalogueDatabase, url: env.database.url });
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    allowJsonBodiesUpTo(app, CATALOGUE_JSON_BODY_LIMIT); // as main.ts does
    await app.init();
    // Enrolments and parent links reach catalogue as progress's events, applied by catalogue's event worker.
    eventWorker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    feed = await CatalogueEventFeed.open(env);
    storage = app.get<ObjectStorage>(OBJECT_STORAGE);
    educatorToken = await env.issuer.sign(demoUsers.educator);
    otherToken = await env.issuer.sign(OTHER_EDUCATOR);
    studentToken = await env.issuer.sign(demoUsers.student);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await feed?.close();
    await eventWorker?.close();
    await env?.teardown();
  });

  describe('who may use the draft routes', () => {
    const id = '10000000-0000-4000-8000-000300000000';
    it.each([
      ['get', `/api/educator/courses/${id}/draft`],
      ['put', `/api/educator/courses/${id}/draft`],
      ['put', `/api/educator/courses/${id}/thumbnail`],
      ['get', `/api/educator/courses/${id}/checklist`],
      ['post', `/api/educator/courses/${id}/lecture-files`],
    ] as const)('%s %s: 401 signed out, 403 for a student', async (method, url) => {
      await http()[method](url).expect(401);
      const { body } = await http()[method](url).set(auth(studentToken)).expect(403);
      expect(body).toEqual({ success: false, message: expect.stringContaining('educator') });
    });

    it("answers 404 to another educator on every route of someone's draft, and changes nothing", async () => {
      const draftId = await newDraft('Mine alone');
      for (const [method, url] of [
        ['get', `/api/educator/courses/${draftId}`],
        ['get', `/api/educator/courses/${draftId}/draft`],
        ['get', `/api/educator/courses/${draftId}/checklist`],
        ['post', `/api/educator/courses/${draftId}/publish`],
      ] as const) {
        await http()[method](url).set(auth(otherToken)).expect(404);
      }
      await save(draftId, 1, { fields: { ...emptyFields, courseTitle: 'Taken over' }, courseContent: [] }, otherToken).expect(404);
      await save(draftId, 0, { fields: { ...emptyFields, courseTitle: 'Taken over' }, courseContent: [] }, otherToken).expect(404);
      await http().put(`/api/educator/courses/${draftId}/thumbnail`).set(auth(otherToken)).attach('image', png, 'thumb.png').expect(404);
      await http().post(`/api/educator/courses/${draftId}/lecture-files`).set(auth(otherToken)).attach('file', pdf, 'notes.pdf').expect(404);
      const draft = await getDraft(draftId);
      expect(draft.draft.fields.courseTitle).toBe('Mine alone');
      expect(draft.version).toBe(1);
      expect(draft.courseThumbnail).toBeNull();
      expect(await bucketFiles(draftId)).toEqual([]);
    });

    it('refuses bad input with a message and writes nothing', async () => {
      const id = randomUUID();
      const notJson = await http().put(`/api/educator/courses/${id}/draft`).set(auth(educatorToken)).send({ baseVersion: 'one', draft: {} }).expect(400);
      expect(notJson.body).toEqual({ success: false, message: expect.stringMatching(/baseVersion/) });
      const tooLong = await save(id, 0, { fields: { ...emptyFields, courseTitle: 'x'.repeat(201) }, courseContent: [] }).expect(400);
      expect(tooLong.body.message).toMatch(/courseTitle/);
      const badLecture = await save(id, 0, {
        fields: emptyFields,
        courseContent: [{ chapterTitle: 'A', chapterContent: [{ lectureTitle: 'x', lectureDuration: 1, lectureUrl: 'javascript:alert(1)', isPreviewFree: false }] }],
      }).expect(400);
      expect(badLecture.body.message).toMatch(/lectureUrl/);
      await http().put('/api/educator/courses/not-a-uuid/draft').set(auth(educatorToken)).send({ baseVersion: 0, draft: { fields: emptyFields } }).expect(400);
      await http().get(`/api/educator/courses/${id}/draft`).set(auth(educatorToken)).expect(404);
      const thumbnail = await http().put(`/api/educator/courses/${await newDraft()}/thumbnail`).set(auth(educatorToken)).attach('image', Buffer.from('GIF89a'), 'x.png').expect(415);
      expect(thumbnail.body.message).toMatch(/PNG, JPEG or WebP/);
    });
  });

  describe('saving as the educator types', () => {
    it('creates the draft on the first save, keeps every later change, and lists it in My Courses as a draft', async () => {
      const id = await newDraft('Triangles');
      const second = await save(id, 1, { fields: { ...emptyFields, courseTitle: 'Triangles', coursePrice: '-5', discount: '150' }, courseContent: [] }).expect(200);
      expect(second.body).toEqual({ success: true, version: 2, savedAt: expect.any(String) });
      const draft = await getDraft(id);
      // What was typed comes back exactly, mistakes included (the form shows their messages again).
      expect(draft.draft.fields).toMatchObject({ courseTitle: 'Triangles', coursePrice: '-5', discount: '150' });
      const mine: EducatorCourseListing[] = (await http().get('/api/educator/courses').set(auth(educatorToken)).expect(200)).body.courses;
      expect(mine.find((course) => course._id === id)).toMatchObject({ courseTitle: 'Triangles', isDraft: true, isPublished: false });
      const theirs: EducatorCourseListing[] = (await http().get('/api/educator/courses').set(auth(otherToken)).expect(200)).body.courses;
      expect(theirs.some((course) => course._id === id)).toBe(false);
    });

    it('refuses a stale tab (409) without overwriting, and takes a retried save whose answer was lost', async () => {
      const id = await newDraft('Version one');
      const newer = { fields: { ...emptyFields, courseTitle: 'Newer tab' }, courseContent: [] };
      await save(id, 1, newer).expect(200);
      const stale = await save(id, 1, { fields: { ...emptyFields, courseTitle: 'Old tab' }, courseContent: [] }).expect(409);
      expect(stale.body).toEqual({ success: false, message: DRAFT_CONFLICT_MESSAGE });
      expect((await getDraft(id)).draft.fields.courseTitle).toBe('Newer tab');
      // The same save sent again (its answer lost on the way): accepted, nothing changes.
      const retried = await save(id, 1, newer).expect(200);
      expect(retried.body.version).toBe(2);
      const retriedFirst = await save(id, 0, newer).expect(200);
      expect(retriedFirst.body.version).toBe(2);
    });

    it('takes a draft whose description is as long as a description may be', async () => {
      const id = await newDraft();
      const description = `<p>${'Sine and cosine & "tangent" '.repeat(3500)}</p>`.slice(0, 100_000);
      await save(id, 1, { fields: { ...emptyFields, courseTitle: 'Long', courseDescription: description }, courseContent: [] }).expect(200);
      expect((await getDraft(id)).draft.fields.courseDescription).toBe(description);
    });

    it('keeps the thumbnail chosen for a draft', async () => {
      const id = await newDraft();
      const { body } = await http().put(`/api/educator/courses/${id}/thumbnail`).set(auth(educatorToken)).attach('image', png, 'thumb.png').expect(200);
      expect((await getDraft(id)).courseThumbnail).toBe(body.thumbnailUrl);
    });
  });

  describe('a draft is seen by its educator alone', () => {
    it('is not in the catalogue, the search, the course page, the internal routes, nor can anyone buy it', async () => {
      const id = randomUUID();
      await save(id, 0, completeDraft()).expect(200);
      const list = await http().get('/api/course/all').expect(200);
      expect(list.body.courses.some((course: { _id: string }) => course._id === id)).toBe(false);
      const search = await http().get('/api/course/all').query({ search: 'Triangles' }).expect(200);
      expect(search.body.courses.some((course: { _id: string }) => course._id === id)).toBe(false);
      await http().get(`/api/course/${id}`).expect(404);
      await http().get(`/api/course/${id}`).set(auth(studentToken)).expect(404);
      await http().get(`/api/course/${id}`).set(auth(otherToken)).expect(404);
      await http().get(`/api/educator/courses/${id}`).set(auth(otherToken)).expect(404);
      await http().get(`/internal/courses/${id}`).set(INTERNAL_TOKEN_HEADER, TEST_INTERNAL_TOKEN).expect(404);
      const batch = await http().post('/internal/courses/batch').set(INTERNAL_TOKEN_HEADER, TEST_INTERNAL_TOKEN).send({ ids: [id] }).expect(200);
      expect(batch.body.courses).toEqual([]);
      // What commerce reads for a checkout: it answers 404 "Course not found" when catalogue does.
    });

    it('shows the owner a preview of the course as learners would see it, files signed for the owner', async () => {
      const id = randomUUID();
      await save(id, 0, completeDraft()).expect(200);
      const preview: EducatorCourseDetail = (await http().get(`/api/educator/courses/${id}`).set(auth(educatorToken)).expect(200)).body.course;
      expect(preview).toMatchObject({ courseTitle: 'Class 9 Geometry: Triangles', coursePrice: 799, discount: 10, isPublished: false });
      expect(preview.courseContent[0]!.chapterContent[0]).toMatchObject({ lectureTitle: 'SSS and SAS', lectureUrl: 'https://youtu.be/abcdefghijk' });
    });
  });

  describe('the publish checklist', () => {
    it('lists everything an empty draft lacks, in the order of the form, and refuses to publish it', async () => {
      const id = await newDraft('');
      const { body } = await http().get(`/api/educator/courses/${id}/checklist`).set(auth(educatorToken)).expect(200);
      expect(body.missing.map((item: { field: string }) => item.field)).toEqual([
        'courseTitle',
        'courseDescription',
        'courseThumbnail',
        'coursePrice',
        'discount',
        'audience',
        'courseContent',
      ]);
      expect(body.missing[0].message).toBe(CHECKLIST_MESSAGES.courseTitle);
      const refused = await http().post(`/api/educator/courses/${id}/publish`).set(auth(educatorToken)).expect(409);
      expect(refused.body.message).toContain(COURSE_NOT_READY_MESSAGE);
      expect((await getDraft(id)).draft.fields.courseTitle).toBe('');
    });

    it('names a wrong price, a discount above 100 and a chapter without lectures', async () => {
      const id = randomUUID();
      const draft = completeDraft();
      await save(id, 0, { fields: { ...draft.fields, coursePrice: '-1', discount: '150' }, courseContent: [{ chapterTitle: 'Empty', chapterContent: [] }] }).expect(200);
      await http().put(`/api/educator/courses/${id}/thumbnail`).set(auth(educatorToken)).attach('image', png, 'thumb.png').expect(200);
      const { body } = await http().get(`/api/educator/courses/${id}/checklist`).set(auth(educatorToken)).expect(200);
      expect(body.missing.map((item: { field: string }) => item.field)).toEqual(['coursePrice', 'discount', 'courseContent']);
    });

    it('names a lecture video that is not Ready', async () => {
      const id = randomUUID();
      const videoId = randomUUID();
      const dataSource = app.get<DataSource>(getDataSourceToken());
      await dataSource.query(
        `INSERT INTO catalogue.videos (id, educator_id, source_key, source_name, source_bytes, status, aes_key) VALUES ($1, $2, 'uploads/videos/x', 'x.mp4', 10, 'processing', $3)`,
        [videoId, demoUsers.educator.sub, Buffer.alloc(16, 7)],
      );
      const draft = completeDraft();
      draft.courseContent![0]!.chapterContent[0]!.lectureUrl = `/api/videos/${videoId}/master.m3u8`;
      await save(id, 0, draft).expect(200);
      await http().put(`/api/educator/courses/${id}/thumbnail`).set(auth(educatorToken)).attach('image', png, 'thumb.png').expect(200);
      const { body } = await http().get(`/api/educator/courses/${id}/checklist`).set(auth(educatorToken)).expect(200);
      expect(body.missing).toEqual([{ field: 'videos', message: CHECKLIST_MESSAGES.videos }]);
      await http().post(`/api/educator/courses/${id}/publish`).set(auth(educatorToken)).expect(409);
    });

    it('publishes a complete draft into the catalogue; it then stops being a draft, and unpublish works as before', async () => {
      const id = randomUUID();
      await save(id, 0, completeDraft()).expect(200);
      await http().put(`/api/educator/courses/${id}/thumbnail`).set(auth(educatorToken)).attach('image', png, 'thumb.png').expect(200);
      expect((await http().get(`/api/educator/courses/${id}/checklist`).set(auth(educatorToken)).expect(200)).body.missing).toEqual([]);
      const published = await http().post(`/api/educator/courses/${id}/publish`).set(auth(educatorToken)).expect(200);
      expect(published.body).toEqual({ success: true, message: 'Course Published', isPublished: true });
      const page = await http().get(`/api/course/${id}`).expect(200);
      expect(page.body.courseData).toMatchObject({ courseTitle: 'Class 9 Geometry: Triangles', coursePrice: 799, discount: 10, subject: 'mathematics', board: 'cbse', classFrom: 9 });
      expect(page.body.courseData.courseContent[0].chapterContent[0].lectureUrl).toBeNull(); // paid: no link for the public
      await http().get(`/api/educator/courses/${id}/draft`).set(auth(educatorToken)).expect(404);
      await save(id, 1, completeDraft()).expect(404);
      await http().get(`/internal/courses/${id}`).set(INTERNAL_TOKEN_HEADER, TEST_INTERNAL_TOKEN).expect(200);
      await http().post(`/api/educator/courses/${id}/unpublish`).set(auth(educatorToken)).expect(200);
      await http().get(`/api/course/${id}`).expect(404);
    });
  });

  describe('notes and tests uploaded as PDFs', () => {
    it('stores a PDF in the paid files and answers a link signed for the educator', async () => {
      const id = await newDraft();
      const { body } = await uploadPdf(id).expect(201);
      expect(body).toEqual({ success: true, url: expect.stringMatching(new RegExp(`^/api/files/lecture-files/${id}/[0-9a-f-]+\\.pdf\\?user=`)), fileName: 'notes.pdf' });
      expect(await bucketFiles(id)).toHaveLength(1);
      const file = await http().get(body.url).expect(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(Buffer.from(file.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('refuses a renamed program (415) and a file over 20 MB (413), storing nothing', async () => {
      const id = await newDraft();
      const program = await uploadPdf(id, renamedProgram, 'notes.pdf').expect(415);
      expect(program.body).toEqual({ success: false, message: LECTURE_FILE_NOT_PDF_MESSAGE });
      const tooBig = Buffer.concat([pdf, Buffer.alloc(LECTURE_FILE_MAX_BYTES + 1 - pdf.length, 0x20)]);
      const big = await uploadPdf(id, tooBig).expect(413);
      expect(big.body.success).toBe(false);
      const missing = await http().post(`/api/educator/courses/${id}/lecture-files`).set(auth(educatorToken)).expect(400);
      expect(missing.body.message).toMatch(/PDF/);
      expect(await bucketFiles(id)).toEqual([]);
    });

    it('lets a draft keep its own uploads, refuses another course\'s file, and removes a replaced file from the bucket', async () => {
      const id = await newDraft();
      const first = (await uploadPdf(id).expect(201)).body.url as string;
      await save(id, 1, completeDraft(first)).expect(200);
      const stored = (await getDraft(id)).draft.courseContent[0]!.chapterContent[0]!.notesUrl!;
      expect(stored.split('?')[0]).toBe(first.split('?')[0]);
      const second = (await uploadPdf(id).expect(201)).body.url as string;
      await save(id, 2, completeDraft(second)).expect(200);
      expect(await bucketFiles(id)).toEqual([`paid${second.split('?')[0]!.slice('/api/files'.length)}`]);
      // Removing the lecture removes its file.
      await save(id, 3, { ...completeDraft(), courseContent: [] }).expect(200);
      expect(await bucketFiles(id)).toEqual([]);

      // A file uploaded and never kept in the draft (replaced in the dialog) is swept when the course is published.
      const abandoned = (await uploadPdf(id).expect(201)).body.url as string;
      const kept = (await uploadPdf(id).expect(201)).body.url as string;
      await save(id, 4, completeDraft(kept)).expect(200);
      await http().put(`/api/educator/courses/${id}/thumbnail`).set(auth(educatorToken)).attach('image', png, 'thumb.png').expect(200);
      await http().post(`/api/educator/courses/${id}/publish`).set(auth(educatorToken)).expect(200);
      expect(await bucketFiles(id)).toEqual([`paid${kept.split('?')[0]!.slice('/api/files'.length)}`]);
      expect(abandoned).not.toBe(kept);
      // A draft cannot be overwritten through the edit route.
      const draftOnly = await newDraft();
      const edit = await http().put(`/api/educator/courses/${draftOnly}`).set(auth(educatorToken)).field('courseData', JSON.stringify({ courseTitle: 'x', coursePrice: 0, discount: 0 })).expect(409);
      expect(edit.body.message).toMatch(/draft/);

      const otherDraft = await newDraft();
      const theirs = await save(otherDraft, 1, completeDraft(second)).expect(400);
      expect(theirs.body.message).toMatch(/notesUrl/);
    });

    it('downloads: 401 without a link, 403 for a student not enrolled, 200 for the enrolled learner, a linked parent and the educator; a refund or an unlink ends it', async () => {
      const id = randomUUID();
      await save(id, 0, completeDraft()).expect(200);
      const uploaded = (await uploadPdf(id).expect(201)).body.url as string;
      await save(id, 1, completeDraft(uploaded)).expect(200);
      await http().put(`/api/educator/courses/${id}/thumbnail`).set(auth(educatorToken)).attach('image', png, 'thumb.png').expect(200);
      await http().post(`/api/educator/courses/${id}/publish`).set(auth(educatorToken)).expect(200);
      const bare = uploaded.split('?')[0]!;

      const visitor = await http().get(bare).expect(401);
      expect(visitor.body).toEqual({ success: false, message: MEDIA_LINK_MISSING_MESSAGE });
      // The public course page carries no link to the file.
      expect(JSON.stringify((await http().get(`/api/course/${id}`).expect(200)).body)).not.toContain('lecture-files');

      // A link signed for a student who is not enrolled (forwarded to them, say) is refused.
      const links = app.get<MediaLinks>(MEDIA_LINKS);
      const notEnrolled = await http().get(links.sign(bare, demoUsers.student.sub)).expect(403);
      expect(notEnrolled.body).toEqual({ success: false, message: FILE_NOT_ENTITLED_MESSAGE });

      // The educator's edit form signs it for them.
      const own: EducatorCourseDetail = (await http().get(`/api/educator/courses/${id}`).set(auth(educatorToken)).expect(200)).body.course;
      await http().get(own.courseContent[0]!.chapterContent[0]!.notesUrl!).expect(200);

      // Enrolled (progress's course.enrolled): the link My Enrollments signs for the learner downloads.
      const purchaseId = await feed.enrol(demoUsers.student.sub, id);
      const learnerLink = links.sign(bare, demoUsers.student.sub);
      const file = await http().get(learnerLink).expect(200);
      expect(Buffer.from(file.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

      // A parent: nothing before linking (a link signed for them is refused); once linked to the enrolled learner, the
      // parent's view of the child signs the notes for the parent, and they download.
      const parentLink = links.sign(bare, demoUsers.parent.sub);
      await http().get(parentLink).expect(403);
      const linkedAt = new Date().toISOString();
      await feed.link(demoUsers.parent.sub, demoUsers.student.sub, linkedAt);
      await http().get(parentLink).expect(200);
      // Another parent, not linked, with a link signed for them: refused.
      await http().get(links.sign(bare, demoUsers.otherParent.sub)).expect(403);
      // The link removed (parent.unlinked): the parent's link stops working.
      await feed.link(demoUsers.parent.sub, demoUsers.student.sub, linkedAt, true);
      await http().get(parentLink).expect(403);
      // The learner's refund (course.unenrolled) ends their downloads too.
      await feed.unenrol(demoUsers.student.sub, id, purchaseId);
      await http().get(learnerLink).expect(403);
    });
  });
});
