// Test kit of the learner's after-enrolment pages: an enrolled course, a fetch spy standing in for the progress
// service at the network boundary (so the real API client runs), and a router + platform harness.
import type { EnrolledCourse, LearnerProgressData, LectureDto, UserData } from '@academy/contracts';
import type { ReactElement } from 'react';
import { renderLearnerRoutes, type LearnerRenderOptions } from '../../testing/renderLearnerRoutes';

export function lecture(overrides: Partial<LectureDto> = {}): LectureDto {
  return { lectureId: 'l-1', lectureOrder: 1, lectureTitle: 'Welcome', lectureDuration: 20, lectureUrl: null, isPreviewFree: false, notesUrl: null, testUrl: null, ...overrides };
}

export function enrolledCourse(overrides: Partial<EnrolledCourse> = {}): EnrolledCourse {
  return {
    _id: 'course-1',
    courseTitle: 'Algebra Foundations',
    courseThumbnail: '/media/thumbnails/algebra.png',
    coursePrice: 999,
    discount: 10,
    educator: { _id: 'sandbox|educator-meera', name: 'Meera Iyer' },
    createdAt: '2025-01-10T09:00:00.000Z',
    enrolledAt: '2025-02-01T09:00:00.000Z',
    myRating: null,
    lastLectureId: null,
    courseContent: [
      {
        chapterId: 'ch-1', chapterOrder: 1, chapterTitle: 'Getting started',
        chapterContent: [
          lecture({ lectureId: 'l-1', lectureTitle: 'Welcome', lectureDuration: 45, lectureUrl: '/media/videos/welcome.mp4', notesUrl: '/media/notes/welcome.pdf' }),
          lecture({ lectureId: 'l-2', lectureOrder: 2, lectureTitle: 'Expressions', lectureDuration: 20, lectureUrl: 'https://youtu.be/dQw4w9WgXcQ', testUrl: '/media/tests/expr.pdf' }),
        ],
      },
      { chapterId: 'ch-2', chapterOrder: 2, chapterTitle: 'Equations', chapterContent: [lecture({ lectureId: 'l-3', lectureTitle: 'Balancing', lectureDuration: 30, lectureUrl: '/media/videos/balance.mp4' })] },
    ],
    ...overrides,
  };
}

export function progress(overrides: Partial<LearnerProgressData> = {}): LearnerProgressData {
  return { lectureCompleted: [], lastLectureId: null, positions: {}, quizzes: [], assignments: [], ...overrides };
}

export function userData(overrides: Partial<UserData> = {}): UserData {
  return { _id: 'sandbox|student-aarav', name: 'Aarav Sharma', email: 'aarav@demo.academy', imageUrl: '', enrolledCourses: ['course-1'], publicMetadata: { role: 'student' }, ...overrides };
}

export interface FakeRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
  keepalive: boolean;
}
type Reply = { status: number; body: unknown };
export type FakeRoute = (request: FakeRequest) => Reply | undefined;

export const ok = (body: object = {}): Reply => ({ status: 200, body: { success: true, ...body } });
export const failure = (status: number, message: string): Reply => ({ status, body: { success: false, message } });

/** Replaces window.fetch; answers from `routes` (first match wins), 404 otherwise; records every request. */
export function fakeServer(...routes: FakeRoute[]) {
  const requests: FakeRequest[] = [];
  window.fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    const request: FakeRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
      keepalive: init.keepalive === true,
    };
    requests.push(request);
    const reply = routes.map((route) => route(request)).find((candidate) => candidate !== undefined) ?? failure(404, `No route for ${url.pathname}`);
    const text = JSON.stringify(reply.body);
    return { ok: reply.status < 300, status: reply.status, text: async () => text, json: async () => reply.body, blob: async () => new Blob([text]) } as Response;
  }) as unknown as typeof fetch;
  return requests;
}

/** Renders `routes` at `path` with a signed-in user (or signed out), test platform providers and a location probe. */
export function renderAt(path: string, routes: ReactElement, options: LearnerRenderOptions = {}) {
  return renderLearnerRoutes(path, routes, options);
}
