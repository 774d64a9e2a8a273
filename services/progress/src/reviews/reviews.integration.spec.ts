import { ACADEMY_ADMIN_ROLE, CatalogueEvent, type CourseRatedEvent, type CourseReviewsPage, type InternalCourse, type ReportedReviewsAnswer } from '@academy/contracts';
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

const COURSE = '44444444-4444-4444-8444-444444444440';
const LECTURE = '44444444-4444-4444-8444-444444444441';
const OTHER_EDUCATOR = { sub: 'sandbox|educator-other', name: 'Ravi Kumar', email: 'ravi@demo.academy', picture: '', roles: ['educator'] };
const ACADEMY_ADMIN = { sub: 'sandbox|admin-nisha', name: 'Nisha Rao', email: 'nisha@demo.academy', picture: '', roles: [ACADEMY_ADMIN_ROLE] };

const course: InternalCourse = {
  _id: COURSE,
  courseTitle: 'Reviewed Course',
  courseThumbnail: 'https://example.test/thumb.png',
  coursePrice: 0,
  discount: 0,
  educatorId: demoUsers.educator.sub,
  educatorName: demoUsers.educator.name,
  isPublished: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  courseContent: [
    {
      chapterId: '44444444-4444-4444-8444-44444444444a',
      chapterOrder: 1,
      chapterTitle: 'Basics',
      chapterContent: [
        { lectureId: LECTURE, lectureOrder: 1, lectureTitle: 'Welcome', lectureDuration: 10, lectureUrl: 'https://media.example.test/w.mp4', isPreviewFree: false, notesUrl: null, testUrl: null },
      ],
    },
  ],
};

describe('written reviews (real PostgreSQL, Redis and catalogue)', () => {
  let catalogue: TestCatalogue;
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;
  const tokens: Record<string, Record<string, string>> = {};

  const http = () => request(app.getHttpServer());
  const db = () => app.get(DataSource);
  const as = async (user: { sub: string; name: string; email: string; picture: string; roles: string[] }) => ({
    Authorization: `Bearer ${await testEnv.issuer.sign(user)}`,
  });
  const enrol = (userId: string, name: string) =>
    http()
      .post('/internal/enrolments')
      .set('X-Internal-Token', TEST_INTERNAL_TOKEN)
      .send({ purchaseId: randomUUID(), userId, courseId: COURSE, name, email: `${userId.split('|')[1]}@demo.academy` })
      .expect(200);
  const finishLecture = (token: Record<string, string>) =>
    http().post('/api/user/update-course-progress').set(token).send({ courseId: COURSE, lectureId: LECTURE }).expect(200);
  const counts = async () => {
    const [row] = await db().query(
      `SELECT (SELECT count(*)::int FROM progress.course_reviews) AS reviews, (SELECT count(*)::int FROM progress.course_ratings) AS ratings,
              (SELECT count(*)::int FROM progress.review_replies) AS replies, (SELECT count(*)::int FROM progress.review_reports) AS reports,
              (SELECT count(*)::int FROM progress.review_helpful_votes) AS votes`,
    );
    return row as Record<string, number>;
  };
  const list = async (query = '', token?: Record<string, string>): Promise<CourseReviewsPage> => {
    const call = http().get(`/api/reviews/course/${COURSE}${query}`);
    return (await (token ? call.set(token) : call).expect(200)).body as CourseReviewsPage;
  };
  const write = (token: Record<string, string>, rating: number, text: string) =>
    http().put(`/api/reviews/course/${COURSE}/mine`).set(token).send({ rating, text });
  const ratingEvents = async (): Promise<CourseRatedEvent[]> =>
    (await db().query('SELECT payload FROM progress.outbox WHERE name = $1 ORDER BY created_at, id', [CatalogueEvent.CourseRated])).map(
      (row: { payload: CourseRatedEvent }) => row.payload,
    );

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment({ CATALOGUE_CACHE_MS: '0', PORTAL_URL: 'http://portal.test' });
    catalogue = await startTestCatalogue(testEnv);
    await catalogue.putCourses([course]);
    await runMigrations({ url: testEnv.database.url, ...progressDatabase });
    app = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false });
    await app.init();
    tokens.student = await as(demoUsers.student);
    tokens.other = await as(demoUsers.otherStudent);
    tokens.educator = await as(demoUsers.educator);
    tokens.otherEducator = await as(OTHER_EDUCATOR);
    tokens.admin = await as(ACADEMY_ADMIN);
    await enrol(demoUsers.student.sub, demoUsers.student.name);
    await enrol(demoUsers.otherStudent.sub, demoUsers.otherStudent.name);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await catalogue?.close();
    await testEnv?.teardown();
  });

  it('answers 401 to signed-out writers, voters, reporters, repliers and hiders', async () => {
    const id = randomUUID();
    for (const call of [
      http().put(`/api/reviews/course/${COURSE}/mine`).send({ rating: 5, text: 'Great' }),
      http().get(`/api/reviews/course/${COURSE}/mine`),
      http().post(`/api/reviews/${id}/reply`).send({ text: 'Thanks' }),
      http().post(`/api/reviews/${id}/hide`).send({ hidden: true }),
      http().post(`/api/reviews/${id}/report`).send({}),
      http().post(`/api/reviews/${id}/helpful`),
    ]) {
      const { body } = await call.expect(401);
      expect(body).toEqual({ success: false, message: expect.stringMatching(/^Sign in/) });
    }
    expect(await counts()).toEqual({ reviews: 0, ratings: 0, replies: 0, reports: 0, votes: 0 });
  });

  it('refuses a learner who is not enrolled, and one who has not finished a lecture, with 403 and nothing written', async () => {
    const notEnrolled = await write(await as({ ...demoUsers.student, sub: 'sandbox|student-stranger' }), 5, 'Never took it');
    expect(notEnrolled.status).toBe(403);
    expect(notEnrolled.body).toEqual({ success: false, message: 'You are not enrolled in this course' });
    const notStarted = await write(tokens.student!, 5, 'Looks good');
    expect(notStarted.status).toBe(403);
    expect(notStarted.body).toEqual({ success: false, message: 'Finish at least one lecture of this course before reviewing it' });
    expect(await counts()).toEqual({ reviews: 0, ratings: 0, replies: 0, reports: 0, votes: 0 });
    expect(await ratingEvents()).toEqual([]);
  });

  it.each([
    ['a rating of 6', { rating: 6, text: 'Fine' }, /rating must be between 1 and 5/],
    ['no text', { rating: 4 }, /Review must be text/],
    ['blank text', { rating: 4, text: '   ' }, /Review must not be empty/],
    ['only a script', { rating: 4, text: '<script>alert(1)</script>' }, /Review must not be empty/],
    ['2001 characters', { rating: 4, text: 'x'.repeat(2001) }, /Review must be at most 2000 characters/],
  ])('refuses a review with %s with 400 and writes nothing', async (_case, body, message) => {
    await finishLecture(tokens.student!);
    const response = await http().put(`/api/reviews/course/${COURSE}/mine`).set(tokens.student!).send(body).expect(400);
    expect(response.body).toEqual({ success: false, message: expect.stringMatching(message) });
    expect((await counts()).reviews).toBe(0);
  });

  it('writes a review with its rating through the rating path, sanitises the text, and edits it in place', async () => {
    const first = await write(tokens.student!, 5, '<p>Clear <b>lectures</b></p><img src=x onerror=alert(1)> &amp; good pace').expect(200);
    expect(first.body).toEqual({ success: true, message: 'Review published', review: { _id: expect.any(String), rating: 5, text: 'Clear lectures & good pace' } });
    const edited = await write(tokens.student!, 4, 'Clear lectures, a little fast').expect(200);
    expect(edited.body).toMatchObject({ message: 'Review updated', review: { _id: first.body.review._id, rating: 4 } });
    expect(await db().query('SELECT user_id, rating FROM progress.course_ratings')).toEqual([{ user_id: demoUsers.student.sub, rating: 4 }]);
    expect((await ratingEvents()).map(({ rating, previousRating }) => [rating, previousRating])).toEqual([[5, null], [4, 5]]);
    const mine = await http().get(`/api/reviews/course/${COURSE}/mine`).set(tokens.student!).expect(200);
    expect(mine.body).toEqual({ success: true, review: { _id: first.body.review._id, rating: 4, text: 'Clear lectures, a little fast' } });
    const page = await list();
    expect(page.reviews).toHaveLength(1);
    expect(page.reviews[0]).toMatchObject({ userName: 'Aarav Sharma', rating: 4, text: 'Clear lectures, a little fast', reply: null, hidden: false, isMine: false });
    expect(page.histogram).toEqual({ '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 });
    expect(page.isEducator).toBe(false);
    expect((await list('', tokens.student)).reviews[0]!.isMine).toBe(true);
  });

  it('lets the course educator reply once and edit it; other educators and learners get 403', async () => {
    const [review] = (await list()).reviews;
    const path = `/api/reviews/${review!._id}/reply`;
    for (const token of [tokens.otherEducator!, tokens.other!, tokens.student!]) {
      const { body } = await http().post(path).set(token).send({ text: 'Not mine to answer' }).expect(403);
      expect(body).toEqual({ success: false, message: "Only the course's educator can do this" });
    }
    expect((await counts()).replies).toBe(0);
    const editBefore = await http().put(path).set(tokens.educator!).send({ text: 'Edit first?' }).expect(404);
    expect(editBefore.body.message).toBe('There is no reply to edit yet');
    await http().post(path).set(tokens.educator!).send({ text: 'Thank you, <i>Aarav</i>!' }).expect(201);
    const again = await http().post(path).set(tokens.educator!).send({ text: 'A second reply' }).expect(409);
    expect(again.body.message).toBe('You have already replied to this review; edit your reply instead');
    await http().put(path).set(tokens.educator!).send({ text: 'Thank you, Aarav! Chapter 2 slows down.' }).expect(200);
    await http().post(`/api/reviews/${randomUUID()}/reply`).set(tokens.educator!).send({ text: 'Who?' }).expect(404);
    expect((await counts()).replies).toBe(1);
    const page = await list('', tokens.educator);
    expect(page.isEducator).toBe(true);
    expect(page.reviews[0]!.reply).toMatchObject({ text: 'Thank you, Aarav! Chapter 2 slows down.', educatorName: 'Meera Iyer' });
  });

  it('takes one report per user and one helpful vote per user, never from the author', async () => {
    const [review] = (await list()).reviews;
    await http().post(`/api/reviews/${review!._id}/report`).set(tokens.other!).send({ reason: 'Spoilers' }).expect(201);
    const twice = await http().post(`/api/reviews/${review!._id}/report`).set(tokens.other!).send({}).expect(409);
    expect(twice.body.message).toBe('You have already reported this review');
    await http().post(`/api/reviews/${review!._id}/report`).set(tokens.student!).send({}).expect(403);
    const vote = await http().post(`/api/reviews/${review!._id}/helpful`).set(tokens.other!).expect(201);
    expect(vote.body.helpfulCount).toBe(1);
    await http().post(`/api/reviews/${review!._id}/helpful`).set(tokens.other!).expect(409);
    await http().post(`/api/reviews/${review!._id}/helpful`).set(tokens.student!).expect(403);
    expect(await counts()).toMatchObject({ reports: 1, votes: 1 });
    expect((await list('', tokens.other)).reviews[0]).toMatchObject({ helpfulCount: 1, votedHelpful: true, reported: true });
  });

  it('lets only the course educator hide a review: it leaves the public list, its rating stays in the histogram', async () => {
    const [review] = (await list()).reviews;
    const path = `/api/reviews/${review!._id}/hide`;
    await http().post(path).set(tokens.otherEducator!).send({ hidden: true }).expect(403);
    await http().post(path).set(tokens.other!).send({ hidden: true }).expect(403);
    await http().post(path).set(tokens.educator!).send({ hidden: 'yes' }).expect(400);
    await http().post(path).set(tokens.educator!).send({ hidden: true }).expect(200);
    const hidden = await list();
    expect(hidden.reviews).toEqual([]);
    expect(hidden.histogram['4']).toBe(1);
    expect((await list('', tokens.educator)).reviews[0]).toMatchObject({ _id: review!._id, hidden: true });
    await http().post(`/api/reviews/${review!._id}/helpful`).set(tokens.other!).expect(404);
    await http().post(path).set(tokens.educator!).send({ hidden: false }).expect(200);
    expect((await list()).reviews.map((item) => item._id)).toEqual([review!._id]);
  });

  it("lists reports to the course's educator and the academy without who sent them; the academy hides and shows any review", async () => {
    const [review] = (await list()).reviews;
    const reported = (query: string, token?: Record<string, string>) => {
      const call = http().get(`/api/reviews/reported${query}`);
      return token ? call.set(token) : call;
    };
    expect((await reported(`?courseId=${COURSE}`).expect(401)).body.message).toMatch(/^Sign in/);
    expect((await reported(`?courseId=${COURSE}`, tokens.other).expect(403)).body.message).toBe('Only educator or academy administrator accounts can do this');
    expect((await reported('', tokens.educator).expect(400)).body.message).toBe('courseId is required: choose one of your courses');
    expect((await reported('?courseId=nope', tokens.educator).expect(400)).body.message).toBe('Invalid request: courseId: courseId must be a valid course id');
    expect((await reported(`?courseId=${COURSE}`, tokens.otherEducator).expect(403)).body.message).toBe("Only the course's educator can do this");
    expect((await reported(`?courseId=${randomUUID()}`, tokens.educator).expect(404)).body.message).toBe('Course not found');

    const forEducator = (await reported(`?courseId=${COURSE}`, tokens.educator).expect(200)).body as ReportedReviewsAnswer;
    expect(forEducator.reviews).toEqual([
      {
        _id: review!._id, courseId: COURSE, courseTitle: 'Reviewed Course', userName: 'Aarav Sharma', rating: review!.rating, text: review!.text,
        createdAt: review!.createdAt, hidden: false, reportCount: 1, lastReportedAt: expect.any(String),
        reports: [{ reason: 'Spoilers', reportedAt: forEducator.reviews[0]!.lastReportedAt }],
      },
    ]);
    const answer = JSON.stringify(forEducator);
    expect(answer).not.toContain(demoUsers.otherStudent.sub);
    expect(answer).not.toContain(demoUsers.otherStudent.name);
    // The academy sees every course's reports, and the same review.
    expect(((await reported('', tokens.admin).expect(200)).body as ReportedReviewsAnswer).reviews).toEqual(forEducator.reviews);

    // The academy hides a review of a course that is not theirs, and shows it again; nothing for an unknown review.
    const path = `/api/reviews/${review!._id}/hide`;
    expect((await http().post(`/api/reviews/${randomUUID()}/hide`).set(tokens.admin!).send({ hidden: true }).expect(404)).body.message).toBe('Review not found');
    await http().post(path).set(tokens.admin!).send({ hidden: 'yes' }).expect(400);
    await http().post(path).set(tokens.admin!).send({ hidden: true }).expect(200);
    expect((await list()).reviews).toEqual([]);
    expect(((await reported(`?courseId=${COURSE}`, tokens.educator).expect(200)).body as ReportedReviewsAnswer).reviews[0]).toMatchObject({ hidden: true });
    await http().post(path).set(tokens.admin!).send({ hidden: false }).expect(200);
    expect((await list()).reviews.map((item) => item._id)).toEqual([review!._id]);
    // An administrator moderates; they do not answer for the educator.
    await http().post(`/api/reviews/${review!._id}/reply`).set(tokens.admin!).send({ text: 'Thanks' }).expect(403);
  });

  it('pages newest first and most helpful first with a keyset cursor, and gives the histogram of every rating', async () => {
    // Twelve more reviewers, one review each at known times; reviewer i gets i % 4 helpful votes.
    const reviewers = Array.from({ length: 12 }, (_, i) => ({ ...demoUsers.student, sub: `sandbox|reviewer-${i}`, name: `Reviewer ${i}` }));
    for (const [i, reviewer] of reviewers.entries()) {
      await enrol(reviewer.sub, reviewer.name);
      const token = await as(reviewer);
      await finishLecture(token);
      await write(token, (i % 5) + 1, `Review number ${i}`).expect(200);
      await db().query('UPDATE progress.course_reviews SET created_at = $2 WHERE user_id = $1', [reviewer.sub, `2026-03-01T10:00:${String(i).padStart(2, '0')}.000Z`]);
    }
    await db().query(`UPDATE progress.course_reviews SET created_at = '2026-02-01T00:00:00.000Z' WHERE user_id = $1`, [demoUsers.student.sub]);
    // Two reviews at the same moment: the id breaks the tie without losing or repeating either.
    await db().query(`UPDATE progress.course_reviews SET created_at = '2026-03-01T10:00:05.000Z' WHERE user_id = $1`, ['sandbox|reviewer-6']);
    for (const [i, reviewer] of reviewers.entries()) {
      for (let vote = 0; vote < i % 4; vote += 1) {
        const voter = await as({ ...demoUsers.otherStudent, sub: `sandbox|voter-${vote}` });
        const [row] = await db().query('SELECT id FROM progress.course_reviews WHERE user_id = $1', [reviewer.sub]);
        await http().post(`/api/reviews/${row.id}/helpful`).set(voter).expect(201);
      }
    }
    const walk = async (sort: string) => {
      const seen: CourseReviewsPage['reviews'] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(`?sort=${sort}&limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(page.reviews.length).toBeLessThanOrEqual(5);
        seen.push(...page.reviews);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      return { seen, pages };
    };
    const newest = await walk('newest');
    expect(newest.pages).toBe(3);
    expect(newest.seen).toHaveLength(13);
    expect(new Set(newest.seen.map((review) => review._id)).size).toBe(13);
    const times = newest.seen.map((review) => review.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(newest.seen[0]!.text).toBe('Review number 11');

    const helpful = await walk('helpful');
    expect(new Set(helpful.seen.map((review) => review._id)).size).toBe(13);
    const keys = helpful.seen.map((review) => [review.helpfulCount, review.createdAt] as const);
    for (let i = 1; i < keys.length; i += 1) {
      const [count, time] = keys[i]!;
      const [previousCount, previousTime] = keys[i - 1]!;
      expect(count < previousCount || (count === previousCount && time <= previousTime)).toBe(true);
    }
    expect(helpful.seen[0]).toMatchObject({ helpfulCount: 3, text: 'Review number 11' });

    // Aarav rated 4; reviewer i rated (i % 5) + 1.
    expect((await list()).histogram).toEqual({ '1': 3, '2': 3, '3': 2, '4': 3, '5': 2 });
    await http().get(`/api/reviews/course/${COURSE}?cursor=not-a-cursor`).expect(400);
    await http().get(`/api/reviews/course/${COURSE}?sort=oldest`).expect(400);
    await http().get(`/api/reviews/course/${COURSE}?limit=500`).expect(400);
    await http().get('/api/reviews/course/not-a-course').expect(400);
    await http().get(`/api/reviews/course/${randomUUID()}`).expect(404);
  }, 60_000); // about 70 calls: more than jest's 5 s on a loaded machine
});
