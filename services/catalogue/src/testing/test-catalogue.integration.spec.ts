import type { InternalCourse, InternalQuizAnswer, QuizDefinition } from '@academy/contracts';
import { prepareServiceTestEnvironment, TEST_INTERNAL_TOKEN, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestCatalogue, type TestCatalogue, type TestCourse } from './index.js';

const COURSE = '61111111-1111-4111-8111-111111111110';
const QUIZ = '61111111-1111-4111-8111-111111111119';
const quiz: QuizDefinition = {
  quizId: QUIZ, version: 1, title: 'Check', passMark: 50, attemptLimit: null,
  questions: [{ questionId: 'q1', kind: 'single', prompt: 'Two plus two?', points: 1, explanation: null, choices: [{ text: '4', correct: true }, { text: '5', correct: false }], answer: null, tolerance: null }],
};
const course: TestCourse = {
  _id: COURSE,
  courseTitle: 'Stored through the starter',
  coursePrice: 499.5,
  discount: 10,
  educatorId: 'sandbox|educator-meera',
  createdAt: '2026-01-01T00:00:00.000Z',
  courseContent: [
    {
      chapterId: '61111111-1111-4111-8111-11111111111a', chapterOrder: 1, chapterTitle: 'Basics',
      quiz: { quizId: QUIZ, version: 1, title: 'Check', passMark: 50, attemptLimit: null, questionCount: 1, totalPoints: 1 },
      chapterContent: [
        { lectureId: '61111111-1111-4111-8111-111111111111', lectureOrder: 1, lectureTitle: 'Welcome', lectureDuration: 5, lectureUrl: 'https://media.example.test/w.mp4', isPreviewFree: true, notesUrl: null, testUrl: null },
      ],
    },
  ],
};

describe('startTestCatalogue: the real catalogue app for other services’ tests (real PostgreSQL and Redis)', () => {
  let testEnv: ServiceTestEnvironment;
  let catalogue: TestCatalogue;
  const internal = async <T>(path: string): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${catalogue.url}${path}`, { headers: { 'X-Internal-Token': TEST_INTERNAL_TOKEN } });
    return { status: response.status, body: (await response.json()) as T };
  };

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment();
    catalogue = await startTestCatalogue(testEnv);
  }, 60_000);

  afterAll(async () => {
    await catalogue?.close();
    await testEnv?.teardown();
  });

  it("points the caller's CATALOGUE_URL at the app", () => {
    expect(testEnv.env.CATALOGUE_URL).toBe(catalogue.url);
    expect(process.env.CATALOGUE_URL).toBe(catalogue.url);
  });

  it('stores a course as the internal routes answer it, with its quiz and key, and replaces it by id', async () => {
    await catalogue.putCourses([course], [quiz]);
    const { body } = await internal<{ course: InternalCourse }>(`/internal/courses/${COURSE}`);
    expect(body.course).toEqual({
      ...course,
      courseThumbnail: '',
      educatorName: 'Meera Iyer',
      isPublished: true,
    });
    expect((await internal<InternalQuizAnswer>(`/internal/courses/${COURSE}/quizzes/${QUIZ}`)).body.quiz).toEqual(quiz);

    await catalogue.putCourses([{ ...course, coursePrice: 100, courseContent: [] }]);
    const replaced = await internal<{ course: InternalCourse }>(`/internal/courses/${COURSE}`);
    expect(replaced.body.course).toMatchObject({ coursePrice: 100, courseContent: [] });
    expect((await internal(`/internal/courses/${COURSE}/quizzes/${QUIZ}`)).status).toBe(404);
  });

  it('refuses a chapter that names a quiz it was not given', async () => {
    await expect(catalogue.putCourses([course])).rejects.toThrow(`names quiz ${QUIZ}`);
  });

  it('logs every request it answered, with the parsed body', async () => {
    const before = catalogue.requests.length;
    await fetch(`${catalogue.url}/internal/courses/batch`, {
      method: 'POST',
      headers: { 'X-Internal-Token': TEST_INTERNAL_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [COURSE] }),
    });
    expect(catalogue.requests.slice(before)).toEqual([{ method: 'POST', path: '/internal/courses/batch', status: 200, body: { ids: [COURSE] } }]);
  });

  it('stops once however often it is closed, and answers nothing after', async () => {
    await catalogue.close();
    await catalogue.close();
    await expect(fetch(`${catalogue.url}/health`)).rejects.toThrow();
  });
});
