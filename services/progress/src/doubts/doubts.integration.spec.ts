import { DOUBT_RATE_LIMIT_MESSAGE, type InternalCourse } from '@academy/contracts';
import { startTestCatalogue, type TestCatalogue } from '@academy/catalogue/testing';
import { runMigrations } from '@academy/service-core';
import { demoUsers, prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { progressDatabase } from '../database.js';
import { DOUBT_POSTS_PER_MINUTE } from './doubt-post.limiter.js';

const COURSE = '41111111-1111-4111-8111-111111111110';
const OTHER_COURSE = '42222222-2222-4222-8222-222222222220';
const UNKNOWN_COURSE = '43333333-3333-4333-8333-333333333330';
const LECTURE = '41111111-1111-4111-8111-111111111111';
const SECOND_LECTURE = '41111111-1111-4111-8111-111111111112';
const OTHER_LECTURE = '42222222-2222-4222-8222-222222222221';

const courseWith = (id: string, lectureIds: string[], educatorId: string): InternalCourse => ({
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
      chapterId: `${id.slice(0, -1)}a`,
      chapterOrder: 1,
      chapterTitle: 'Basics',
      chapterContent: lectureIds.map((lectureId, index) => ({
        lectureId, lectureOrder: index + 1, lectureTitle: `Lecture ${index + 1}`, lectureDuration: 10, lectureUrl: 'https://media.example.test/a.mp4',
        isPreviewFree: false, notesUrl: null, testUrl: null,
      })),
    },
  ],
});

describe('doubts (real PostgreSQL, Redis and catalogue)', () => {
  let catalogue: TestCatalogue;
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;
  let asker: Record<string, string>;
  let classmate: Record<string, string>;
  let educator: Record<string, string>;
  let outsider: Record<string, string>;
  let otherEducator: Record<string, string>;
  let thirdLearner: Record<string, string>;

  const http = () => request(app.getHttpServer());
  const enrol = (userId: string, courseId: string) =>
    http()
      .post('/internal/enrolments')
      .set('X-Internal-Token', TEST_INTERNAL_TOKEN)
      .send({ purchaseId: randomUUID(), userId, courseId, name: 'Learner', email: 'learner@demo.academy' })
      .expect(200);
  /** Neither the doubt's author nor the answer's: sees only what is not hidden. */
  const outsiderInCourse = () => thirdLearner;
  const ask = (headers: Record<string, string>, text: string, atSecond = 42, lectureId = LECTURE) =>
    http().post(`/api/doubts/${COURSE}`).set(headers).send({ lectureId, atSecond, text });

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment({ CATALOGUE_CACHE_MS: '0' });
    catalogue = await startTestCatalogue(testEnv);
    await catalogue.putCourses([
      courseWith(COURSE, [LECTURE, SECOND_LECTURE], demoUsers.educator.sub),
      courseWith(OTHER_COURSE, [OTHER_LECTURE], 'sandbox|educator-ravi'),
    ]);
    await runMigrations({ url: testEnv.database.url, ...progressDatabase });
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    const sign = async (user: Parameters<typeof testEnv.issuer.sign>[0]) => ({ Authorization: `Bearer ${await testEnv.issuer.sign(user)}` });
    asker = await sign(demoUsers.student);
    classmate = await sign(demoUsers.otherStudent);
    educator = await sign(demoUsers.educator);
    outsider = await sign({ ...demoUsers.student, sub: 'sandbox|student-outsider', name: 'Outsider' });
    otherEducator = await sign({ ...demoUsers.educator, sub: 'sandbox|educator-ravi', name: 'Ravi' });
    await enrol(demoUsers.student.sub, COURSE);
    await enrol(demoUsers.otherStudent.sub, COURSE);
    await enrol('sandbox|student-outsider', OTHER_COURSE);
    thirdLearner = await sign({ ...demoUsers.student, sub: 'sandbox|student-third', name: 'Third Learner' });
    await enrol('sandbox|student-third', COURSE);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await catalogue?.close();
    await testEnv?.teardown();
  });

  it('asks at a second of a lecture, lists it for classmates and the educator, and says "me too" once', async () => {
    const asked = await ask(asker, 'Why does **recursion** need a base case? <script>alert(1)</script>').expect(201);
    expect(asked.body.doubt).toMatchObject({
      courseId: COURSE, lectureId: LECTURE, atSecond: 42, mine: true, resolved: false, meToo: 0, answerCount: 0, educatorAnswered: false,
      author: { name: 'Aarav Sharma', isEducator: false },
      html: '<p>Why does <strong>recursion</strong> need a base case? &lt;script&gt;alert(1)&lt;/script&gt;</p>',
    });
    const id: string = asked.body.doubt.id;
    const seen = await http().get(`/api/doubts/${COURSE}`).query({ lectureId: LECTURE }).set(classmate).expect(200);
    expect(seen.body.doubts.map((doubt: { id: string }) => doubt.id)).toEqual([id]);
    expect(seen.body.doubts[0].mine).toBe(false);
    await http().get(`/api/doubts/${COURSE}`).query({ lectureId: LECTURE }).set(educator).expect(200);

    for (let i = 0; i < 2; i += 1) {
      const same = await http().post(`/api/doubts/${COURSE}/${id}/me-too`).set(classmate).expect(200);
      expect(same.body.doubt).toMatchObject({ meToo: 1, meTooByMe: true });
    }
    const own = await http().post(`/api/doubts/${COURSE}/${id}/me-too`).set(asker).expect(409);
    expect(own.body.message).toBe('You asked this doubt yourself');
  });

  it('finds doubts over the course in English, Devanagari and Hinglish spelt another way', async () => {
    await ask(classmate, 'मुझे यह समझ नहीं आया कि लूप कैसे रुकता है', 10, SECOND_LECTURE).expect(201);
    await ask(classmate, 'Ye array index kaise kaam karta hai? Sheet WS2041', 20, SECOND_LECTURE).expect(201);
    const search = async (q: string) =>
      (await http().get(`/api/doubts/${COURSE}/search`).query({ q }).set(asker).expect(200)).body.doubts.map((doubt: { html: string }) => doubt.html);
    expect(await search('base case')).toEqual([expect.stringContaining('base case')]);
    expect(await search('लूप कैसे')).toEqual([expect.stringContaining('लूप')]);
    expect(await search('kese kaam karta')).toEqual([expect.stringContaining('kaise kaam')]);
    expect(await search('photosynthesis')).toEqual([]);
    // A code matches exactly: it has no other spellings, and never enters the course's vocabulary.
    expect(await search('ws2041')).toEqual([expect.stringContaining('WS2041')]);
    expect(await search('ws2042')).toEqual([]);
    expect(await app.get(DataSource).query(`SELECT word FROM progress.doubt_words WHERE word ~ '[0-9]'`)).toEqual([]);
    const short = await http().get(`/api/doubts/${COURSE}/search`).query({ q: 'a' }).set(asker).expect(400);
    expect(short.body.message).toBe('Invalid request: q: Type at least 3 characters to search');
  });

  it("marks the educator's answer, lets a classmate answer, and only the asker resolves", async () => {
    const id: string = (await ask(asker, 'What is a closure?').expect(201)).body.doubt.id;
    await http().post(`/api/doubts/${COURSE}/${id}/answers`).set(classmate).send({ text: 'A function with its scope' }).expect(201);
    const byEducator = await http().post(`/api/doubts/${COURSE}/${id}/answers`).set(educator).send({ text: 'A function that *remembers* its variables' }).expect(201);
    expect(byEducator.body.answer.author).toEqual({ name: 'Meera Iyer', isEducator: true });
    const thread = await http().get(`/api/doubts/${COURSE}/${id}`).set(asker).expect(200);
    expect(thread.body.doubt).toMatchObject({ answerCount: 2, educatorAnswered: true });
    expect(thread.body.doubt.answers.map((answer: { author: { isEducator: boolean } }) => answer.author.isEducator)).toEqual([true, false]);

    expect((await http().post(`/api/doubts/${COURSE}/${id}/resolve`).set(classmate).expect(403)).body.message).toBe(
      'Only the learner who asked can mark this doubt resolved',
    );
    expect((await http().post(`/api/doubts/${COURSE}/${id}/resolve`).set(asker).expect(200)).body.doubt.resolved).toBe(true);
  });

  it('takes reports once, and lets only the educator hide a post, which then only the educator and its author see', async () => {
    const id: string = (await ask(classmate, 'Buy cheap notes at spam.example').expect(201)).body.doubt.id;
    await http().post(`/api/doubts/${COURSE}/${id}/report`).set(asker).send({ reason: 'Spam' }).expect(200);
    await http().post(`/api/doubts/${COURSE}/${id}/report`).set(asker).send({ reason: 'Spam' }).expect(200);
    const reports = await app.get(DataSource).query('SELECT count(*)::int AS n FROM progress.doubt_reports WHERE doubt_id = $1', [id]);
    expect(reports[0].n).toBe(1);
    expect((await http().post(`/api/doubts/${COURSE}/${id}/hide`).set(asker).expect(403)).body.message).toBe("Only the course's educator can hide posts");
    await http().post(`/api/doubts/${COURSE}/${id}/hide`).set(educator).expect(200);
    await http().get(`/api/doubts/${COURSE}/${id}`).set(asker).expect(404);
    expect((await http().get(`/api/doubts/${COURSE}/${id}`).set(classmate).expect(200)).body.doubt.hidden).toBe(true);
    expect((await http().get(`/api/doubts/${COURSE}/${id}`).set(educator).expect(200)).body.doubt.hidden).toBe(true);
    const list = await http().get(`/api/doubts/${COURSE}`).query({ lectureId: LECTURE }).set(asker).expect(200);
    expect(list.body.doubts.map((doubt: { id: string }) => doubt.id)).not.toContain(id);
  });

  it('lists what the educator hid and shows a hidden doubt or answer again', async () => {
    const id: string = (await ask(classmate, 'Shown again later').expect(201)).body.doubt.id;
    const answerId: string = (await http().post(`/api/doubts/${COURSE}/${id}/answers`).set(asker).send({ text: 'Rude answer' }).expect(201)).body.answer.id;
    await http().post(`/api/doubts/${COURSE}/${id}/hide`).set(educator).expect(200);
    await http().post(`/api/doubts/${COURSE}/${id}/answers/${answerId}/hide`).set(educator).expect(200);
    const hidden = await http().get('/api/educator/inbox/hidden').set(educator).expect(200);
    expect(hidden.body.posts.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'answer', courseId: COURSE, courseTitle: 'Course 41', doubtId: id, answerId, authorName: 'Aarav Sharma', html: '<p>Rude answer</p>' }),
      expect.objectContaining({ kind: 'doubt', doubtId: id, answerId: null, authorName: 'Diya Patel' }),
    ]);
    // Another educator sees none of it; learners may not ask; a bad cursor is refused.
    expect((await http().get('/api/educator/inbox/hidden').set(otherEducator).expect(200)).body.posts).toEqual([]);
    await http().get('/api/educator/inbox/hidden').set(asker).expect(403);
    await http().get('/api/educator/inbox/hidden').expect(401);
    await http().get('/api/educator/inbox/hidden').query({ cursor: 'nonsense' }).set(educator).expect(400);

    // Only the educator shows posts again; an answer of another doubt is 404.
    expect((await http().post(`/api/doubts/${COURSE}/${id}/answers/${answerId}/unhide`).set(asker).expect(403)).body.message).toBe("Only the course's educator can hide posts");
    await http().post(`/api/doubts/${COURSE}/${randomUUID()}/answers/${answerId}/unhide`).set(educator).expect(404);
    await http().post(`/api/doubts/${COURSE}/${id}/unhide`).set(educator).expect(200);
    const shown = await http().post(`/api/doubts/${COURSE}/${id}/answers/${answerId}/unhide`).set(educator).expect(200);
    expect(shown.body.message).toBe('Shown to learners again');
    const thread = await http().get(`/api/doubts/${COURSE}/${id}`).set(outsiderInCourse()).expect(200);
    expect(thread.body.doubt).toMatchObject({ hidden: false, answerCount: 1 });
    expect(thread.body.doubt.answers).toEqual([expect.objectContaining({ id: answerId, hidden: false })]);
    // Showing again twice counts the answer once.
    await http().post(`/api/doubts/${COURSE}/${id}/answers/${answerId}/unhide`).set(educator).expect(200);
    expect((await http().get(`/api/doubts/${COURSE}/${id}`).set(educator).expect(200)).body.doubt.answerCount).toBe(1);
    expect((await http().get('/api/educator/inbox/hidden').set(educator).expect(200)).body.posts.map((post: { doubtId: string }) => post.doubtId)).not.toContain(id);
  });

  it('takes one image per doubt from its asker (type from the bytes, 2 MB at most) and serves it only to the course', async () => {
    // A real 1×1 PNG; its name and declared type are not what decides.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const id: string = (await ask(asker, 'What does this graph show?').expect(201)).body.doubt.id;
    const stored = () => app.get(DataSource).query('SELECT image_key, image_type FROM progress.doubts WHERE id = $1', [id]);
    const attach = (who: Record<string, string>, bytes: Buffer, filename = 'graph.png') =>
      http().post(`/api/doubts/${COURSE}/${id}/image`).set(who).attach('image', bytes, { filename, contentType: 'image/png' });

    // Refused files: a clear message, nothing stored.
    const text = await attach(asker, Buffer.from('<svg onload="alert(1)"></svg>'), 'evil.png').expect(415);
    expect(text.body.message).toBe('The image must be a PNG, JPEG or WebP picture');
    const big = await attach(asker, Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)])).expect(413);
    expect(big.body.message).toBe('The image is larger than 2 MB. Choose a smaller one or take a screenshot of the part that matters');
    expect((await http().post(`/api/doubts/${COURSE}/${id}/image`).set(asker).field('note', 'x').expect(400)).body.success).toBe(false);
    expect((await attach(classmate, png).expect(403)).body.message).toBe('Only the learner who asked can attach an image to this doubt');
    expect(await stored()).toEqual([{ image_key: null, image_type: null }]);
    await http().get(`/api/doubts/${COURSE}/${id}/image`).set(classmate).expect(404);

    const attached = await attach(asker, png, 'photo.jpg').expect(201);
    expect(attached.body.doubt).toMatchObject({ id, hasImage: true });
    expect(await stored()).toEqual([{ image_key: `doubts/${COURSE}/${id}.png`, image_type: 'image/png' }]);
    expect((await attach(asker, png).expect(409)).body.message).toBe('This doubt already has its image');

    for (const reader of [classmate, educator, asker]) {
      const image = await http().get(`/api/doubts/${COURSE}/${id}/image`).set(reader).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toBe('private, max-age=300');
      expect(Buffer.compare(image.body as Buffer, png)).toBe(0);
    }
    await http().get(`/api/doubts/${COURSE}/${id}/image`).expect(401);
    await http().get(`/api/doubts/${COURSE}/${id}/image`).set(outsider).expect(403);
    await http().get(`/api/doubts/${COURSE}/${id}/image`).set(otherEducator).expect(403);
    await http().get(`/api/doubts/${UNKNOWN_COURSE}/${id}/image`).set(asker).expect(404);
    await http().post(`/api/doubts/${COURSE}/${id}/image`).attach('image', png, 'a.png').expect(401);
    await http().post(`/api/doubts/${COURSE}/${id}/image`).set(outsider).attach('image', png, 'a.png').expect(403);
    expect((await http().get(`/api/doubts/${COURSE}`).query({ lectureId: LECTURE }).set(classmate).expect(200)).body.doubts.find((doubt: { id: string }) => doubt.id === id).hasImage).toBe(true);
  });

  it('pages a lecture by keyset, newest first, with no repeats', async () => {
    const db = app.get(DataSource);
    await db.query(
      `INSERT INTO progress.doubts (course_id, lecture_id, educator_id, user_id, author_name, at_second, body_text, body_html, created_at)
       SELECT $1, $2, $3, $4, 'Diya Patel', i, 'Bulk doubt ' || i, '<p>Bulk doubt ' || i || '</p>', timestamptz '2025-01-01' + (i || ' seconds')::interval
         FROM generate_series(1, 45) AS i`,
      [COURSE, SECOND_LECTURE, demoUsers.educator.sub, demoUsers.otherStudent.sub],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { doubts: { id: string; createdAt: string }[]; nextCursor: string | null } } = await http()
        .get(`/api/doubts/${COURSE}`)
        .query({ lectureId: SECOND_LECTURE, ...(cursor ? { cursor } : {}) })
        .set(asker)
        .expect(200);
      seen.push(...page.body.doubts.map((doubt) => doubt.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(47);
    expect(new Set(seen).size).toBe(47);
    const bad = await http().get(`/api/doubts/${COURSE}`).query({ lectureId: SECOND_LECTURE, cursor: 'nonsense' }).set(asker).expect(400);
    expect(bad.body.message).toMatch(/^cursor is not valid/);
  });

  it('refuses bad input with a message and writes nothing', async () => {
    const db = app.get(DataSource);
    const count = async () => (await db.query('SELECT count(*)::int AS n FROM progress.doubts'))[0].n as number;
    const before = await count();
    expect((await ask(asker, '   ').expect(400)).body.message).toBe('Invalid request: text: Write your text');
    expect((await ask(asker, 'x'.repeat(4001)).expect(400)).body.message).toBe('Invalid request: text: Keep it under 4,000 characters');
    expect((await ask(asker, 'Fine', -1).expect(400)).body.message).toBe('Invalid request: atSecond: atSecond must not be negative');
    expect((await ask(asker, 'Fine', 5, OTHER_LECTURE).expect(400)).body.message).toBe('This lecture is not part of the course');
    await http().get(`/api/doubts/${COURSE}/not-a-uuid`).set(asker).expect(400);
    await http().get(`/api/doubts/${COURSE}/${randomUUID()}`).set(asker).expect(404);
    expect(await count()).toBe(before);
  });

  it('answers 401 signed out, 403 to another course’s learner or educator, 404 for an unknown course on every route', async () => {
    const id: string = (await ask(asker, 'Access check doubt').expect(201)).body.doubt.id;
    const answerId: string = (await http().post(`/api/doubts/${COURSE}/${id}/answers`).set(educator).send({ text: 'Yes' }).expect(201)).body.answer.id;
    const routes: ['get' | 'post', string, object?][] = [
      ['get', `/api/doubts/${COURSE}?lectureId=${LECTURE}`],
      ['get', `/api/doubts/${COURSE}/search?q=access`],
      ['post', `/api/doubts/${COURSE}`, { lectureId: LECTURE, atSecond: 1, text: 'Let me in' }],
      ['get', `/api/doubts/${COURSE}/${id}`],
      ['post', `/api/doubts/${COURSE}/${id}/me-too`],
      ['post', `/api/doubts/${COURSE}/${id}/answers`, { text: 'Let me in' }],
      ['post', `/api/doubts/${COURSE}/${id}/resolve`],
      ['post', `/api/doubts/${COURSE}/${id}/report`, {}],
      ['post', `/api/doubts/${COURSE}/${id}/answers/${answerId}/report`, {}],
      ['post', `/api/doubts/${COURSE}/${id}/hide`],
      ['post', `/api/doubts/${COURSE}/${id}/unhide`],
      ['post', `/api/doubts/${COURSE}/${id}/answers/${answerId}/hide`],
      ['post', `/api/doubts/${COURSE}/${id}/answers/${answerId}/unhide`],
    ];
    const send = (method: 'get' | 'post', path: string, body?: object) => (method === 'get' ? http().get(path) : http().post(path).send(body ?? {}));
    for (const [method, path, body] of routes) {
      await send(method, path, body).expect(401);
      expect((await send(method, path, body).set(outsider).expect(403)).body.message).toBe("Only the course's enrolled learners and its educator can see its doubts");
      await send(method, path, body).set(otherEducator).expect(403);
      await send(method, path.replace(COURSE, UNKNOWN_COURSE), body).set(asker).expect(404);
    }
  });

  it("lists the educator's unanswered doubts oldest first, by course and lecture, and the median time to a first answer", async () => {
    const db = app.get(DataSource);
    const inbox = async (query: Record<string, string> = {}) =>
      (await http().get('/api/educator/inbox').query(query).set(educator).expect(200)).body.doubts as { id: string; createdAt: string; lectureTitle: string; courseTitle: string }[];
    const before = await inbox();
    expect(before.map((doubt) => doubt.createdAt)).toEqual([...before.map((doubt) => doubt.createdAt)].sort());
    const id: string = (await ask(classmate, 'Inbox doubt', 5, LECTURE).expect(201)).body.doubt.id;
    const onLecture = await inbox({ courseId: COURSE, lectureId: LECTURE });
    expect(onLecture.at(-1)).toMatchObject({ id, lectureTitle: '1.1 Lecture 1', courseTitle: 'Course 41' });
    expect((await inbox({ lectureId: SECOND_LECTURE })).map((doubt) => doubt.id)).not.toContain(id);
    expect(await inbox({ courseId: OTHER_COURSE })).toEqual([]);

    // Asked an hour ago, answered now: the median moves with it.
    await db.query(`UPDATE progress.doubts SET created_at = now() - interval '1 hour' WHERE id = $1`, [id]);
    await http().post(`/api/doubts/${COURSE}/${id}/answers`).set(educator).send({ text: 'Here is how' }).expect(201);
    expect((await inbox()).map((doubt) => doubt.id)).not.toContain(id);
    const { body } = await http().get('/api/educator/inbox/summary').set(educator).expect(200);
    // The expected figures from the raw rows, worked out here rather than by the same SQL.
    const rows: { waited: number | null; open: boolean }[] = await db.query(
      `SELECT extract(epoch FROM first_educator_answer_at - created_at)::float AS waited,
              (first_educator_answer_at IS NULL AND hidden_at IS NULL AND resolved_at IS NULL) AS open
         FROM progress.doubts WHERE educator_id = $1`,
      [demoUsers.educator.sub],
    );
    const waits = rows.flatMap((row) => (row.waited === null ? [] : [row.waited])).sort((a, b) => a - b);
    const middle = waits.length / 2;
    const median = waits.length % 2 ? waits[Math.floor(middle)]! : (waits[middle - 1]! + waits[middle]!) / 2;
    expect(body.summary).toEqual({
      medianSecondsToFirstAnswer: Math.round(median),
      answeredDoubts: waits.length,
      unansweredDoubts: rows.filter((row) => row.open).length,
    });
    expect(waits.at(-1)).toBeGreaterThanOrEqual(3600);
    expect(body.summary.unansweredDoubts).toBeGreaterThan(0);

    await http().get('/api/educator/inbox').expect(401);
    await http().get('/api/educator/inbox').set(asker).expect(403);
    await http().get('/api/educator/inbox/summary').set(asker).expect(403);
    expect((await http().get('/api/educator/inbox').query({ courseId: COURSE }).set(otherEducator).expect(200)).body.doubts).toEqual([]);
  });

  it('limits posting with a clear 429 message', async () => {
    const limited = { Authorization: `Bearer ${await testEnv.issuer.sign({ ...demoUsers.otherStudent, sub: 'sandbox|student-fast' })}` };
    await enrol('sandbox|student-fast', COURSE);
    for (let i = 0; i < DOUBT_POSTS_PER_MINUTE; i += 1) await ask(limited, `Fast doubt ${i}`).expect(201);
    const refused = await ask(limited, 'One too many').expect(429);
    expect(refused.body).toEqual({ success: false, message: DOUBT_RATE_LIMIT_MESSAGE });
  });
});
