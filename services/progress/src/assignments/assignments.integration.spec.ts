import {
  ALREADY_REVIEWED_MESSAGE,
  ASSIGNMENT_FILE_MAX_BYTES,
  ASSIGNMENT_NOT_FOUND_MESSAGE,
  ASSIGNMENT_REVIEWED_EVENT,
  assignmentReviewedEventSchema,
  CHAPTER_NOT_IN_COURSE_MESSAGE,
  marksRangeMessage,
  NOT_IN_COURSE_ASSIGNMENTS_MESSAGE,
  ONLY_EDUCATOR_SETS_ASSIGNMENTS_MESSAGE,
  SUBMISSION_ALREADY_REVIEWED_MESSAGE,
  SUBMISSION_NOT_FOUND_MESSAGE,
  SUBMIT_FILE_OR_TEXT_MESSAGE,
  type InternalCourse,
} from '@academy/contracts';
import { startTestCatalogue, type TestCatalogue } from '@academy/catalogue/testing';
import { MediaLinks, runMigrations, S3ObjectStorage, type ObjectStorageConfig } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, TEST_MEDIA_LINK_SECRET, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { progressDatabase } from '../database.js';

const COURSE = '51111111-1111-4111-8111-111111111110';
const CHAPTER = '51111111-1111-4111-8111-11111111111a';
const LECTURE = '51111111-1111-4111-8111-111111111111';
const OTHER_COURSE = '52222222-2222-4222-8222-222222222220';
const OTHER_CHAPTER = '52222222-2222-4222-8222-22222222222a';
const UNKNOWN_COURSE = '53333333-3333-4333-8333-333333333330';

const courseWith = (id: string, chapterId: string, lectureId: string, educatorId: string): InternalCourse => ({
  _id: id,
  courseTitle: `Course ${id.slice(0, 2)}`,
  courseThumbnail: 'https://example.test/thumb.png',
  coursePrice: 0,
  discount: 0,
  educatorId,
  educatorName: 'Meera Iyer',
  isPublished: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  courseContent: [
    {
      chapterId,
      chapterOrder: 1,
      chapterTitle: 'Basics',
      chapterContent: [
        { lectureId, lectureOrder: 1, lectureTitle: 'Lecture 1', lectureDuration: 10, lectureUrl: 'https://media.example.test/a.mp4', isPreviewFree: false, notesUrl: null, testUrl: null },
      ],
    },
  ],
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const essay = { chapterId: CHAPTER, title: 'Essay on fractions', instructions: 'Explain **why** 1/2 = 2/4.', dueDate: '2026-12-31', maxMarks: 20, acceptedFileTypes: ['pdf'] };

describe('assignments (real PostgreSQL, Redis, bucket and catalogue)', () => {
  let catalogue: TestCatalogue;
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;
  let storage: S3ObjectStorage;
  let learner: Record<string, string>;
  let classmate: Record<string, string>;
  let educator: Record<string, string>;
  let outsider: Record<string, string>;
  let otherEducator: Record<string, string>;
  let assignmentId: string;

  const http = () => request(app.getHttpServer());
  const db = () => app.get(DataSource);
  const enrol = (userId: string, courseId: string) =>
    http()
      .post('/internal/enrolments')
      .set('X-Internal-Token', TEST_INTERNAL_TOKEN)
      .send({ purchaseId: randomUUID(), userId, courseId, name: 'Learner', email: 'learner@demo.academy' })
      .expect(200);
  const submissionRows = async () => (await db().query('SELECT count(*)::int AS n FROM progress.assignment_submissions'))[0].n as number;
  const storedFiles = async () => (await storage.list('paid/submissions/')).length;
  const submitUrl = (id = assignmentId, courseId = COURSE) => `/api/assignments/${courseId}/${id}/submission`;

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment({ CATALOGUE_CACHE_MS: '0' });
    catalogue = await startTestCatalogue(testEnv);
    await catalogue.putCourses([
      courseWith(COURSE, CHAPTER, LECTURE, demoUsers.educator.sub),
      courseWith(OTHER_COURSE, OTHER_CHAPTER, '52222222-2222-4222-8222-222222222221', 'sandbox|educator-ravi'),
    ]);
    await runMigrations({ url: testEnv.database.url, ...progressDatabase });
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    storage = new S3ObjectStorage(testEnv.objectStore.env as unknown as ObjectStorageConfig);
    const sign = async (user: Parameters<typeof testEnv.issuer.sign>[0]) => ({ Authorization: `Bearer ${await testEnv.issuer.sign(user)}` });
    learner = await sign(demoUsers.student);
    classmate = await sign(demoUsers.otherStudent);
    educator = await sign(demoUsers.educator);
    outsider = await sign({ ...demoUsers.student, sub: 'sandbox|student-outsider', name: 'Outsider' });
    otherEducator = await sign({ ...demoUsers.educator, sub: 'sandbox|educator-ravi', name: 'Ravi' });
    await enrol(demoUsers.student.sub, COURSE);
    await enrol(demoUsers.otherStudent.sub, COURSE);
    await enrol('sandbox|student-outsider', OTHER_COURSE);
  }, 60_000);

  afterAll(async () => {
    storage?.destroy();
    await app?.close();
    await catalogue?.close();
    await testEnv?.teardown();
  });

  it('lets only the course educator set an assignment, with clear messages for bad input and nothing written', async () => {
    await http().post(`/api/assignments/${COURSE}`).send(essay).expect(401);
    expect((await http().post(`/api/assignments/${COURSE}`).set(learner).send(essay).expect(403)).body.message).toBe(ONLY_EDUCATOR_SETS_ASSIGNMENTS_MESSAGE);
    await http().post(`/api/assignments/${COURSE}`).set(otherEducator).send(essay).expect(403);
    await http().post(`/api/assignments/${UNKNOWN_COURSE}`).set(educator).send(essay).expect(404);
    await http().post('/api/assignments/not-a-uuid').set(educator).send(essay).expect(400);
    expect((await http().post(`/api/assignments/${COURSE}`).set(educator).send({ ...essay, chapterId: OTHER_CHAPTER }).expect(400)).body.message).toBe(CHAPTER_NOT_IN_COURSE_MESSAGE);
    expect((await http().post(`/api/assignments/${COURSE}`).set(educator).send({ ...essay, maxMarks: 0 }).expect(400)).body.message).toContain('Max marks must be between 1 and 1000');
    expect((await http().post(`/api/assignments/${COURSE}`).set(educator).send({ ...essay, dueDate: '2026-02-30' }).expect(400)).body.message).toContain('Due date must be a date');
    expect((await http().post(`/api/assignments/${COURSE}`).set(educator).send({ ...essay, acceptedFileTypes: ['exe'] }).expect(400)).body.message).toContain('Choose file types from the list');
    expect((await db().query('SELECT count(*)::int AS n FROM progress.assignments'))[0].n).toBe(0);

    const created = await http().post(`/api/assignments/${COURSE}`).set(educator).send(essay).expect(201);
    expect(created.body.assignment).toMatchObject({ courseId: COURSE, chapterId: CHAPTER, title: essay.title, dueDate: '2026-12-31', maxMarks: 20, acceptedFileTypes: ['pdf'] });
    assignmentId = created.body.assignment.id;

    const edited = await http().put(`/api/assignments/${COURSE}/${assignmentId}`).set(educator).send({ ...essay, acceptedFileTypes: ['pdf', 'png'], dueDate: null }).expect(200);
    expect(edited.body.assignment).toMatchObject({ acceptedFileTypes: ['pdf', 'png'], dueDate: null });
    await http().put(`/api/assignments/${COURSE}/${assignmentId}`).set(learner).send(essay).expect(403);
    await http().put(`/api/assignments/${OTHER_COURSE}/${assignmentId}`).set(otherEducator).send({ ...essay, chapterId: OTHER_CHAPTER }).expect(404);
    await http().put(`/api/assignments/${COURSE}/${assignmentId}`).send(essay).expect(401);
    await http().put(`/api/assignments/${COURSE}/${assignmentId}`).set(otherEducator).send(essay).expect(403);
    await http().put(`/api/assignments/${COURSE}/${randomUUID()}`).set(educator).send(essay).expect(404);
    await http().delete(`/api/assignments/${COURSE}/${assignmentId}`).expect(401);
    await http().delete(`/api/assignments/${COURSE}/${assignmentId}`).set(otherEducator).expect(403);
    await http().delete(`/api/assignments/${COURSE}/${assignmentId}`).set(classmate).expect(403);
    await http().delete(`/api/assignments/${COURSE}/${randomUUID()}`).set(educator).expect(404);
  });

  it('shows the assignments to enrolled learners and the educator only', async () => {
    await http().get(`/api/assignments/${COURSE}`).expect(401);
    expect((await http().get(`/api/assignments/${COURSE}`).set(outsider).expect(403)).body.message).toBe(NOT_IN_COURSE_ASSIGNMENTS_MESSAGE);
    await http().get(`/api/assignments/${COURSE}`).set(otherEducator).expect(403);
    await http().get(`/api/assignments/${UNKNOWN_COURSE}`).set(learner).expect(404);
    const seen = await http().get(`/api/assignments/${COURSE}`).set(learner).expect(200);
    expect(seen.body.assignments).toEqual([expect.objectContaining({ id: assignmentId, mySubmission: null, counts: null })]);
    const taught = await http().get(`/api/assignments/${COURSE}`).set(educator).expect(200);
    expect(taught.body.assignments[0].counts).toEqual({ awaitingReview: 0, reviewed: 0 });
  });

  it('refuses hand-ins that are empty, of the wrong kind by their bytes, too big, or not the learner\'s to make, writing nothing', async () => {
    await http().post(submitUrl()).field('text', 'x').expect(401);
    await http().post(submitUrl()).set(outsider).field('text', 'mine').expect(403);
    await http().post(submitUrl()).set(educator).field('text', 'mine').expect(403);
    await http().post(submitUrl(randomUUID())).set(learner).field('text', 'mine').expect(404);
    await http().post(submitUrl(assignmentId, OTHER_COURSE)).set(outsider).field('text', 'mine').expect(404);
    expect((await http().post(submitUrl()).set(learner).field('text', '   ').expect(400)).body.message).toBe(SUBMIT_FILE_OR_TEXT_MESSAGE);
    // Named and declared a PDF but really text: refused by what the bytes are, not by the name.
    const wrongKind = await http().post(submitUrl()).set(learner).attach('file', Buffer.from('just some text, not a pdf'), { filename: 'essay.pdf', contentType: 'application/pdf' }).expect(415);
    expect(wrongKind.body.message).toBe('This file is not a PDF or PNG image');
    const tooBig = Buffer.concat([PDF, Buffer.alloc(ASSIGNMENT_FILE_MAX_BYTES)]);
    expect((await http().post(submitUrl()).set(learner).attach('file', tooBig, 'big.pdf').expect(413)).body.message).toBe('The file is larger than the 10 MB allowed');
    expect(await submissionRows()).toBe(0);
    expect(await storedFiles()).toBe(0);
  });

  it('takes a file (checked by its bytes) or text, lets the learner resubmit until reviewed, and signs the file for the learner and the educator', async () => {
    const text = await http().post(submitUrl()).set(classmate).field('text', 'Because **halving** both <script>alert(1)</script>').expect(200);
    expect(text.body.submission).toMatchObject({ textHtml: '<p>Because <strong>halving</strong> both &lt;script&gt;alert(1)&lt;/script&gt;</p>', file: null, reviewedAt: null, marks: null });

    const first = await http().post(submitUrl()).set(learner).attach('file', PNG, 'photo.png').expect(200);
    expect(first.body.submission.file).toMatchObject({ name: 'photo.png', kind: 'png', bytes: PNG.length });
    const again = await http().post(submitUrl()).set(learner).attach('file', PDF, { filename: 'work.bin', contentType: 'application/octet-stream' }).field('text', 'My essay').expect(200);
    expect(again.body.submission).toMatchObject({ id: first.body.submission.id, textHtml: '<p>My essay</p>', file: { name: 'work.bin', kind: 'pdf', bytes: PDF.length } });
    // The replaced file is gone; one file per hand-in is kept.
    const files = await storage.list('paid/submissions/');
    expect(files).toHaveLength(1);
    expect((await storage.get(files[0]!.key))!.body.equals(PDF)).toBe(true);

    const links = new MediaLinks(TEST_MEDIA_LINK_SECRET, 600);
    const url: string = again.body.submission.file.url;
    expect(url).toMatch(/^\/api\/files\/submissions\//);
    const parsed = new URL(url, 'http://portal.test');
    expect(links.verify(parsed.pathname, Object.fromEntries(parsed.searchParams))).toMatchObject({ valid: true, userId: demoUsers.student.sub });
    const mine = await http().get(`/api/assignments/${COURSE}`).set(learner).expect(200);
    expect(mine.body.assignments[0].mySubmission).toMatchObject({ id: first.body.submission.id, file: { kind: 'pdf' } });
  });

  it('lists hand-ins awaiting review oldest first for the course educator only, filterable by course', async () => {
    await http().get('/api/educator/submissions').expect(401);
    await http().get('/api/educator/submissions').set(learner).expect(403);
    await http().get('/api/educator/submissions/summary').expect(401);
    await http().get('/api/educator/submissions/summary').set(learner).expect(403);
    await http().get('/api/educator/submissions').query({ courseId: 'nope' }).set(educator).expect(400);
    const inbox = await http().get('/api/educator/submissions').set(educator).expect(200);
    expect(inbox.body.submissions.map((entry: { learnerName: string }) => entry.learnerName)).toEqual(['Diya Patel', 'Aarav Sharma']);
    expect(inbox.body.submissions[0]).toMatchObject({ courseTitle: 'Course 51', assignmentTitle: essay.title, chapterTitle: 'Basics', maxMarks: 20 });
    const pdfLink = new URL(inbox.body.submissions[1].file.url, 'http://portal.test');
    expect(pdfLink.searchParams.get('user')).toBe(demoUsers.educator.sub);
    expect((await http().get('/api/educator/submissions').query({ courseId: OTHER_COURSE }).set(educator).expect(200)).body.submissions).toEqual([]);
    expect((await http().get('/api/educator/submissions').set(otherEducator).expect(200)).body.submissions).toEqual([]);
    expect((await http().get('/api/educator/submissions/summary').set(educator).expect(200)).body.awaitingReview).toBe(2);
  });

  it('reviews once with marks within the maximum; the learner sees marks and feedback, resubmitting is refused; the event is written', async () => {
    const inbox = await http().get('/api/educator/submissions').set(educator).expect(200);
    const submissionId: string = inbox.body.submissions.find((entry: { learnerName: string }) => entry.learnerName === 'Aarav Sharma').id;
    const reviewUrl = `/api/assignments/${COURSE}/${assignmentId}/submissions/${submissionId}/review`;
    const review = { marks: 17, feedback: 'Good reasoning. *Show* one more example.' };

    await http().post(reviewUrl).send(review).expect(401);
    await http().post(reviewUrl).set(learner).send(review).expect(403);
    await http().post(reviewUrl).set(otherEducator).send(review).expect(403);
    expect((await http().post(`/api/assignments/${COURSE}/${assignmentId}/submissions/${randomUUID()}/review`).set(educator).send(review).expect(404)).body.message).toBe(SUBMISSION_NOT_FOUND_MESSAGE);
    expect((await http().post(`/api/assignments/${COURSE}/${randomUUID()}/submissions/${submissionId}/review`).set(educator).send(review).expect(404)).body.message).toBe(ASSIGNMENT_NOT_FOUND_MESSAGE);
    expect((await http().post(reviewUrl).set(educator).send({ ...review, marks: 21 }).expect(400)).body.message).toBe(marksRangeMessage(20));
    expect((await http().post(reviewUrl).set(educator).send({ ...review, marks: -1 }).expect(400)).body.message).toContain('Marks must not be negative');
    expect((await http().post(reviewUrl).set(educator).send({ marks: 5, feedback: ' ' }).expect(400)).body.message).toContain('Write your feedback');
    expect((await db().query('SELECT count(*)::int AS n FROM progress.assignment_submissions WHERE reviewed_at IS NOT NULL'))[0].n).toBe(0);

    const reviewed = await http().post(reviewUrl).set(educator).send(review).expect(200);
    expect(reviewed.body.submission).toMatchObject({ marks: 17, feedbackHtml: '<p>Good reasoning. <em>Show</em> one more example.</p>' });
    expect((await http().post(reviewUrl).set(educator).send(review).expect(409)).body.message).toBe(SUBMISSION_ALREADY_REVIEWED_MESSAGE);

    const events: { payload: unknown }[] = await db().query('SELECT payload FROM progress.outbox WHERE name = $1', [ASSIGNMENT_REVIEWED_EVENT]);
    expect(events).toHaveLength(1);
    expect(assignmentReviewedEventSchema.parse(events[0]!.payload)).toMatchObject({ courseId: COURSE, assignmentId, submissionId, learnerId: demoUsers.student.sub, marks: 17, maxMarks: 20 });

    const seen = await http().get(`/api/assignments/${COURSE}`).set(learner).expect(200);
    expect(seen.body.assignments[0].mySubmission).toMatchObject({ marks: 17, feedbackHtml: expect.stringContaining('<em>Show</em>') });
    const before = await db().query('SELECT text, file_key FROM progress.assignment_submissions WHERE id = $1', [submissionId]);
    const refused = await http().post(submitUrl()).set(learner).field('text', 'A better essay').expect(409);
    expect(refused.body.message).toBe(ALREADY_REVIEWED_MESSAGE);
    expect(await db().query('SELECT text, file_key FROM progress.assignment_submissions WHERE id = $1', [submissionId])).toEqual(before);
    expect(await storedFiles()).toBe(1);

    // Max marks cannot drop below marks already given.
    expect((await http().put(`/api/assignments/${COURSE}/${assignmentId}`).set(educator).send({ ...essay, maxMarks: 10 }).expect(400)).body.message).toBe(
      'Max marks cannot be below the 17 marks already given',
    );
    expect((await http().get('/api/educator/submissions/summary').set(educator).expect(200)).body.awaitingReview).toBe(1);
  });

  it('completes the course (certificate, course.completed) only once every assignment is reviewed', async () => {
    await http().post('/api/user/update-course-progress').set(classmate).send({ courseId: COURSE, lectureId: LECTURE }).expect(200);
    const progress = await http().post('/api/user/get-course-progress').set(classmate).send({ courseId: COURSE }).expect(200);
    expect(progress.body.progressData.assignments).toEqual([
      { assignmentId, chapterId: CHAPTER, title: essay.title, maxMarks: 20, submitted: true, reviewed: false, marks: null },
    ]);
    const early = await http().get(`/api/certificates/course/${COURSE}`).set(classmate).expect(409);
    expect(early.body.message).toBe('Complete every lecture, pass every quiz and have every assignment reviewed to get the certificate of this course');
    const completedEvents = async () =>
      (await db().query(`SELECT payload FROM progress.outbox WHERE name = 'course.completed' AND payload->>'userId' = $1`, [demoUsers.otherStudent.sub])).length;
    expect(await completedEvents()).toBe(0);

    const inbox = await http().get('/api/educator/submissions').query({ courseId: COURSE }).set(educator).expect(200);
    const submissionId: string = inbox.body.submissions[0].id;
    await http().post(`/api/assignments/${COURSE}/${assignmentId}/submissions/${submissionId}/review`).set(educator).send({ marks: 0, feedback: 'Please try the examples again.' }).expect(200);
    expect(await completedEvents()).toBe(1);
    const after = await http().post('/api/user/get-course-progress').set(classmate).send({ courseId: COURSE }).expect(200);
    expect(after.body.progressData.assignments[0]).toMatchObject({ reviewed: true, marks: 0 });
    await http().get(`/api/certificates/course/${COURSE}`).set(classmate).expect(200);
  });

  it("shows a linked parent the child's reviewed assignment with its marks and a file link signed for the parent", async () => {
    const parent = { Authorization: `Bearer ${await testEnv.issuer.sign(demoUsers.parent)}` };
    const otherParent = { Authorization: `Bearer ${await testEnv.issuer.sign(demoUsers.otherParent)}` };
    const { code } = (await http().post('/api/parents/link-codes').set(learner).expect(201)).body.linkCode as { code: string };
    await http().post('/api/parents/links').set(parent).send({ code }).expect(201);
    const childPath = `/api/parents/children/${encodeURIComponent(demoUsers.student.sub)}`;
    await http().get(childPath).set(otherParent).expect(404);
    const view = await http().get(childPath).set(parent).expect(200);
    const course = view.body.courses.find((entry: { courseId: string }) => entry.courseId === COURSE);
    expect(course).toMatchObject({ reviewedAssignments: 1, totalAssignments: 1, status: 'in-progress', statusLabel: 'In progress' });
    expect(course.assignmentMarks).toEqual([{ assignmentId, title: essay.title, marks: 17, maxMarks: 20, file: { name: 'work.bin', url: expect.stringMatching(/^\/api\/files\/submissions\//) } }]);
    const link = new URL(course.assignmentMarks[0].file.url, 'http://portal.test');
    expect(new MediaLinks(TEST_MEDIA_LINK_SECRET, 600).verify(link.pathname, Object.fromEntries(link.searchParams))).toMatchObject({ valid: true, userId: demoUsers.parent.sub });
  });

  it('takes a removed assignment out of the list and of completion', async () => {
    await http().delete(`/api/assignments/${COURSE}/${assignmentId}`).set(educator).expect(200);
    expect((await http().get(`/api/assignments/${COURSE}`).set(learner).expect(200)).body.assignments).toEqual([]);
    await http().post(submitUrl()).set(learner).field('text', 'late').expect(404);
    const progress = await http().post('/api/user/get-course-progress').set(learner).send({ courseId: COURSE }).expect(200);
    expect(progress.body.progressData.assignments).toEqual([]);
  });
});
